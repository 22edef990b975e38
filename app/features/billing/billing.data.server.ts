import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { db, transaction } from "~/platform/db.server";
import { bookings, introductions, plans, professionals, shortlists, stripeEvents, subscriptions, users } from "~/platform/schema";
import { millisBetween } from "~/platform/sql-dialect.server";
import type { PlanCurrency, PlanInterval, SubscriptionState } from "~/domain/billing";

export type Plan = typeof plans.$inferSelect;
export type PlanInput = { name: string; amountMinor: number; currency: PlanCurrency; interval: PlanInterval; active: boolean; stripePriceId: string | null };

export async function listPlans({ activeOnly }: { activeOnly: boolean }): Promise<Plan[]> {
  return db()
    .select()
    .from(plans)
    .where(activeOnly ? eq(plans.active, true) : undefined)
    .orderBy(asc(plans.interval), asc(plans.amountMinor), asc(plans.id));
}

export async function planById(id: number): Promise<Plan | undefined> {
  const [row] = await db().select().from(plans).where(eq(plans.id, id)).limit(1);
  return row;
}

export async function insertPlan(input: PlanInput): Promise<Plan> {
  const [row] = await db().insert(plans).values(input).returning();
  if (!row) throw new Error("the plan was not written");
  return row;
}

/** Name, active and Stripe price id: the price of a plan people pay is never changed under them (a new plan is). */
export async function updatePlan(id: number, change: { name: string; active: boolean; stripePriceId: string | null }): Promise<boolean> {
  const written = await db().update(plans).set(change).where(eq(plans.id, id)).returning({ id: plans.id });
  return written.length > 0;
}

export type SubscriptionView = {
  state: SubscriptionState;
  currentPeriodEnd: Date | null;
  lapsedAt: Date | null;
  stripeCustomerId: string | null;
  plan: { id: number; name: string; amountMinor: number; currency: string; interval: PlanInterval } | null;
};

export async function subscriptionOf(professionalId: number): Promise<SubscriptionView | null> {
  const [row] = await db()
    .select({
      state: subscriptions.state,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      lapsedAt: subscriptions.lapsedAt,
      stripeCustomerId: subscriptions.stripeCustomerId,
      planId: plans.id,
      planName: plans.name,
      amountMinor: plans.amountMinor,
      currency: plans.currency,
      interval: plans.interval,
    })
    .from(subscriptions)
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.professionalId, professionalId))
    .limit(1);
  if (!row) return null;
  const { planId, planName, amountMinor, currency, interval, ...rest } = row;
  return {
    ...rest,
    plan: planId !== null && planName !== null && amountMinor !== null && currency !== null && interval !== null ? { id: planId, name: planName, amountMinor, currency, interval } : null,
  };
}

/** Remembers the Stripe customer made for a professional before their first checkout (a row 'incomplete' until paid). */
export async function storeCustomer(professionalId: number, stripeCustomerId: string): Promise<void> {
  await db()
    .insert(subscriptions)
    .values({ professionalId, state: "incomplete", stripeCustomerId })
    .onConflictDoUpdate({ target: subscriptions.professionalId, set: { stripeCustomerId, updatedAt: new Date() } });
}

/**
 * The condition matching adds when billing is on: a subscription that is paying, or whose payment
 * failed less than `graceDays` ago (as isInGoodStanding in app/domain/billing.ts).
 */
