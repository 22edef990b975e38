/**
 * Plans and subscriptions of professionals (docs/decisions/041-billing.md): the words the database
 * stores and the rules that need no database. Stripe is the source of truth for a subscription; the
 * app keeps only its state, plan, period end and customer id (never card data).
 */

export const PLAN_INTERVALS = ["monthly", "yearly"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/** The currencies a plan may be priced in (the countries the site serves), lower case as Stripe writes them. */
export const PLAN_CURRENCIES = ["usd", "gbp", "cad", "chf", "sgd", "aud", "eur"] as const;
export type PlanCurrency = (typeof PLAN_CURRENCIES)[number];

/**
 * A subscription's state as the app reads it. Stripe's eight statuses fold into four: paying (`active`,
 * trials included), a payment failed and Stripe is retrying (`past_due`), ended (`canceled`), and
 * checkout not finished (`incomplete`).
 */
export const SUBSCRIPTION_STATES = ["active", "past_due", "canceled", "incomplete"] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionState, string> = {
  active: "Active",
  past_due: "Payment failed",
  canceled: "Canceled",
  incomplete: "Not completed",
};

/** Stripe's subscription status in the app's words; an unknown future status counts as not paying. */
export function stateOfStripeStatus(status: string): SubscriptionState {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "canceled";
    default:
      return "incomplete";
  }
}

/**
 * When the grace period started, after a change of state: it starts at the first failed payment and
 * is kept while Stripe retries; paying again clears it. A canceled subscription has none to offer.
 */
export function lapsedSince(previous: { state: SubscriptionState; lapsedAt: Date | null } | null, next: SubscriptionState, now: Date): Date | null {
  if (next !== "past_due") return null;
  return previous?.state === "past_due" && previous.lapsedAt ? previous.lapsedAt : now;
}

const DAY_MS = 86_400_000;

/**
 * Whether a subscription lets its professional be proposed to clients: paying, or a payment failed
 * less than `graceDays` days ago. Ended, unfinished or without a subscription: no.
 */
export function isInGoodStanding(
  subscription: { state: SubscriptionState; lapsedAt: Date | null } | null,
  graceDays: number,
  now: Date,
): boolean {
  if (!subscription) return false;
  if (subscription.state === "active") return true;
  if (subscription.state !== "past_due" || !subscription.lapsedAt) return false;
  return now.getTime() < graceEndsAt(subscription.lapsedAt, graceDays).getTime();
}

/** The moment a grace period that started at `lapsedAt` ends. */
export function graceEndsAt(lapsedAt: Date, graceDays: number): Date {
  return new Date(lapsedAt.getTime() + graceDays * DAY_MS);
}

/** A plan's monthly recurring revenue in minor units: a yearly price counts a twelfth a month. */
export function monthlyMinor(plan: { amountMinor: number; interval: PlanInterval }): number {
  return plan.interval === "yearly" ? plan.amountMinor / 12 : plan.amountMinor;
}

/** Monthly recurring revenue per currency, in whole minor units, from the paying subscriptions' plans. */
export function mrrByCurrency(paying: readonly { amountMinor: number; interval: PlanInterval; currency: string }[]): { currency: string; minor: number }[] {
  const sums = new Map<string, number>();
  for (const plan of paying) sums.set(plan.currency, (sums.get(plan.currency) ?? 0) + monthlyMinor(plan));
  return [...sums.entries()]
    .map(([currency, minor]) => ({ currency, minor: Math.round(minor) }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Currencies whose smallest unit is the main one (none of PLAN_CURRENCIES today, kept for safety). */
const ZERO_DECIMAL = new Set(["jpy", "krw"]);

/** "$1,250.00", "£99.00": a price in minor units as people read it. */
export function formatMoney(minor: number, currency: string): string {
  const digits = ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(digits ? minor / 100 : minor);
}

export function intervalLabel(interval: PlanInterval): string {
  return interval === "yearly" ? "per year" : "per month";
}

/** The median of some durations (ms), or null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** "3 hours", "2 days": a duration rounded to the unit people would say. */
export function humanDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${Math.max(minutes, 1)} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.round(hours / 24);
  return `${days} days`;
}
