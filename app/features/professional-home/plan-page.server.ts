import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireUser } from "~/features/auth/permissions.server";
import { findOwnProfessional } from "~/features/professionals/own-professional.data.server";
import { readFormData } from "~/platform/http/form-data.server";
import { mailLinkOrigin } from "~/platform/site-url.server";
import { audit } from "~/platform/audit.server";
import { planById, storeCustomer, subscriptionOf } from "~/features/billing/billing.data.server";
import { PlanChoiceSchema } from "~/features/billing/plan-schema";
import { offeredPlans, planStatusOf } from "~/features/billing/plan-status.server";
import { billingOn, stripeClient } from "~/features/billing/stripe.server";
import { pageUrl } from "~/platform/http/page-url.server";
import { getSettings } from "~/platform/settings.server";
import { PLAN_PATH } from "./onboarding";
import { logFor } from "~/platform/log.server";

const log = logFor("billing");

const notFound = () => data({ error: "Not found" }, { status: 404 });

/** The linked professional's entry; anyone else gets a 404, as for any page they may not see. */
async function requireLinkedEntry(request: Request) {
  const user = await requireUser(request);
  const own = await findOwnProfessional(user);
  if (!own?.editable || own.row.deletedAt) throw notFound();
  return { user, row: own.row };
}

/** Choosing a plan needs billing on; with it off there is nothing to post here. */
async function requirePayingSide(request: Request) {
  if (!billingOn()) throw notFound();
  return requireLinkedEntry(request);
}

/**
 * Billing on: the plan, its state and the plans offered. Billing off (no STRIPE_SECRET_KEY): membership is
 * arranged with our team, so the page says so and how to reach them (the contact page's details).
 */
export async function planPageLoader(request: Request) {
  const { row } = await requireLinkedEntry(request);
  if (!billingOn()) {
    const { contact, supportHours } = await getSettings();
    return { billing: false as const, verified: row.verified, contact, supportHours };
  }
  const checkout = pageUrl(request).searchParams.get("checkout");
  return {
    billing: true as const,
    verified: row.verified,
    status: await planStatusOf(row.id),
    plans: await offeredPlans(),
    returned: checkout === "success" ? ("success" as const) : checkout === "cancel" ? ("cancel" as const) : null,
  };
}

export const PLAN_MESSAGES = {
  unverified: "Plans open once our team has verified your profile.",
  active: "You already have an active plan: change it in the billing portal.",
  unknownPlan: "This plan is not offered any more. Choose another one.",
  noCustomer: "There is no billing account to manage yet: choose a plan first.",
  stripeDown: "We could not reach our payment provider. Nothing was charged: please try again in a few minutes.",
} as const;

/**
 * 'Choose this plan' sends the professional to a Stripe Checkout session (303); 'Manage billing' to the
 * customer portal. Only a verified professional may subscribe. What Stripe answers reaches the app by
 * its webhook, not by the return to the site.
 */
export async function planPageAction(request: Request) {
  const { user, row } = await requirePayingSide(request);
  const submission = parseWithZod(await readFormData(request), { schema: PlanChoiceSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const fail = (message: string, status: number) => data(submission.reply({ formErrors: [message] }), { status });
  const stripe = stripeClient();
  if (!stripe) throw notFound();
  const origin = mailLinkOrigin(request);
  const subscription = await subscriptionOf(row.id);
  try {
    if (submission.value.intent === "portal") {
      if (!subscription?.stripeCustomerId) return fail(PLAN_MESSAGES.noCustomer, 400);
      const portal = await stripe.billingPortal.sessions.create({ customer: subscription.stripeCustomerId, return_url: `${origin}${PLAN_PATH}` });
      throw redirect(portal.url, 303);
    }
    if (!row.verified) return fail(PLAN_MESSAGES.unverified, 403);
    if (subscription?.state === "active" || subscription?.state === "past_due") return fail(PLAN_MESSAGES.active, 409);
    const plan = await planById(submission.value.planId);
    if (!plan?.active || !plan.stripePriceId) return fail(PLAN_MESSAGES.unknownPlan, 400);
    let customerId = subscription?.stripeCustomerId ?? null;
    if (!customerId) {
      const customer = await stripe.customers.create({ email: user.email, name: row.name, metadata: { professionalId: String(row.id) } });
      customerId = customer.id;
      await storeCustomer(row.id, customerId);
    }
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customerId,
      client_reference_id: String(row.id),
      line_items: [{ price: plan.stripePriceId, quantity: 1 }],
      metadata: { professionalId: String(row.id), planId: String(plan.id) },
      subscription_data: { metadata: { professionalId: String(row.id), planId: String(plan.id) } },
      success_url: `${origin}${PLAN_PATH}?checkout=success`,
      cancel_url: `${origin}${PLAN_PATH}?checkout=cancel`,
    });
    if (!session.url) return fail(PLAN_MESSAGES.stripeDown, 502);
    await audit({ kind: "BILLING", userId: user.id, email: user.email, detail: `professional #${row.id} went to Checkout for plan #${plan.id} (${plan.name})` });
    throw redirect(session.url, 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    // The SDK's message names the request, never the key; the card never passes through here.
    log.error({ err: error }, "Stripe request failed");
    return fail(PLAN_MESSAGES.stripeDown, 502);
  }
}
