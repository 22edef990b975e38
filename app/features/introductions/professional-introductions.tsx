import { Form, Link } from "react-router";
import { Pagination } from "~/platform/ui/pagination";
import { AnchoredFlash } from "~/platform/ui/flash-message";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import type { ProfessionalIntroduction } from "~/features/introductions/introductions.data.server";
import { buttonClass } from "~/platform/ui/button";

const dateText = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));

/**
 * The client's address or number once accepted; before, where it will be (the client was told a request
 * shows how they prefer to be contacted, not how to reach them).
 */
function ContactDetail({ detail }: { detail: string | null }) {
  return detail ? (
    <div>
      <dt className="text-slate-600">Reach them at</dt>
      <dd className="text-ink-900 [overflow-wrap:anywhere]">{detail}</dd>
    </div>
  ) : (
    <div>
      <dt className="text-slate-600">Their e-mail or phone</dt>
      <dd className="text-slate-600" data-testid="contact-after-accepting">
        Shown once you accept
      </dd>
    </div>
  );
}

function Answer({ intro }: { intro: ProfessionalIntroduction }) {
  const busy = useIsPendingHere({ state: "submitting" });
  const introductionId = String(intro.id);
  const accepting = useIsPendingHere({ state: "submitting", formData: { introductionId, intent: "accept" } });
  const declining = useIsPendingHere({ state: "submitting", formData: { introductionId, intent: "decline" } });
  return (
    <Form method="post" className="mt-4 flex flex-col gap-2 sm:flex-row">
      <input type="hidden" name="introductionId" value={intro.id} />
      <button type="submit" name="intent" value="accept" className={buttonClass("primary", "py-2.5 sm:px-6")} disabled={busy}>
        {accepting ? "Accepting…" : "Accept"}
        <span className="sr-only"> the introduction to {intro.name}</span>
      </button>
      <button type="submit" name="intent" value="decline" className={buttonClass("secondary", "py-2.5 sm:px-6")} disabled={busy}>
        {declining ? "Declining…" : "Decline"}
        <span className="sr-only"> the introduction to {intro.name}</span>
      </button>
    </Form>
  );
}

/** 'Introductions' on the dashboard: only clients who asked to be introduced to this professional. */
export function ProfessionalIntroductions({
  rows,
  total,
  hidden = false,
  page,
  pageCount,
}: {
  rows: ProfessionalIntroduction[];
  total: number;
  /** Their e-mail address is not confirmed yet: they learn how many asked, never who. */
  hidden?: boolean;
  page: number;
  pageCount: number;
}) {
  return (
    <section id="introductions" aria-labelledby="introductions-heading" className="scroll-mt-24">
      <h2 id="introductions-heading" className="text-2xl font-semibold">
        Introductions
      </h2>
      <AnchoredFlash anchor="introductions" className="mt-4" />
      <p className="mt-2 max-w-2xl text-[0.9375rem] leading-relaxed text-slate-600">
        Clients who asked WealthMatch to introduce them to you. You see a client only after they ask; if they withdraw,
        they leave this list.
      </p>
      {hidden && total > 0 ? (
        <p className="mt-5 rounded-card border border-gold-300 bg-ivory-50 p-6 text-[0.9375rem] text-ink-900" data-testid="introductions-hidden">
          {total === 1 ? "A client has" : `${total} clients have`} asked to be introduced to you. Confirm your email address
          with the link we sent you to see who they are and to answer.
        </p>
      ) : total === 0 ? (
        <p className="mt-5 rounded-card border border-dashed border-ink-200 bg-white p-6 text-[0.9375rem] text-slate-600">
          No introductions yet. When a client on whose shortlist you appear asks to meet you, they will appear here and we
          will email you.
        </p>
      ) : (
        <ul className="mt-5 space-y-4">
          {rows.map((intro) =>
            intro.status === "ended" ? (
              <li key={intro.id} className="rounded-card border border-dashed border-ink-200 bg-white p-6" data-testid="introduction">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="text-lg font-semibold text-slate-600">{intro.name}</h3>
                  <p className="text-sm text-slate-600">Ended · asked {dateText(intro.requestedAt)}</p>
                </div>
                <p className="mt-2 text-[0.9375rem] text-slate-600">The introduction has ended; their details and their messages are no longer shown.</p>
              </li>
            ) : (
              <li key={intro.id} className="rounded-card border border-ink-100 bg-white p-6" data-testid="introduction">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="text-lg font-semibold text-ink-900 [overflow-wrap:anywhere]">
                    <Link to={`/introductions/${intro.id}`} className="underline decoration-gold-400 underline-offset-4 hover:text-gold-700">
                      {intro.name}
                    </Link>
                  </h3>
                  <p className="text-sm text-slate-600">
                    {intro.status === "accepted" ? "Accepted" : "Awaiting your answer"} · asked {dateText(intro.requestedAt)}
                  </p>
                </div>
                <dl className="mt-3 grid gap-x-6 gap-y-2 text-[0.9375rem] sm:grid-cols-2">
                  <div>
                    <dt className="text-slate-600">Objectives</dt>
                    <dd className="text-ink-900">{intro.objectives.length ? intro.objectives.join(", ") : "Not stated"}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Net worth</dt>
                    <dd className="text-ink-900">{intro.netWorth ?? "Not stated"}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Preferred contact</dt>
                    <dd className="text-ink-900">{intro.preferredContact}</dd>
                  </div>
                  <ContactDetail detail={intro.contactDetail} />
                </dl>
                {intro.status === "requested" ? (
                  <Answer intro={intro} />
                ) : (
                  <Link to={`/introductions/${intro.id}`} className={buttonClass("secondary", "mt-4 py-2.5 sm:px-6")}>
                    Open the introduction and messages<span className="sr-only"> with {intro.name}</span>
                  </Link>
                )}
              </li>
            ),
          )}
        </ul>
      )}
      {hidden ? null : <Pagination look="inline" label="Introduction pages" page={page} pageCount={pageCount} href={(n) => `?page=${n}#introductions`} counter />}
    </section>
  );
}
