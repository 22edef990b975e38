import { mrrByCurrency } from "~/domain/billing";
import { payingPlans, subscriberCounts } from "./billing.data.server";
import { billingOn } from "./stripe.server";

/** The admin dashboard's billing figures: subscribers by state and monthly recurring revenue per currency. */
export async function billingFigures() {
  const [counts, paying] = await Promise.all([subscriberCounts(), payingPlans()]);
  return {
    billingOn: billingOn(),
    counts,
    mrr: mrrByCurrency(paying.flatMap((plan) => Array.from({ length: plan.subscribers }, () => plan))),
  };
}
