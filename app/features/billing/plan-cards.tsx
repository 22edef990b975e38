import { Form, Link } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { Button, buttonClass } from "~/platform/ui/button";
import { FormAlert } from "~/platform/ui/field";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { SUBSCRIPTION_STATE_LABELS } from "~/domain/billing";
import type { PlanStatus } from "./plan-status.server";

const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const day = (iso: string) => LONG_DATE.format(new Date(iso));

export type OfferedPlan = { id: number; name: string; price: string; interval: "monthly" | "yearly"; buyable: boolean };

function stateLabel(status: PlanStatus): string {
  return status.state === "none" ? "No plan" : SUBSCRIPTION_STATE_LABELS[status.state];
}

function stateLine(status: PlanStatus): string {
  switch (status.state) {
    case "active":
      return status.currentPeriodEnd ? `Renews on ${day(status.currentPeriodEnd)}. Clients can be proposed your profile.` : "Clients can be proposed your profile.";
    case "past_due":
      return status.inMatching && status.graceEndsAt
        ? `Your last payment failed. You stay in matching until ${day(status.graceEndsAt)} while it is retried: update your card in the billing portal.`
        : "Your last payment failed, so clients are no longer proposed your profile. Update your card in the billing portal.";
    case "canceled":
      return "Your plan has ended, so clients are no longer proposed your profile. Choose a plan to return to matching.";
    case "incomplete":
      return "Checkout was not completed. Choose a plan to start.";
    default:
      return "Clients are proposed verified professionals with a plan. Choose one to join matching.";
  }
}

const TONES = { active: "text-success-700", past_due: "text-warning-700", canceled: "text-danger-700", incomplete: "text-slate-700", none: "text-slate-700" } as const;

/** The home page's plan card: the plan, its state, whether clients are proposed the professional. */
export function PlanStatusCard({ status }: { status: PlanStatus }) {
  return (
    <section aria-labelledby="plan-heading" className="rounded-card border border-ink-100 bg-white p-6 sm:p-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="plan-heading" className="text-xl font-semibold">
          Your plan
        </h2>
        <p className={`text-sm font-semibold ${TONES[status.state]}`}>{stateLabel(status)}</p>
      </div>
      {status.plan ? (
        <p className="mt-2 font-serif text-lg text-ink-900">
          {status.plan.name} <span className="text-base text-slate-600">· {status.plan.price}</span>
        </p>
      ) : null}
      <p className="mt-2 max-w-2xl text-[0.9375rem] leading-relaxed text-slate-600">{stateLine(status)}</p>
      <Link to="/professional-dashboard/plan" className={buttonClass("secondary", "mt-5")}>
        {status.state === "none" || status.state === "canceled" || status.state === "incomplete" ? "Choose a plan" : "Plan and billing"}
      </Link>
    </section>
  );
}

