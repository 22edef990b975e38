import type Stripe from "stripe";
import { audit } from "~/platform/audit.server";
import { config } from "~/platform/config.server";
import { enqueueJob } from "~/platform/jobs.server";
import { lapsedSince, stateOfStripeStatus, type SubscriptionState } from "~/domain/billing";
import { onceForEvent, planByStripePrice, professionalExists, subscriptionHolding, writeSubscription, type SubscriptionRow } from "./billing.data.server";
import { stripeClient } from "./stripe.server";
import { BILLING_LAPSE_MAIL_JOB } from "./billing-jobs.server";

/** The events the app acts on; Stripe may send others (they are acknowledged and ignored). */
export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
] as const;

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

function professionalIdFrom(value: string | null | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The subscription's period end: on its first item since Stripe's 2025 API versions, on the subscription before. */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const fromItem = subscription.items?.data?.[0]?.current_period_end;
  const legacy = (subscription as unknown as { current_period_end?: unknown }).current_period_end;
  const seconds = typeof fromItem === "number" ? fromItem : typeof legacy === "number" ? legacy : null;
  return seconds === null ? null : new Date(seconds * 1000);
}

/** The subscription an invoice is for: under `parent` since Stripe's 2025 API versions, at the top before. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(parent ?? legacy ?? null);
}

type Ref = {
  /** checkout.session.completed: the professional the app created the session for (client_reference_id). */
  linksProfessionalId?: number;
  /** A subscription's metadata: a claim checked against the stored ids, never followed. */
  claimsProfessionalId?: number;
  subscriptionId?: string | null;
  customerId?: string | null;
};

type Change = {
  ref: Ref;
  state: SubscriptionState;
  values: Partial<Pick<SubscriptionRow, "planId" | "stripeCustomerId" | "stripeSubscriptionId" | "currentPeriodEnd">>;
};

async function changeOf(event: Stripe.Event): Promise<Change | null> {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.mode !== "subscription") return null;
      const planId = professionalIdFrom(session.metadata?.planId);
      return {
        ref: { linksProfessionalId: professionalIdFrom(session.client_reference_id), subscriptionId: idOf(session.subscription), customerId: idOf(session.customer) },
        state: session.payment_status === "unpaid" ? "incomplete" : "active",
        values: {
          stripeCustomerId: idOf(session.customer),
          stripeSubscriptionId: idOf(session.subscription),
          ...(planId ? { planId } : {}),
        },
      };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const priceId = subscription.items?.data?.[0]?.price?.id;
      const plan = priceId ? await planByStripePrice(priceId) : undefined;
      return {
        ref: {
          claimsProfessionalId: professionalIdFrom(subscription.metadata?.professionalId),
          subscriptionId: subscription.id,
          customerId: idOf(subscription.customer),
        },
        state: event.type === "customer.subscription.deleted" ? "canceled" : stateOfStripeStatus(subscription.status),
        values: {
          stripeCustomerId: idOf(subscription.customer),
          stripeSubscriptionId: subscription.id,
          currentPeriodEnd: periodEndOf(subscription),
          ...(plan ? { planId: plan.id } : {}),
        },
      };
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      return {
        ref: { subscriptionId: invoiceSubscriptionId(invoice), customerId: idOf(invoice.customer) },
        state: "past_due",
        values: {},
      };
    }
    default:
      return null;
  }
}

export type WebhookOutcome = "applied" | "repeat" | "ignored" | "refused";

type Reconciled = { professionalId: number; row: SubscriptionRow | null } | { refused: string };

/**
 * Which professional an event is about, from our own records: the stored subscription id, else the
 * stored customer id (the app creates the customer before Checkout and stores it). A checkout session
 * links a professional the app created it for only when that customer is theirs or nobody's yet.
 * Metadata is never followed: Stripe's advice is to reconcile every event with your own records.
 */
