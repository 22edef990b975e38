import { Link } from "react-router";
import { Icon } from "~/platform/ui/icons";
import { shortDate } from "~/platform/ui/format";
import type { VerificationState } from "~/domain/vetting";

export type VerificationNoticeView = { state: VerificationState; expiresAt: string | null; registrations: number; underReview: string[] };

const linkClass = "font-semibold text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

/**
 * Whether the notice has something the onboarding checklist does not say: a verification ending or ended,
 * or a change in a register's record under review.
 */
export const vettingNeedsWord = (view: VerificationNoticeView) => view.state === "renewal-due" || view.state === "expired" || view.underReview.length > 0;

/**
 * The professional's home: their registrations (how many, where to add them) and, in a verification's
 * last 30 days or after it ended, that it must be renewed.
 */
export function VerificationNotice({ view }: { view: VerificationNoticeView }) {
  const due = view.state === "renewal-due" || view.state === "expired" || view.underReview.length > 0;
  return (
    <section
      aria-labelledby="vetting-heading"
      className={`rounded-card border p-6 sm:p-8 ${due ? "border-warning-700/30 bg-warning-50" : "border-ink-100 bg-white"}`}
    >
      <h2 id="vetting-heading" className="flex items-center gap-2 text-xl font-semibold">
        <Icon name="shield" className="h-5 w-5 text-gold-600" />
        {view.state === "expired" ? "Your verification has ended" : view.state === "renewal-due" ? "Your verification ends soon" : "Registrations and vetting"}
      </h2>
      {due && view.expiresAt ? (
        <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-800" data-testid="verification-renewal">
          {view.state === "expired"
            ? `Your verification ended on ${shortDate(view.expiresAt)}: you are not proposed to clients until our team has vetted your profile again.`
            : `Your verification ends on ${shortDate(view.expiresAt)}. After that date you are not proposed to clients until our team has vetted your profile again; please keep your registrations and fee schedule up to date.`}
        </p>
      ) : view.state === "current" && view.expiresAt ? (
        <p className="mt-2 text-[0.9375rem] leading-relaxed text-slate-600">Verified until {shortDate(view.expiresAt)}. We vet every profile again each year.</p>
      ) : (
        <p className="mt-2 text-[0.9375rem] leading-relaxed text-slate-600">Our team checks your registrations on the public registers before verifying you.</p>
      )}
      {view.underReview.length ? (
        <div className="mt-3 text-[0.9375rem] leading-relaxed text-ink-800" data-testid="register-review">
          <p className="font-semibold text-ink-900">A change in your regulator&apos;s record is under review</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {view.underReview.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-1">
            Until our team has reviewed it you are not proposed on new shortlists; your open introductions stay as they are. If the record is wrong, reply to our e-mail.
          </p>
        </div>
      ) : null}
      <p className="mt-3 text-[0.9375rem]">
        {view.registrations === 0 ? "No regulator registration recorded yet. " : `${view.registrations} regulator registration${view.registrations === 1 ? "" : "s"} on your profile. `}
        <Link to="/professional-dashboard/registrations" className={linkClass}>
          {view.registrations === 0 ? "Add your registrations" : "Manage your registrations"}
        </Link>
      </p>
    </section>
  );
}