/** The plan page: the offered plans with a 'Choose' button each, or the portal once subscribed. */
export function PlanChooser({ plans, status, verified, lastResult }: { plans: OfferedPlan[]; status: PlanStatus; verified: boolean; lastResult?: SubmissionResult<string[]> | null }) {
  const subscribed = status.state === "active" || status.state === "past_due";
  const choosing = useIsPendingHere({ formData: { intent: "subscribe" } });
  const opening = useIsPendingHere({ formData: { intent: "portal" } });
  const errors = lastResult?.error?.[""] ?? lastResult?.error?.planId ?? null;
  return (
    <div className="space-y-6">
      {errors?.length ? <FormAlert title="Nothing was changed">{errors.join(" ")}</FormAlert> : null}
      {!verified ? (
        <p className="rounded-card border border-warning-700/30 bg-warning-50 px-5 py-4 text-sm text-warning-700">
          Plans open once our team has verified your profile. You can read them here meanwhile.
        </p>
      ) : null}
      {plans.length === 0 ? (
        <p className="rounded-card border border-dashed border-ink-200 bg-white px-6 py-10 text-center text-sm text-ink-800">No plans are offered just now. Please contact our team.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {plans.map((plan) => {
            const current = subscribed && status.plan?.name === plan.name;
            return (
              <li key={plan.id} className={`flex flex-col rounded-card border bg-white p-6 ${current ? "border-gold-400" : "border-ink-100"}`}>
                <h3 className="text-lg font-semibold">{plan.name}</h3>
                <p className="mt-2 font-serif text-2xl font-semibold text-ink-900">{plan.price}</p>
                <p className="mt-1 text-sm text-slate-600">Billed {plan.interval === "yearly" ? "yearly" : "monthly"}; cancel at any time in the billing portal.</p>
                <div className="mt-auto pt-5">
                  {current ? (
                    <p className="text-sm font-semibold text-success-700">Your current plan</p>
                  ) : verified && !subscribed && plan.buyable ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="subscribe" />
                      <input type="hidden" name="planId" value={plan.id} />
                      <Button type="submit" className="w-full" disabled={choosing} aria-label={`Choose ${plan.name}`}>
                        {choosing ? "Opening checkout..." : "Choose this plan"}
                      </Button>
                    </Form>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {status.canManage ? (
        <Form method="post" className="rounded-card border border-ink-100 bg-ivory-50 p-6">
          <h2 className="text-lg font-semibold">Card, plan and cancellation</h2>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">Stripe&apos;s billing portal keeps your card and invoices; we never see your card.</p>
          <input type="hidden" name="intent" value="portal" />
          <Button type="submit" variant="secondary" className="mt-4" disabled={opening}>
            {opening ? "Opening..." : "Manage billing"}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** /professionals: the offered plans and their prices, for a professional deciding to apply. */
export function PublicPlans({ plans }: { plans: OfferedPlan[] }) {
  if (!plans.length) return null;
  return (
    <section aria-labelledby="pricing-heading" className="border-t border-ink-100 bg-white">
      <div className="mx-auto max-w-6xl px-6 py-14 sm:py-20">
        <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">Membership</p>
        <h2 id="pricing-heading" className="mt-3 text-3xl font-semibold sm:text-4xl">
          Plans and pricing
        </h2>
        <p className="mt-3 max-w-2xl leading-relaxed text-slate-600">
          Verified professionals subscribe to be proposed to matched clients. No lead fees, no commission on the relationships you build; cancel at any time.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {plans.map((plan) => (
            <li key={plan.id} className="rounded-card border border-ink-100 bg-ivory-50 p-6">
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              <p data-plan-price className="mt-2 font-serif text-3xl font-semibold text-ink-900">{plan.price}</p>
              <p className="mt-1 text-sm text-slate-600">Billed {plan.interval === "yearly" ? "yearly" : "monthly"}, after verification.</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export type ActivityView = {
  shortlisted: number;
  introductionsAsked: number;
  accepted: number;
  medianAnswer: string | null;
  callsBooked: number;
  callsHeld: number;
};

/** The home page's last 90 days, in six figures. */
export function ActivityCard({ figures }: { figures: ActivityView }) {
  const items: [string, string][] = [
    ["Times shortlisted", String(figures.shortlisted)],
    ["Introductions asked", String(figures.introductionsAsked)],
    ["Accepted", String(figures.accepted)],
    ["Median time to answer", figures.medianAnswer ?? "—"],
    ["Calls booked", String(figures.callsBooked)],
    ["Calls held", String(figures.callsHeld)],
  ];
  return (
    <section aria-labelledby="activity-heading" className="rounded-card border border-ink-100 bg-white p-6 sm:p-8">
      <h2 id="activity-heading" className="text-xl font-semibold">
        Your last 90 days
      </h2>
      <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-5 sm:grid-cols-3">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold uppercase tracking-[0.12em] text-slate-600">{label}</dt>
            <dd className="mt-1 font-serif text-2xl font-semibold text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
