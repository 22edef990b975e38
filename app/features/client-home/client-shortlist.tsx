import { Form } from "react-router";
import { useIsPending } from "~/platform/ui/use-is-pending";
import type { ClientShortlistEntry } from "~/features/introductions/introductions.data.server";
import { buttonClass } from "~/platform/ui/button";

const STATUS_TEXT: Record<NonNullable<ClientShortlistEntry["introduction"]>, string> = {
  requested: "Introduction requested: waiting for their answer.",
  accepted: "Introduction accepted: they will contact you the way you prefer.",
  declined: "They declined this introduction.",
  withdrawn: "You withdrew your request. They no longer see your details.",
  ended: "This introduction has ended.",
};

function IntroductionForm({ entry, confirmed }: { entry: ClientShortlistEntry; confirmed: boolean }) {
  const busy = useIsPending({ state: "submitting" });
  const pending = useIsPending({ state: "submitting", formData: { professionalId: String(entry.id) } });
  const status = entry.introduction;
  const canRequest = status === null || status === "withdrawn";
  const canWithdraw = status === "requested" || status === "accepted";
  if (!canRequest && !canWithdraw) return null;
  // The server refuses too (requestIntroduction); this says why before anyone presses a button.
  if (canRequest && !confirmed) {
    return (
      <p className="mt-5 text-[0.9375rem] text-slate-600" data-testid="confirm-first">
        Confirm your email address to ask for an introduction: use the link we sent you.
      </p>
    );
  }
  return (
    <Form method="post" className="mt-5">
      <input type="hidden" name="professionalId" value={entry.id} />
      {canRequest ? (
        <button type="submit" name="intent" value="request" className={buttonClass("primary", "w-full py-2.5 sm:w-auto sm:px-6")} disabled={busy}>
          {pending ? "Requesting…" : "Request introduction"}
          <span className="sr-only"> to {entry.name}</span>
        </button>
      ) : (
        <button type="submit" name="intent" value="withdraw" className={buttonClass("secondary", "w-full py-2.5 sm:w-auto sm:px-6")} disabled={busy}>
          {pending ? "Withdrawing…" : status === "accepted" ? "Withdraw introduction" : "Withdraw request"}
          <span className="sr-only"> to {entry.name}</span>
        </button>
      )}
    </Form>
  );
}

/** The client's released shortlist: who, why in plain words, and the introduction each one needs first. */
export function ClientShortlist({ entries, confirmed }: { entries: ClientShortlistEntry[]; confirmed: boolean }) {
  return (
    <ol className="space-y-5">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-card border border-ink-100 bg-white p-6 sm:p-7" data-testid="client-shortlist-item">
          <h3 className="text-xl font-semibold text-ink-900">{entry.name}</h3>
          <p className="mt-1 text-[0.9375rem] text-slate-600">{[entry.title, entry.company].filter(Boolean).join(", ")}</p>
          {entry.reasons.length > 0 ? (
            <>
              <h4 className="mt-5 font-sans text-xs font-semibold uppercase tracking-[0.14em] text-gold-700">Why they fit you</h4>
              <ul className="mt-2 space-y-1.5 text-[0.9375rem] leading-relaxed text-ink-800">
                {entry.reasons.map((reason) => (
                  <li key={reason} className="flex gap-2">
                    <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-gold-400" />
                    {reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {entry.caveats.length > 0 ? (
            <>
              <h4 className="mt-4 font-sans text-xs font-semibold uppercase tracking-[0.14em] text-slate-600">Worth knowing</h4>
              <ul className="mt-2 space-y-1.5 text-[0.9375rem] leading-relaxed text-slate-600">
                {entry.caveats.map((caveat) => (
                  <li key={caveat}>{caveat}</li>
                ))}
              </ul>
            </>
          ) : null}
          {entry.introduction ? (
            <p role="status" className="mt-5 text-[0.9375rem] font-medium text-ink-900" data-testid="introduction-status">
              {STATUS_TEXT[entry.introduction]}
            </p>
          ) : null}
          <IntroductionForm entry={entry} confirmed={confirmed} />
        </li>
      ))}
    </ol>
  );
}
