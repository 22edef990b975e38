import { formatMoney, graceEndsAt, isInGoodStanding } from "~/domain/billing";
import { listPlans, subscriptionOf } from "./billing.data.server";
import { graceDays } from "./billing-settings.server";
import { billingOn } from "./stripe.server";

export type PlanStatus = {
  state: "none" | "active" | "past_due" | "canceled" | "incomplete";
  plan: { name: string; price: string } | null;
  currentPeriodEnd: string | null;
  /** While a failed payment is retried: when the grace period ends. */
  graceEndsAt: string | null;
  /** Whether clients are proposed this professional as things stand (billing on). */
  inMatching: boolean;
  /** A customer exists at Stripe: the portal can be opened. */
  canManage: boolean;
};

/** The plan card of a professional's home page and plan page; null when billing is off. */
export async function planStatusOf(professionalId: number, now = new Date()): Promise<PlanStatus | null> {
  if (!billingOn()) return null;
  const [subscription, grace] = await Promise.all([subscriptionOf(professionalId), graceDays()]);
  return {
    state: subscription?.state ?? "none",
    plan: subscription?.plan ? { name: subscription.plan.name, price: priceLabel(subscription.plan) } : null,
    currentPeriodEnd: subscription?.currentPeriodEnd?.toISOString() ?? null,
    graceEndsAt: subscription?.state === "past_due" && subscription.lapsedAt ? graceEndsAt(subscription.lapsedAt, grace).toISOString() : null,
    inMatching: isInGoodStanding(subscription, grace, now),
    canManage: Boolean(subscription?.stripeCustomerId),
  };
}

const priceLabel = (p: { amountMinor: number; currency: string; interval: "monthly" | "yearly" }) =>
  `${formatMoney(p.amountMinor, p.currency)} ${p.interval === "yearly" ? "a year" : "a month"}`;

/** The plans offered (active, priced in Stripe), as a professional chooses among them. */
export async function offeredPlans() {
  const plans = await listPlans({ activeOnly: true });
  return plans.map((p) => ({ id: p.id, name: p.name, price: priceLabel(p), interval: p.interval, buyable: p.stripePriceId !== null }));
}

/** /professionals: the plans offered and their prices (public; a change to plans refreshes the page cache). */
export async function publicPlansLoader() {
  return { plans: await offeredPlans() };
}

/** /how-we-are-paid: whether subscriptions are taken here (billing on) or membership is arranged with our team. */
export function billingSetupLoader() {
  return { billing: billingOn() };
}
