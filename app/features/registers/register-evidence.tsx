import { Form } from "react-router";
import { countOf, plural } from "~/domain/plain-words";
import { LocalTime } from "~/platform/ui/local-time";
import { useAdminTimeZone } from "~/features/admin/shell/admin-time-zone";
import type { AlertView, RegisterCheckView } from "./vetting-registers.server";

export type RegisterEvidenceView = {
  checks: RegisterCheckView[];
  automatic: boolean;
  alerts: AlertView[];
  openIntroductions: number;
  exemption: string | null;
};

const small = "rounded-md border border-ink-200 bg-white px-3 py-1.5 text-xs font-semibold text-ink-900 hover:bg-ivory-200";
const input = "mt-1 block w-full rounded-md border border-ink-200 bg-white px-3 py-2 text-sm text-ink-900 focus:border-gold-500 focus:outline-none focus:ring-2 focus:ring-gold-400";

/** Each registration with what its register's record says, or that it is looked up by hand. */
export function RegisterEvidence({ view, error }: { view: RegisterEvidenceView; error?: string }) {
  return (
    <div className="space-y-3">
      {view.checks.length ? (
        <ul className="space-y-3">
          {view.checks.map((c) => (
            <li key={c.register} className="rounded-md border border-ink-100 px-3 py-2.5 text-sm">
              <p className="font-semibold text-ink-900">
                {c.registerName} <span className="font-mono font-normal [overflow-wrap:anywhere]">{c.number}</span>
              </p>
              {c.automatic ? (
                <>
                  {c.line ? <p className="mt-1 text-slate-600">{c.line}.</p> : null}
                  {c.differences.length ? (
                    <ul className="mt-1 list-disc space-y-0.5 pl-5 text-warning-700">
                      {c.differences.map((d) => (
                        <li key={d}>{d}</li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-1 text-success-700">The record confirms the number, the name, a current registration and the firm.</p>
                  )}
                </>
              ) : (
                <p className="mt-1 text-slate-600">No public records of this register are imported: look it up by hand.</p>
              )}
              <a href={c.href} target="_blank" rel="noopener noreferrer" className="mt-1 inline-block font-medium text-ink-900 underline decoration-gold-400 underline-offset-4">
                Open the public record<span className="sr-only"> of {c.number} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-warning-700">No registration recorded: the professional adds theirs on their dashboard, or record below why none applies.</p>
      )}
      <details className="rounded-md border border-ink-100 px-3 py-2 text-sm" open={Boolean(error) || (!view.checks.length && !view.exemption)}>
        <summary className="cursor-pointer font-semibold text-ink-900">
          {view.exemption ? "Why no registration applies (clients read this)" : "No registration applies?"}
        </summary>
        <Form method="post" className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="exemption" />
          <label htmlFor="exemption-reason" className="block text-slate-600">
            The reason, as clients read it beside the Verified badge (empty removes it)
          </label>
          <textarea
            id="exemption-reason"
            name="reason"
            rows={2}
            maxLength={300}
            defaultValue={view.exemption ?? ""}
            className={input}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "exemption-error" : undefined}
          />
          {error ? (
            <p id="exemption-error" className="text-sm text-danger-700">
              {error}
            </p>
          ) : null}
          <button type="submit" className={small}>
            Save the reason
          </button>
        </Form>
      </details>
    </div>
  );
}

/** The changes in a verified professional's records that wait for a decision. */
export function RegisterAlerts({ view, error }: { view: RegisterEvidenceView; error?: string }) {
  const { timeZone } = useAdminTimeZone();
  if (!view.alerts.length) return null;
  return (
    <section aria-labelledby="register-changes-heading" className="rounded-card border border-danger-700/30 bg-danger-50 p-5 sm:p-6">
      <h2 id="register-changes-heading" className="text-xl font-semibold text-danger-700">
        Register changes to decide
      </h2>
      <p className="mt-1 text-sm text-ink-900">
        Paused from new shortlists until you decide.{" "}
        {view.openIntroductions
          ? `${countOf(view.openIntroductions, "open introduction")} ${plural(view.openIntroductions, "stays", "stay")} open either way; the clients' shortlist cards say what changed once you decide.`
          : "No open introductions."}
      </p>
      {error ? <p className="mt-2 text-sm font-semibold text-danger-700">{error}</p> : null}
      <ul className="mt-4 space-y-4">
        {view.alerts.map((a) => (
          <li key={a.id} className="rounded-md border border-ink-100 bg-white p-4 text-sm">
            <p className="font-semibold text-ink-900">
              {a.registerName} <span className="font-mono font-normal">{a.number}</span>
            </p>
            <p className="mt-1 text-ink-900">{a.what}</p>
            <p className="mt-1 text-xs text-slate-600">Raised <LocalTime iso={a.raisedAt} zone={timeZone} /></p>
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="alertId" value={a.id} />
              <label htmlFor={`alert-note-${a.id}`} className="block text-slate-600">
                A note for the client and the professional (optional)
              </label>
              <textarea id={`alert-note-${a.id}`} name="note" rows={2} maxLength={500} className={input} />
              <div className="flex flex-wrap gap-2">
                <button type="submit" name="intent" value="clear-alert" className={small}>
                  Keep them verified
                </button>
                <button type="submit" name="intent" value="end-alert" className={`${small} text-danger-700 hover:bg-danger-50`}>
                  End their verification
                </button>
              </div>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
