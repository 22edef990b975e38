import { Form, Link } from "react-router";
import { countOf } from "~/domain/plain-words";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import type { matchLoader } from "./matches.server";
import { MATCHES_PATH } from "./admin-matches";
import {
  COMMUNICATION_OPTIONS,
  COUNTRY_OPTIONS,
  INVESTMENT_OBJECTIVE_OPTIONS,
  NET_WORTH_OPTIONS,
  WEALTH_SOURCE_OPTIONS,
  answerText,
  type Option,
} from "~/domain/vocabulary";
import { dateIn } from "~/platform/ui/format";
import { useAdminTimeZone } from "~/features/admin/shell/admin-time-zone";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { buttonClass } from "~/platform/ui/button";
import { WEIGHTS } from "~/domain/matching-engine";


export type MatchPageData = Awaited<ReturnType<typeof matchLoader>>;

const ANSWERS: { key: string; label: string; options: readonly Option[] }[] = [
  { key: "countryOfResidency", label: "Country of residency", options: COUNTRY_OPTIONS },
  { key: "investmentObjectives", label: "Objectives", options: INVESTMENT_OBJECTIVE_OPTIONS },
  { key: "netWorth", label: "Net worth", options: NET_WORTH_OPTIONS },
  { key: "wealthSource", label: "Sources of wealth", options: WEALTH_SOURCE_OPTIONS },
  { key: "preferredCommunication", label: "Preferred communication", options: COMMUNICATION_OPTIONS },
];


const backLink = "text-sm font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";
const heading = "font-sans text-sm font-semibold uppercase tracking-wider text-slate-600";

function IntentButton({
  intent,
  label,
  pendingLabel,
  variant = "secondary",
  professionalId,
}: {
  intent: string;
  label: string;
  pendingLabel: string;
  variant?: "primary" | "secondary";
  professionalId?: number;
}) {
  const busy = useIsPendingHere({ state: "submitting" });
  const mine = useIsPendingHere({
    state: "submitting",
    formData: professionalId === undefined ? { intent } : { intent, professionalId: String(professionalId) },
  });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {professionalId !== undefined ? <input type="hidden" name="professionalId" value={professionalId} /> : null}
      <button type="submit" className={buttonClass(variant, "px-4 py-2")} disabled={busy}>
        {mine ? pendingLabel : label}
      </button>
    </Form>
  );
}