async function reconcile(ref: Ref): Promise<Reconciled> {
  const bySubscription = ref.subscriptionId ? await subscriptionHolding({ subscriptionId: ref.subscriptionId }) : undefined;
  const byCustomer = ref.customerId ? await subscriptionHolding({ customerId: ref.customerId }) : undefined;
  if (bySubscription && byCustomer && bySubscription.professionalId !== byCustomer.professionalId) {
    return { refused: `its subscription is professional #${bySubscription.professionalId}'s and its customer professional #${byCustomer.professionalId}'s` };
  }
  if (bySubscription?.stripeCustomerId && ref.customerId && bySubscription.stripeCustomerId !== ref.customerId) {
    return { refused: `it moves professional #${bySubscription.professionalId}'s subscription to another customer` };
  }
  const held = bySubscription ?? byCustomer;
  if (ref.linksProfessionalId !== undefined) {
    if (held) {
      return held.professionalId === ref.linksProfessionalId
        ? { professionalId: held.professionalId, row: held }
        : { refused: `its customer is professional #${held.professionalId}'s, not #${ref.linksProfessionalId}'s` };
    }
    if (!(await professionalExists(ref.linksProfessionalId))) return { refused: `it names professional #${ref.linksProfessionalId}, who is not here` };
    const own = await subscriptionHolding({ professionalId: ref.linksProfessionalId });
    if (own?.stripeCustomerId) return { refused: `professional #${ref.linksProfessionalId} already has another customer` };
    return { professionalId: ref.linksProfessionalId, row: own ?? null };
  }
  if (!held) return { refused: "it names no subscription or customer held here" };
  if (ref.claimsProfessionalId !== undefined && ref.claimsProfessionalId !== held.professionalId) {
    return { refused: `its metadata names professional #${ref.claimsProfessionalId} but its customer is professional #${held.professionalId}'s` };
  }
  return { professionalId: held.professionalId, row: held };
}

/**
 * Applies one verified event, once (its id is stored in the same transaction as the change): the
 * professional's subscription state, plan, period end and customer id; audited; a lapse (a failed
 * payment, an ended subscription) is told to the professional by e-mail through the job loop. An event
 * our records do not back is stored, audited and changes nothing.
 */
export async function applyEvent(event: Stripe.Event, now = new Date()): Promise<WebhookOutcome> {
  let outcome: WebhookOutcome = "ignored";
  const fresh = await onceForEvent(event, async () => {
    const change = await changeOf(event);
    if (!change) return;
    const found = await reconcile(change.ref);
    if ("refused" in found) {
      outcome = "refused";
      await audit({ kind: "BILLING", detail: `Stripe event ${event.id} (${event.type}) refused: ${found.refused}; nothing changed` });
      return;
    }
    const previous = found.row ? { state: found.row.state, lapsedAt: found.row.lapsedAt } : null;
    // A late 'updated' must not bring back a subscription Stripe already ended.
    const state = previous?.state === "canceled" && change.state !== "canceled" && found.row?.stripeSubscriptionId === change.values.stripeSubscriptionId && event.type !== "checkout.session.completed" ? "canceled" : change.state;
    await writeSubscription(found.professionalId, { ...change.values, state, lapsedAt: lapsedSince(previous, state, now) });
    outcome = "applied";
    const from = previous?.state ?? "none";
    await audit({ kind: "BILLING", detail: `professional #${found.professionalId}: subscription ${from} -> ${state} (Stripe event ${event.id}, ${event.type})` });
    const lapsed = (state === "past_due" || state === "canceled") && from !== state;
    if (lapsed) await enqueueJob(BILLING_LAPSE_MAIL_JOB, `billing-lapse:${event.id}`, now, { professionalId: found.professionalId, state });
  });
  return fresh ? outcome : "repeat";
}

export type WebhookAnswer = { status: number; body: string };

/**
 * POST /stripe/webhook: the raw body is checked against the Stripe-Signature header with
 * STRIPE_WEBHOOK_SECRET (and its timestamp's age) before anything is read from it. A refused event
 * changes nothing and answers 400; billing off or no secret configured answers 404.
 */
export async function handleWebhook(request: Request): Promise<WebhookAnswer> {
  const stripe = stripeClient();
  const secret = config().stripe?.webhookSecret;
  if (request.method !== "POST") return { status: 405, body: "Method not allowed" };
  if (!stripe || !secret) return { status: 404, body: "Not found" };
  const signature = request.headers.get("stripe-signature");
  const payload = await request.text();
  if (!signature) return { status: 400, body: "Missing Stripe-Signature" };
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    // Never logged with the payload: it may name a customer.
    return { status: 400, body: "Signature verification failed" };
  }
  const outcome = await applyEvent(event);
  return { status: 200, body: JSON.stringify({ received: true, outcome }) };
}