export function inGoodStanding(graceDays: number, now: Date): SQL {
  const graceStart = new Date(now.getTime() - graceDays * 86_400_000);
  const paying = db()
    .select({ id: subscriptions.professionalId })
    .from(subscriptions)
    .where(or(eq(subscriptions.state, "active"), and(eq(subscriptions.state, "past_due"), gt(subscriptions.lapsedAt, graceStart))));
  return inArray(professionals.id, paying);
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Records a webhook event's id and, only when it is new, runs `apply` in the same transaction: an event
 * delivered twice (Stripe retries until it gets a 2xx) changes nothing the second time. False for a repeat.
 */
export async function onceForEvent(event: { id: string; type: string }, apply: () => Promise<void>): Promise<boolean> {
  return transaction(async (tx) => {
    const inserted = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (inserted.length === 0) return false;
    await apply();
    return true;
  });
}

/** The professional an event is about: the id Checkout carried, else the one with that subscription or customer. */
/** The subscription row holding a Stripe subscription or customer id, or a professional's own row. */
export async function subscriptionHolding(
  by: { subscriptionId: string } | { customerId: string } | { professionalId: number },
): Promise<SubscriptionRow | undefined> {
  const where =
    "subscriptionId" in by
      ? eq(subscriptions.stripeSubscriptionId, by.subscriptionId)
      : "customerId" in by
        ? eq(subscriptions.stripeCustomerId, by.customerId)
        : eq(subscriptions.professionalId, by.professionalId);
  const [row] = await db().select().from(subscriptions).where(where).limit(1);
  return row;
}

export async function professionalExists(id: number): Promise<boolean> {
  const [row] = await db().select({ id: professionals.id }).from(professionals).where(eq(professionals.id, id)).limit(1);
  return row !== undefined;
}

export async function writeSubscription(professionalId: number, values: Partial<Omit<SubscriptionRow, "professionalId" | "createdAt">> & { state: SubscriptionState }): Promise<void> {
  const set = { ...values, updatedAt: new Date() };
  await db().insert(subscriptions).values({ professionalId, ...set }).onConflictDoUpdate({ target: subscriptions.professionalId, set });
}

export async function planByStripePrice(priceId: string): Promise<Plan | undefined> {
  const [row] = await db().select().from(plans).where(eq(plans.stripePriceId, priceId)).orderBy(desc(plans.id)).limit(1);
  return row;
}

/** Where a lapse notice goes: the linked account's address, else the entry's (as introduction mails). */
export async function professionalContact(professionalId: number): Promise<{ email: string; name: string; deleted: boolean } | null> {
  const [row] = await db()
    .select({ email: professionals.email, accountEmail: users.email, name: professionals.name, deletedAt: professionals.deletedAt })
    .from(professionals)
    .leftJoin(users, eq(users.id, professionals.userId))
    .where(eq(professionals.id, professionalId))
    .limit(1);
  if (!row) return null;
  return { email: row.accountEmail ?? row.email, name: row.name, deleted: row.deletedAt !== null };
}

/** Subscribers by state, for the admin dashboard. */
export async function subscriberCounts(): Promise<Record<SubscriptionState, number>> {
  const rows = await db().select({ state: subscriptions.state, n: count() }).from(subscriptions).groupBy(subscriptions.state);
  const counts: Record<SubscriptionState, number> = { active: 0, past_due: 0, canceled: 0, incomplete: 0 };
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

/** The plans of the paying subscriptions, one row per plan with its subscriber count. */
export async function payingPlans(): Promise<{ amountMinor: number; currency: string; interval: PlanInterval; subscribers: number }[]> {
  const rows = await db()
    .select({ amountMinor: plans.amountMinor, currency: plans.currency, interval: plans.interval, subscribers: count() })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.state, "active"))
    .groupBy(plans.id, plans.amountMinor, plans.currency, plans.interval);
  return rows.map((r) => ({ ...r, subscribers: Number(r.subscribers) }));
}

export type ActivityFigures = {
  shortlisted: number;
  introductionsAsked: number;
  accepted: number;
  /** Of the answered requests, in ms; null when none was answered. */
  answerTimes: number[];
  callsBooked: number;
  callsHeld: number;
};

/**
 * What a professional's home page counts over the window from `since`: each read through an index
 * that starts with the professional (or, for shortlists, their release time).
 */
export async function activitySince(professionalId: number, since: Date): Promise<ActivityFigures> {
  const [released, asked, answered, calls] = await Promise.all([
    db()
      .select({ items: shortlists.items })
      .from(shortlists)
      .where(and(eq(shortlists.status, "released"), gte(shortlists.releasedAt, since))),
    db()
      .select({ n: count() })
      .from(introductions)
      .where(and(eq(introductions.professionalId, professionalId), gte(introductions.requestedAt, since))),
    db()
      .select({ status: introductions.status, waited: millisBetween(introductions.answeredAt, introductions.requestedAt) })
      .from(introductions)
      .where(and(eq(introductions.professionalId, professionalId), isNotNull(introductions.answeredAt), gte(introductions.answeredAt, since))),
    db()
      .select({
        booked: count(),
        held: sql<number>`coalesce(sum(case when ${or(eq(bookings.clientHeld, true), eq(bookings.professionalHeld, true))} then 1 else 0 end), 0)`.mapWith(Number),
      })
      .from(bookings)
      .where(and(eq(bookings.professionalId, professionalId), gte(bookings.startsAt, since), eq(bookings.status, "booked"))),
  ]);
  return {
    shortlisted: released.filter((r) => Array.isArray(r.items) && r.items.some((item) => item?.id === professionalId)).length,
    introductionsAsked: Number(asked[0]?.n ?? 0),
    // Accepted then withdrawn or ended still counts: it was accepted.
    accepted: answered.filter((r) => r.status !== "declined").length,
    answerTimes: answered.map((r) => r.waited),
    callsBooked: Number(calls[0]?.booked ?? 0),
    callsHeld: Number(calls[0]?.held ?? 0),
  };
}