/** The admin's page for one client's shortlist: their answers, the proposed or released professionals, and what can be done with them. */
export function MatchPage({ data }: { data: MatchPageData }) {
  const { client, status, releasedAt, note, unmatchable, items, excluded, addable, max, roomFor, declines, unverified, confirmRelease } = data;
  const busy = useIsPendingHere({ state: "submitting" });
  const { timeZone } = useAdminTimeZone();
  const editable = status !== "released";
  return (
    <>
      <Link to={MATCHES_PATH} className={backLink}>
        ← All waiting clients
      </Link>
      <div className="mt-4">
        <AdminPageHeader
          title={client.name}
          description={
            status === "released" && releasedAt
              ? `Shortlist released ${dateIn(releasedAt, timeZone)}.`
              : status === "proposed"
                ? `Registered ${dateIn(client.registeredAt, timeZone)}. Proposed shortlist, not yet visible to the client.`
                : `Registered ${dateIn(client.registeredAt, timeZone)}. No shortlist proposed yet.`
          }
          actions={
            editable && !unmatchable ? (
              <div className="flex flex-wrap gap-2">
                <IntentButton
                  intent="recompute"
                  label={status === "proposed" ? "Recompute" : "Compute shortlist"}
                  pendingLabel="Computing…"
                />
                {status === "proposed" && items.length > 0 ? (
                  // A GET form: the confirm step below is a page of its own, so it works without JS.
                  <Form method="get" preventScrollReset>
                    <input type="hidden" name="confirm" value="release" />
                    <button type="submit" className={buttonClass("primary", "px-4 py-2")} disabled={busy}>
                      Release shortlist
                    </button>
                  </Form>
                ) : null}
              </div>
            ) : null
          }
        />
      </div>
      {confirmRelease ? (
        <section
          role="alertdialog"
          aria-labelledby="confirm-release-heading"
          aria-describedby="confirm-release-text"
          className="mt-6 rounded-card border border-gold-400 bg-ivory-50 p-5 sm:p-6"
        >
          <h2 id="confirm-release-heading" className="font-display text-lg text-ink-900">
            Release this shortlist to {client.name}?
          </h2>
          <p id="confirm-release-text" className="mt-1 text-sm text-slate-700">
            They will be emailed and will see these {countOf(items.length, "professional")} with
            the reasons below. Once released, you can still add professionals while it has room; each addition is emailed to them.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Form method="post" action={`${MATCHES_PATH}/${encodeURIComponent(client.userId)}`}>
              <input type="hidden" name="intent" value="release" />
              <input type="hidden" name="confirmed" value="yes" />
              <button type="submit" className={buttonClass("primary", "px-4 py-2")} disabled={busy}>
                {busy ? "Releasing…" : "Yes, release it"}
              </button>
            </Form>
            <Link to={`${MATCHES_PATH}/${encodeURIComponent(client.userId)}`} className={buttonClass("secondary", "px-4 py-2")}>
              Cancel
            </Link>
          </div>
        </section>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="answers-heading" className="self-start rounded-card border border-ink-100 bg-white p-5 sm:p-6">
          <h2 id="answers-heading" className={heading}>
            Client&apos;s answers
          </h2>
          <dl className="mt-3 space-y-3 text-sm">
            <div>
              <dt className="text-slate-600">Email</dt>
              <dd className="text-ink-900 [overflow-wrap:anywhere]">{client.email}</dd>
            </div>
            {ANSWERS.map((a) => (
              <div key={a.key}>
                <dt className="text-slate-600">{a.label}</dt>
                <dd className="text-ink-900">
                  {answerText(client.answers[a.key], a.options) ?? <span className="text-slate-500">Not provided</span>}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="shortlist-heading" className="min-w-0 space-y-4 lg:col-span-2">
          <h2 id="shortlist-heading" className={heading}>
            {status === "released" ? "Released shortlist" : "Proposed shortlist"}
          </h2>
          {unmatchable ? (
            <p className="rounded-card border border-ink-100 bg-white p-5 text-sm">
              These answers cannot be matched (no country or no objective).
            </p>
          ) : null}
          {note ? (
            <p role="status" className="rounded-card border border-gold-400 bg-ivory-50 p-5 text-sm text-ink-900">
              {note}
            </p>
          ) : null}
          <ol className="space-y-4">
            {items.map((item) => (
              <li key={item.id} className="rounded-card border border-ink-100 bg-white p-5 sm:p-6" data-testid="shortlist-item">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-display text-lg text-ink-900">
                    {item.rank}. {item.name}
                  </h3>
                  <p className="text-sm font-semibold text-ink-900">Score {item.score} / 100</p>
                </div>
                <p className="text-sm text-slate-600">{[item.title, item.company].filter(Boolean).join(", ")}</p>
                {item.addedByAdmin ? <p className="mt-1 text-xs font-semibold uppercase tracking-wider text-gold-700">Added by an admin</p> : null}
                {item.warnings.length > 0 ? (
                  <p role="note" className="mt-2 rounded-md border border-danger-700/40 bg-danger-50 px-3 py-2 text-sm text-danger-700">
                    Warning: matching would have left this professional out: {item.warnings.join("; ")}.
                  </p>
                ) : null}
                <h4 className="sr-only">Why {item.name} matches</h4>
                <dl className="mt-3 divide-y divide-ink-100 text-sm">
                  {item.factors.map((f) => (
                    <div key={f.factor} className="grid gap-x-4 gap-y-0.5 py-2 sm:grid-cols-[12rem_5rem_1fr]" data-testid="factor-row">
                      <dt className="flex justify-between gap-3 text-ink-900 sm:contents">
                        <span>
                          {f.label}
                          <span className="block text-xs text-slate-600">weight {WEIGHTS[f.factor]}</span>
                        </span>
                        <span className="whitespace-nowrap font-medium tabular-nums" data-testid="factor-points">
                          {f.counted ? `${f.points} / ${f.maxPoints}` : "—"}
                        </span>
                      </dt>
                      <dd className="text-slate-700">{f.detail}</dd>
                    </div>
                  ))}
                  <div className="grid gap-x-4 py-2 font-semibold text-ink-900 sm:grid-cols-[12rem_5rem_1fr]">
                    <dt>Total</dt>
                    <dd className="tabular-nums" data-testid="factor-total">
                      {item.score} / 100
                    </dd>
                    <dd className="font-normal text-slate-600">
                      {item.scoreNote}
                    </dd>
                  </div>
                </dl>
                {editable ? (
                  <div className="mt-3 flex justify-end">
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="professionalId" value={item.id} />
                      <button type="submit" className={buttonClass("secondary", "px-3 py-1.5 text-sm")} disabled={busy}>
                        Remove<span className="sr-only"> {item.name}</span>
                      </button>
                    </Form>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
          {declines.length > 0 ? (
            <section aria-labelledby="declines-heading" className="rounded-card border border-gold-400 bg-ivory-50 p-5 text-sm sm:p-6" data-testid="client-declines">
              <h3 id="declines-heading" className="font-medium text-ink-900">
                The client said &ldquo;Not for me&rdquo; to
              </h3>
              <ul className="mt-2 space-y-2">
                {declines.map((d) => (
                  <li key={d.id}>
                    <span className="font-medium text-ink-900">{d.name}</span>
                    <span className="text-slate-600"> on {dateIn(d.at, timeZone)}</span>
                    {d.reason ? <span className="block text-slate-700 [overflow-wrap:anywhere]">&ldquo;{d.reason}&rdquo;</span> : <span className="block text-slate-600">No reason given.</span>}
                  </li>
                ))}
              </ul>
              {status === "released" ? <p className="mt-3 text-slate-700">You can add another professional in their place below; the client sees them at once and is emailed.</p> : null}
            </section>
          ) : null}
          {(editable && status === "proposed") || (status === "released" && roomFor > 0) ? (
            items.length >= roomFor ? (
              <p className="rounded-card border border-ink-100 bg-white p-5 text-sm text-slate-700">
                The shortlist holds its most, {max} professionals: remove one to add another.
              </p>
            ) : addable.length > 0 ? (
              <Form method="post" className="rounded-card border border-ink-100 bg-white p-5 sm:p-6">
                <input type="hidden" name="intent" value="add" />
                <label htmlFor="add-professional" className="block text-sm font-medium text-ink-900">
                  Add a verified professional
                </label>
                <p id="add-professional-help" className="mt-1 text-sm text-slate-600">
                  Scored and explained like the others; one per firm, at most {max}.
                  {status === "released" ? " The list is released: the client sees the addition at once and is emailed." : ""}
                </p>
                <div className="mt-3 flex flex-col gap-3 sm:flex-row">
                  <select
                    id="add-professional"
                    name="professionalId"
                    aria-describedby="add-professional-help"
                    className="w-full min-w-0 flex-1 rounded-md border border-ink-200 bg-white px-3 py-2 text-sm text-ink-900"
                    defaultValue=""
                  >
                    <option value="" disabled>
                      Choose a professional
                    </option>
                    {addable.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                        {p.company ? ` (${p.company})` : ""}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className={buttonClass("secondary", "px-4 py-2")} disabled={busy}>
                    Add to shortlist
                  </button>
                </div>
              </Form>
            ) : null
          ) : null}
          {excluded.length > 0 || unverified > 0 ? (
            <details className="rounded-card border border-ink-100 bg-white p-5 text-sm">
              <summary className="cursor-pointer font-medium text-ink-900">
                {countOf(excluded.length, "verified professional")} left out today, and why
              </summary>
              {unverified > 0 ? (
                <p className="mt-3 text-slate-700">
                  Not counted here: {countOf(unverified, "unverified professional")}, whom matching never considers until verified.
                </p>
              ) : null}
              <ul className="mt-3 space-y-1">
                {excluded.map((e) => (
                  <li key={e.id}>
                    <span className="text-ink-900">{e.name}</span>: <span className="text-slate-700">{e.reasons.join("; ")}</span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </section>
      </div>
    </>
  );
}
