import { Link } from "react-router";
import type { ReactNode } from "react";
import type { SiteSettings } from "~/platform/settings";
import { Icon, type IconName } from "~/platform/ui/icons";
import { buttonClass } from "~/platform/ui/button";
import { ContactBlock } from "~/features/marketing/contact-block";
import { SupportHours } from "~/features/marketing/support-hours";
import { HOW_WE_ARE_PAID_PATH, HOW_WE_ARE_PAID_TITLE } from "~/features/matching/how-we-are-paid";

const linkClass = "font-semibold text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

function Point({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-ivory-100 text-gold-700">
        <Icon name={icon} className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <h3 className="font-sans text-base font-semibold text-ink-900">{title}</h3>
        <p className="mt-1 text-[0.9375rem] leading-relaxed text-slate-600">{children}</p>
      </div>
    </li>
  );
}

/**
 * The plan page with billing off (no STRIPE_SECRET_KEY): membership is arranged with our team, not on the
 * site, and matching does not ask about it. How to reach the team: the contact page's details.
 */
export function ArrangedMembership({
  verified,
  contact,
  supportHours,
}: {
  verified: boolean;
  contact: SiteSettings["contact"];
  supportHours: SiteSettings["supportHours"];
}) {
  return (
    <div className="grid gap-8 lg:grid-cols-12">
      <section aria-labelledby="membership-heading" className="rounded-card border border-ink-100 bg-white p-6 sm:p-8 lg:col-span-7">
        <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">Arranged with our team</p>
        <h2 id="membership-heading" className="mt-3 text-2xl font-semibold">
          How membership works
        </h2>
        <ul className="mt-6 space-y-6">
          <Point icon="people" title="A subscription agreed with you directly">
            Membership is a subscription, as for every professional in the network; our team agrees its terms with you
            directly, in writing, while it reviews your profile.
          </Point>
          <Point icon="lock" title="Nothing to pay on this site">
            There is no plan to choose and no card to enter here; this site keeps no payment details.
          </Point>
          <Point icon="scale" title="It never buys a better place">
            What you pay never changes your score or your place on a client&apos;s shortlist; see{" "}
            <Link to={HOW_WE_ARE_PAID_PATH} className={linkClass}>
              {HOW_WE_ARE_PAID_TITLE}
            </Link>
            .
          </Point>
        </ul>
        <p
          className={`mt-8 rounded-md border px-4 py-3 text-[0.9375rem] leading-relaxed ${verified ? "border-success-700/25 bg-success-50 text-success-700" : "border-ink-100 bg-ivory-50 text-ink-800"}`}
          data-testid="membership-standing"
        >
          {verified
            ? "You are verified: clients can be proposed your profile."
            : "Once our team has verified your profile, clients can be proposed it. Your dashboard shows where the review stands."}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <a href={`mailto:${contact.email}?subject=${encodeURIComponent("Membership")}`} className={buttonClass("primary", "sm:px-6")}>
            <Icon name="mail" className="h-4 w-4" />
            Write to our team
          </a>
          <Link to="/contact#send-message" className={buttonClass("secondary", "sm:px-6")}>
            Use the contact form
          </Link>
        </div>
      </section>
      <aside aria-labelledby="reach-heading" className="space-y-6 lg:col-span-5">
        <h2 id="reach-heading" className="sr-only">
          How to reach our team
        </h2>
        <ContactBlock contact={contact} />
        <SupportHours hours={supportHours} />
      </aside>
    </div>
  );
}
