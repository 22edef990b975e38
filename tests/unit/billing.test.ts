import Stripe from "stripe";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { loadConfig, resetConfigForTests } from "~/platform/config.server";
import { runDueJobs } from "~/platform/jobs.server";
import { auditEvents, bookings, introductions, jobs, plans, professionals, shortlists, stripeEvents, subscriptions } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { verifiedCandidates } from "~/features/matching/shortlists.data.server";
import { registerBillingJobs } from "~/features/billing/billing-jobs.server";
import { graceDays, saveGraceDays } from "~/features/billing/billing-settings.server";
import { activityOf } from "~/features/billing/figures.server";
import { payingPlans, subscriberCounts } from "~/features/billing/billing.data.server";
import { isInGoodStanding, lapsedSince, mrrByCurrency, median, stateOfStripeStatus } from "~/domain/billing";
import * as webhookRoute from "~/routes/stripe.webhook";
import * as planRoute from "~/routes/professional-dashboard.plan";
import HowWeArePaid, { loader as howWeArePaidLoader } from "~/routes/how-we-are-paid";
import { loader as dashboardLoader } from "~/routes/professional-dashboard";
import { settingsForPages } from "~/features/marketing/figures.server";
import { getSettings } from "~/platform/settings.server";
import type { OnboardingView } from "~/features/professional-home/onboarding";
import * as adminPlansRoute from "~/routes/admin.plans";
import { formRequest, getRequest, requestArgs, routeArgs } from "./helpers";
import { errorsOf, mailsTo, run, uniqueEmail } from "./support/auth-requests";
import { COMPLETE_MATCHING } from "./support/matching";
import { startStripeStandIn } from "../support/stripe-stand-in.mjs";

const SECRET = "whsec_unit_test_secret";
const KEY = "sk_test_unit";
const stripe = new Stripe(KEY);
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;

function billing(on: boolean) {
  if (on) {
    process.env.STRIPE_SECRET_KEY = KEY;
    process.env.STRIPE_WEBHOOK_SECRET = SECRET;
    process.env.STRIPE_API_BASE = standIn.url;
  } else {
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE"]) delete process.env[key];
  }
  resetConfigForTests();
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  billing(true);
  registerBillingJobs();
});
afterAll(async () => {
  billing(false);
  await standIn.close();
});

type Account = { id: string; email: string; cookie: string };
async function account(role: "professional" | "admin" | "client", tag: string): Promise<Account> {
  const email = uniqueEmail(tag);
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role, name: `${tag} Person` });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { id: userId, email, cookie };
}

async function professional(tag: string, { verified = true, user }: { verified?: boolean; user?: Account } = {}): Promise<number> {
  const [row] = await db()
    .insert(professionals)
    .values({ name: `${tag} Advisor`, company: `${tag} Wealth`, email: user?.email ?? uniqueEmail(tag), userId: user?.id ?? null, verified, verifiedAt: verified ? new Date() : null, ...COMPLETE_MATCHING })
    .returning({ id: professionals.id });
  return row!.id;
}

async function plan(values: Partial<typeof plans.$inferInsert> = {}): Promise<number> {
  const [row] = await db()
    .insert(plans)
    .values({ name: "Practice", amountMinor: 19_900, currency: "usd", interval: "monthly", active: true, stripePriceId: `price_${Math.random().toString(36).slice(2)}`, ...values })
    .returning({ id: plans.id });
  return row!.id;
}

let eventCount = 0;
function event(type: string, object: Record<string, unknown>, id = `evt_unit_${++eventCount}_${Date.now()}`) {
  return { id, object: "event", type, api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: null, data: { object } };
}

function webhookRequest(payload: string, header: string): Request {
  return new Request("http://localhost/stripe/webhook", { method: "POST", body: payload, headers: { "Content-Type": "application/json", "Stripe-Signature": header } });
}

/** A body signed as Stripe signs it (the SDK's test helper), posted to the route. */
async function deliver(body: ReturnType<typeof event>, options: { secret?: string; timestamp?: number; tamper?: (s: string) => string } = {}) {
  const payload = JSON.stringify(body);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET, timestamp: options.timestamp });
  const response = await webhookRoute.action(routeArgs(webhookRequest(options.tamper ? options.tamper(payload) : payload, header)));
  return { status: response.status, body: await response.text() };
}

const subscriptionOf = async (professionalId: number) => (await db().select().from(subscriptions).where(eq(subscriptions.professionalId, professionalId)).limit(1))[0];
const storedEvents = async () => (await db().select({ id: stripeEvents.id }).from(stripeEvents)).length;

const checkoutCompleted = (professionalId: number, planId: number, customer: string, sub: string) =>
  event("checkout.session.completed", { id: `cs_${customer}`, object: "checkout.session", mode: "subscription", client_reference_id: String(professionalId), customer, subscription: sub, payment_status: "paid", status: "complete", metadata: { planId: String(planId), professionalId: String(professionalId) } });
const subscriptionEvent = (type: string, sub: string, customer: string, status: string, priceId: string | null, periodEnd: number) =>
  event(type, { id: sub, object: "subscription", customer, status, metadata: {}, items: { object: "list", data: priceId ? [{ id: "si_1", price: { id: priceId }, current_period_end: periodEnd }] : [] } });
const paymentFailed = (customer: string, sub: string) =>
  event("invoice.payment_failed", { id: `in_${sub}`, object: "invoice", customer, parent: { type: "subscription_details", subscription_details: { subscription: sub } } });

describe("the webhook's signature", () => {
  it("refuses a tampered body, a wrong secret and an old timestamp with 400, and nothing changes", async () => {
    const pro = await professional("Sig");
    const planId = await plan();
    const body = checkoutCompleted(pro, planId, "cus_sig", "sub_sig");
    const before = await storedEvents();
    const tampered = await deliver(body, { tamper: (s) => s.replace(`"client_reference_id":"${pro}"`, `"client_reference_id":"${pro + 1}"`) });
    const wrongSecret = await deliver(body, { secret: "whsec_someone_else" });
    const old = await deliver(body, { timestamp: Math.floor(Date.now() / 1000) - 60 * 60 });
    const unsigned = await webhookRoute.action(routeArgs(new Request("http://localhost/stripe/webhook", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } })));
    for (const answer of [tampered, wrongSecret, old]) {
      expect(answer.status).toBe(400);
      expect(answer.body).not.toContain("cus_sig");
    }
    expect(unsigned.status).toBe(400);
    expect(await storedEvents()).toBe(before);
    expect(await subscriptionOf(pro)).toBeUndefined();
    // The same body, signed right, is taken.
    expect((await deliver(body)).status).toBe(200);
    expect((await subscriptionOf(pro))?.state).toBe("active");
  });

  it("takes only Stripe-shaped settings: a publishable key or a bad address stops start-up naming the variable", () => {
    expect(() => loadConfig({ ...process.env, STRIPE_SECRET_KEY: "pk_live_abc" })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...process.env, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...process.env, STRIPE_API_BASE: "ftp://x" })).toThrow(/STRIPE_API_BASE/);
    expect(loadConfig({ ...process.env, STRIPE_SECRET_KEY: "" }).stripe).toBeUndefined();
  });

  it("is a 404 with billing off (no STRIPE_SECRET_KEY)", async () => {
    billing(false);
    try {
      const answer = await deliver(event("invoice.payment_failed", { id: "in_x", object: "invoice", customer: "cus_x" }));
      expect(answer.status).toBe(404);
    } finally {
      billing(true);
    }
  });
});

describe("webhook events", () => {
  it("move a subscription through its states: paid, payment failed (grace starts), paid again, ended; each audited", async () => {
    const pro = await professional("States");
    const planId = await plan({ stripePriceId: "price_states" });
    const yearly = await plan({ stripePriceId: "price_states_yearly", interval: "yearly", amountMinor: 199_000 });
    const end = Math.floor(Date.now() / 1000) + 30 * 86_400;
    expect((await deliver(checkoutCompleted(pro, planId, "cus_states", "sub_states"))).status).toBe(200);
    expect(await subscriptionOf(pro)).toMatchObject({ state: "active", planId, stripeCustomerId: "cus_states", stripeSubscriptionId: "sub_states", lapsedAt: null });

    await deliver(subscriptionEvent("customer.subscription.updated", "sub_states", "cus_states", "active", "price_states_yearly", end));
    expect(await subscriptionOf(pro)).toMatchObject({ state: "active", planId: yearly, currentPeriodEnd: new Date(end * 1000) });

    await deliver(paymentFailed("cus_states", "sub_states"));
    const failed = await subscriptionOf(pro);
    expect(failed?.state).toBe("past_due");
    expect(failed?.lapsedAt).toBeInstanceOf(Date);

    // Stripe's own 'past_due' update after the failure keeps the grace period's start.
    await deliver(subscriptionEvent("customer.subscription.updated", "sub_states", "cus_states", "past_due", "price_states_yearly", end));
    expect((await subscriptionOf(pro))?.lapsedAt).toEqual(failed?.lapsedAt);

    await deliver(subscriptionEvent("customer.subscription.updated", "sub_states", "cus_states", "active", "price_states_yearly", end));
    expect(await subscriptionOf(pro)).toMatchObject({ state: "active", lapsedAt: null });

    await deliver(subscriptionEvent("customer.subscription.deleted", "sub_states", "cus_states", "canceled", "price_states_yearly", end));
    expect((await subscriptionOf(pro))?.state).toBe("canceled");

    const audited = await db().select({ detail: auditEvents.detail }).from(auditEvents).where(eq(auditEvents.kind, "BILLING"));
    const mine = audited.map((a) => a.detail ?? "").filter((d) => d.startsWith(`professional #${pro}:`));
    expect(mine.map((d) => d.split(" (")[0])).toEqual([
      `professional #${pro}: subscription none -> active`,
      `professional #${pro}: subscription active -> active`,
      `professional #${pro}: subscription active -> past_due`,
      `professional #${pro}: subscription past_due -> past_due`,
      `professional #${pro}: subscription past_due -> active`,
      `professional #${pro}: subscription active -> canceled`,
    ]);
    // No card data, no secret in what was recorded.
    for (const d of mine) expect(d).not.toMatch(/whsec_|sk_test_|card|4242/);
  });

  it("the same event twice changes nothing the second time", async () => {
    const user = await account("professional", "twice");
    const pro = await professional("Twice", { user });
    const planId = await plan();
    await deliver(checkoutCompleted(pro, planId, "cus_twice", "sub_twice"));
    const failure = paymentFailed("cus_twice", "sub_twice");
    const first = await deliver(failure);
    expect(JSON.parse(first.body)).toMatchObject({ outcome: "applied" });
    const afterFirst = await subscriptionOf(pro);
    const eventsAfterFirst = await storedEvents();
    const auditsAfterFirst = (await db().select({ id: auditEvents.id }).from(auditEvents)).length;
    const jobsAfterFirst = (await db().select({ id: jobs.id }).from(jobs)).length;

    const second = await deliver(failure);
    expect(second.status).toBe(200);
    expect(JSON.parse(second.body)).toMatchObject({ outcome: "repeat" });
    expect(await subscriptionOf(pro)).toEqual(afterFirst);
    expect(await storedEvents()).toBe(eventsAfterFirst);
    expect((await db().select({ id: auditEvents.id }).from(auditEvents)).length).toBe(auditsAfterFirst);
    expect((await db().select({ id: jobs.id }).from(jobs)).length).toBe(jobsAfterFirst);

    // The lapse is told once, by the job loop.
    await runDueJobs("unit");
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Your WealthMatch payment failed");
  });

  it("an event about a customer nobody here has is stored and changes nothing", async () => {
    const answer = await deliver(paymentFailed("cus_nobody", "sub_nobody"));
    expect(JSON.parse(answer.body)).toMatchObject({ outcome: "refused" });
    expect((await db().select().from(subscriptions).where(eq(subscriptions.stripeCustomerId, "cus_nobody"))).length).toBe(0);
  });
});

describe("events reconciled with our own records (Stripe's ids, never metadata)", () => {
  const refusals = async (eventId: string) =>
    (await db().select({ detail: auditEvents.detail }).from(auditEvents)).map((r) => r.detail).filter((d) => d?.includes(eventId));

  it("a signed 'subscription updated' for one professional's customer naming another in its metadata changes neither", async () => {
    const planId = await plan();
    const a = await professional("RepointA");
    const b = await professional("RepointB");
    await deliver(checkoutCompleted(a, planId, "cus_repoint_a", "sub_repoint_a"));
    const before = { a: await subscriptionOf(a), b: await subscriptionOf(b) };
    const repoint = event("customer.subscription.updated", {
      id: "sub_repoint_a",
      object: "subscription",
      customer: "cus_repoint_a",
      status: "past_due",
      metadata: { professionalId: String(b) },
      items: { object: "list", data: [] },
    });
    const answer = await deliver(repoint);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ outcome: "refused" });
    expect({ a: await subscriptionOf(a), b: await subscriptionOf(b) }).toEqual(before);
    expect(await refusals(repoint.id)).toEqual([`Stripe event ${repoint.id} (customer.subscription.updated) refused: its metadata names professional #${b} but its customer is professional #${a}'s; nothing changed`]);
  });

  it("a checkout for a professional with a customer another professional holds is refused", async () => {
    const planId = await plan();
    const a = await professional("HeldA");
    const b = await professional("HeldB");
    await deliver(checkoutCompleted(a, planId, "cus_held_a", "sub_held_a"));
    const taking = checkoutCompleted(b, planId, "cus_held_a", "sub_held_b");
    expect(JSON.parse((await deliver(taking)).body)).toMatchObject({ outcome: "refused" });
    expect(await subscriptionOf(b)).toBeUndefined();
    expect((await db().select().from(subscriptions).where(eq(subscriptions.stripeCustomerId, "cus_held_a"))).map((r) => r.professionalId)).toEqual([a]);
    expect(await refusals(taking.id)).toHaveLength(1);
  });

  it("a subscription for a customer nobody here has is refused, with an audit line, even when its metadata names a professional", async () => {
    const pro = await professional("Stranger");
    const stranger = event("customer.subscription.updated", {
      id: "sub_stranger",
      object: "subscription",
      customer: "cus_stranger",
      status: "active",
      metadata: { professionalId: String(pro) },
      items: { object: "list", data: [] },
    });
    expect(JSON.parse((await deliver(stranger)).body)).toMatchObject({ outcome: "refused" });
    expect(await subscriptionOf(pro)).toBeUndefined();
    expect(await refusals(stranger.id)).toEqual([`Stripe event ${stranger.id} (customer.subscription.updated) refused: it names no subscription or customer held here; nothing changed`]);
  });
});

describe("the grace period and matching", () => {
  it("counts from the first failed payment, to the millisecond", () => {
    const lapsedAt = new Date("2026-11-01T00:00:00Z");
    expect(isInGoodStanding({ state: "past_due", lapsedAt }, 7, new Date("2026-11-07T23:59:59.999Z"))).toBe(true);
    expect(isInGoodStanding({ state: "past_due", lapsedAt }, 7, new Date("2026-11-08T00:00:00Z"))).toBe(false);
    expect(isInGoodStanding({ state: "past_due", lapsedAt }, 0, lapsedAt)).toBe(false);
    expect(isInGoodStanding({ state: "active", lapsedAt: null }, 0, lapsedAt)).toBe(true);
    expect(isInGoodStanding({ state: "canceled", lapsedAt: null }, 30, lapsedAt)).toBe(false);
    expect(isInGoodStanding(null, 30, lapsedAt)).toBe(false);
    expect(lapsedSince({ state: "past_due", lapsedAt }, "past_due", new Date())).toEqual(lapsedAt);
    expect(lapsedSince({ state: "active", lapsedAt: null }, "past_due", lapsedAt)).toEqual(lapsedAt);
    expect(lapsedSince({ state: "past_due", lapsedAt }, "active", new Date())).toBeNull();
    expect(stateOfStripeStatus("trialing")).toBe("active");
    expect(stateOfStripeStatus("unpaid")).toBe("past_due");
    expect(stateOfStripeStatus("incomplete_expired")).toBe("canceled");
    expect(stateOfStripeStatus("something_new")).toBe("incomplete");
  });

  it("with billing on proposes only paying professionals or those inside the grace period; with billing off every verified one", async () => {
    const now = new Date();
    const paying = await professional("Paying");
    const graced = await professional("Graced");
    const lapsed = await professional("Lapsed");
    const ended = await professional("Ended");
    const never = await professional("Never");
    const unverified = await professional("Unverified", { verified: false });
    const day = 86_400_000;
    await db().insert(subscriptions).values([
      { professionalId: paying, state: "active" },
      { professionalId: graced, state: "past_due", lapsedAt: new Date(now.getTime() - 3 * day) },
      { professionalId: lapsed, state: "past_due", lapsedAt: new Date(now.getTime() - 10 * day) },
      { professionalId: ended, state: "canceled" },
      { professionalId: unverified, state: "active" },
    ]);
    await saveGraceDays(7);
    const ids = async () => new Set((await verifiedCandidates(now)).map((c) => c.id));
    let matched = await ids();
    expect([paying, graced, lapsed, ended, never, unverified].filter((id) => matched.has(id))).toEqual([paying, graced]);

    await saveGraceDays(2);
    matched = await ids();
    expect([paying, graced, lapsed].filter((id) => matched.has(id))).toEqual([paying]);

    billing(false);
    try {
      matched = await ids();
      expect([paying, graced, lapsed, ended, never, unverified].filter((id) => matched.has(id))).toEqual([paying, graced, lapsed, ended, never]);
    } finally {
      billing(true);
      await saveGraceDays(7);
    }
  });
});

describe("monthly recurring revenue", () => {
  it("sums monthly prices and a twelfth of yearly ones, per currency", () => {
    expect(
      mrrByCurrency([
        { amountMinor: 19_900, interval: "monthly", currency: "usd" },
        { amountMinor: 19_900, interval: "monthly", currency: "usd" },
        { amountMinor: 120_000, interval: "yearly", currency: "usd" },
        { amountMinor: 99_900, interval: "yearly", currency: "gbp" },
      ]),
    ).toEqual([
      { currency: "gbp", minor: 8_325 },
      { currency: "usd", minor: 49_800 },
    ]);
    expect(mrrByCurrency([])).toEqual([]);
  });

  it("reads the paying subscriptions' plans and counts subscribers by state", async () => {
    const before = await subscriberCounts();
    const chf = await plan({ currency: "chf", amountMinor: 60_000, interval: "yearly" });
    const a = await professional("MrrA");
    const b = await professional("MrrB");
    const c = await professional("MrrC");
    await db().insert(subscriptions).values([
      { professionalId: a, planId: chf, state: "active" },
      { professionalId: b, planId: chf, state: "active" },
      { professionalId: c, planId: chf, state: "past_due", lapsedAt: new Date() },
    ]);
    const counts = await subscriberCounts();
    expect(counts.active - before.active).toBe(2);
    expect(counts.past_due - before.past_due).toBe(1);
    const paying = (await payingPlans()).filter((p) => p.currency === "chf");
    expect(mrrByCurrency(paying.flatMap((p) => Array.from({ length: p.subscribers }, () => p)))).toEqual([{ currency: "chf", minor: 10_000 }]);
  });
});

describe("a professional's last 90 days", () => {
  it("counts shortlists released, introductions asked and accepted, the median answer time, calls booked and held; nothing older", async () => {
    const pro = await professional("Figures");
    const other = await professional("Other");
    const now = new Date();
    const ago = (days: number, hours = 0) => new Date(now.getTime() - days * 86_400_000 - hours * 3_600_000);
    const clients = await Promise.all(["a", "b", "c", "d", "e"].map((i) => account("client", `fig${i}`)));
    const item = (id: number) => ({ id, rank: 1, score: 0.9, factors: [] });
    await db().insert(shortlists).values([
      { clientUserId: clients[0]!.id, status: "released", items: [item(pro), item(other)], releasedAt: ago(3) },
      { clientUserId: clients[1]!.id, status: "released", items: [item(other)], releasedAt: ago(3) },
      { clientUserId: clients[2]!.id, status: "released", items: [item(pro)], releasedAt: ago(100) },
      { clientUserId: clients[3]!.id, status: "proposed", items: [item(pro)] },
    ] as (typeof shortlists.$inferInsert)[]);
    const intros = await db()
      .insert(introductions)
      .values([
        { clientUserId: clients[0]!.id, professionalId: pro, status: "accepted", requestedAt: ago(10, 4), answeredAt: ago(10) },
        { clientUserId: clients[1]!.id, professionalId: pro, status: "declined", requestedAt: ago(20, 2), answeredAt: ago(20) },
        { clientUserId: clients[2]!.id, professionalId: pro, status: "accepted", requestedAt: ago(5, 10), answeredAt: ago(5) },
        { clientUserId: clients[3]!.id, professionalId: pro, status: "requested", requestedAt: ago(1) },
        { clientUserId: clients[4]!.id, professionalId: pro, status: "accepted", requestedAt: ago(120), answeredAt: ago(119) },
      ])
      .returning({ id: introductions.id });
    const slot = (days: number) => ({ startsAt: ago(days), endsAt: new Date(ago(days).getTime() + 1_800_000) });
    await db().insert(bookings).values([
      { introductionId: intros[0]!.id, professionalId: pro, kind: "video", uid: `u1-${pro}@wm`, ...slot(8), clientHeld: true },
      { introductionId: intros[2]!.id, professionalId: pro, kind: "phone", uid: `u2-${pro}@wm`, ...slot(-2) },
      { introductionId: intros[2]!.id, professionalId: pro, kind: "phone", uid: `u3-${pro}@wm`, ...slot(4), status: "cancelled" },
      { introductionId: intros[4]!.id, professionalId: pro, kind: "video", uid: `u4-${pro}@wm`, ...slot(110), professionalHeld: true },
    ]);
    expect(await activityOf(pro, now)).toEqual({
      shortlisted: 1,
      introductionsAsked: 4,
      accepted: 2,
      // 4 h, 2 h and 10 h: the median is 4 hours.
      medianAnswer: "4 hours",
      callsBooked: 2,
      callsHeld: 1,
    });
    expect(median([3, 1, 2, 10])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe("subscribing", () => {
  it("a verified professional is sent (303) to a Checkout session made against the stand-in, then to the portal", async () => {
    const user = await account("professional", "buyer");
    const pro = await professional("Buyer", { user });
    const planId = await plan({ stripePriceId: "price_buyer" });
    const page = await run(() => planRoute.loader(routeArgs(getRequest("/professional-dashboard/plan", { cookie: user.cookie }))));
    expect(page.status).toBe(200);
    const answer = await run(() => planRoute.action(routeArgs(formRequest("/professional-dashboard/plan", { intent: "subscribe", planId: String(planId) }, { cookie: user.cookie }))));
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(new RegExp(`^${standIn.url}/checkout/cs_test\\d+$`));
    const sent = standIn.requests.find((r) => r.path === "/v1/checkout/sessions" && r.answer.url === answer.location);
    expect(sent?.body).toMatchObject({ mode: "subscription", client_reference_id: String(pro), line_items: { "0": { price: "price_buyer", quantity: "1" } } });
    const stored = await subscriptionOf(pro);
    expect(stored).toMatchObject({ state: "incomplete", stripeCustomerId: sent?.body.customer });

    const portal = await run(() => planRoute.action(routeArgs(formRequest("/professional-dashboard/plan", { intent: "portal" }, { cookie: user.cookie }))));
    expect(portal.status).toBe(303);
    expect(portal.location).toMatch(new RegExp(`^${standIn.url}/portal/bps_test\\d+$`));
  });

  it("refuses an unverified professional (403) and an unknown plan (400); a client or a stranger gets 404; nothing reaches Stripe", async () => {
    const before = standIn.requests.length;
    const unverifiedUser = await account("professional", "unverified");
    await professional("Unverified2", { user: unverifiedUser, verified: false });
    const planId = await plan();
    const subscribe = (cookie: string | undefined, fields: Record<string, string>) =>
      run(() => planRoute.action(routeArgs(formRequest("/professional-dashboard/plan", fields, { cookie }))));
    const refused = await subscribe(unverifiedUser.cookie, { intent: "subscribe", planId: String(planId) });
    expect(refused.status).toBe(403);
    expect(errorsOf(refused.body)[""]).toEqual(["Plans open once our team has verified your profile."]);

    const verifiedUser = await account("professional", "badplan");
    await professional("BadPlan", { user: verifiedUser });
    for (const planIdText of ["999999", "abc", "-1", ""]) {
      const bad = await subscribe(verifiedUser.cookie, { intent: "subscribe", planId: planIdText });
      expect(bad.status).toBe(400);
    }
    const junk = await subscribe(verifiedUser.cookie, { intent: "steal" });
    expect(junk.status).toBe(400);

    const client = await account("client", "notpro");
    expect((await subscribe(client.cookie, { intent: "subscribe", planId: String(planId) })).status).toBe(404);
    expect((await run(() => planRoute.loader(routeArgs(getRequest("/professional-dashboard/plan", { cookie: client.cookie }))))).status).toBe(404);
    expect(standIn.requests.length).toBe(before);
  });
});

describe("admin plans", () => {
  it("creates a plan with its Stripe price made through the SDK; bad input is refused with messages and nothing is written", async () => {
    const admin = await account("admin", "plans-admin");
    const post = (fields: Record<string, string>) => run(() => adminPlansRoute.action(routeArgs(formRequest("/admin/plans", fields, { cookie: admin.cookie }))));
    const count = async () => (await db().select({ id: plans.id }).from(plans)).length;
    const before = await count();
    const bad = await post({ intent: "create", name: "", price: "12,34.5.6", currency: "xyz", interval: "weekly", stripePriceId: "nope" });
    expect(bad.status).toBe(400);
    const errors = errorsOf(bad.body);
    expect(errors.name).toBeTruthy();
    expect(errors.price).toEqual(["Enter the price as a number, such as 199 or 199.50"]);
    expect(errors.currency).toEqual(["Choose a currency"]);
    expect(errors.interval).toEqual(["Choose monthly or yearly"]);
    expect(errors.stripePriceId).toEqual(["A Stripe price id starts with price_ followed by letters and digits"]);
    expect(await count()).toBe(before);

    const made = await post({ intent: "create", name: "Partner", price: "1,250.50", currency: "gbp", interval: "yearly", active: "on" });
    expect(made.status).toBe(303);
    const [row] = await db().select().from(plans).where(eq(plans.name, "Partner"));
    expect(row).toMatchObject({ amountMinor: 125_050, currency: "gbp", interval: "yearly", active: true });
    const priceRequest = standIn.requests.find((r) => r.path === "/v1/prices" && r.answer.id === row!.stripePriceId);
    expect(priceRequest?.body).toMatchObject({ currency: "gbp", unit_amount: "125050", recurring: { interval: "year" } });

    const grace = await post({ intent: "grace", graceDays: "61" });
    expect(grace.status).toBe(400);
    expect(errorsOf(grace.body).graceDays).toEqual(["The grace period is at most 60 days"]);

    const client = await account("client", "not-admin");
    const refused = await run(() => adminPlansRoute.action(routeArgs(formRequest("/admin/plans", { intent: "grace", graceDays: "3" }, { cookie: client.cookie }))));
    expect(refused.status).toBe(403);
    expect(await graceDays()).toBe(7);
  });
});

describe("what professionals and clients are told about paying, billing on and off", () => {
  const planPage = (cookie: string) => run(() => planRoute.loader(routeArgs(getRequest("/professional-dashboard/plan", { cookie }))));

  it("billing off: the plan page says membership is arranged with our team and how to reach it (the contact page's details), not a 404", async () => {
    const user = await account("professional", "arranged");
    await professional("Arranged", { user, verified: false });
    const client = await account("client", "arranged-client");
    billing(false);
    try {
      const page = await planPage(user.cookie);
      expect(page.status).toBe(200);
      const { contact, supportHours } = await getSettings();
      expect(page.body).toEqual({ billing: false, verified: false, contact, supportHours });
      // Nothing to post with billing off; anyone without a linked entry still finds nothing.
      const posted = await run(() => planRoute.action(routeArgs(formRequest("/professional-dashboard/plan", { intent: "portal" }, { cookie: user.cookie }))));
      expect(posted.status).toBe(404);
      expect((await planPage(client.cookie)).status).toBe(404);
      expect(await run(() => planRoute.loader(routeArgs(getRequest("/professional-dashboard/plan"))))).toMatchObject({ kind: "redirect", location: "/login?redirectTo=%2Fprofessional-dashboard%2Fplan" });
    } finally {
      billing(true);
    }
    expect((await planPage(user.cookie)).body).toMatchObject({ billing: true, verified: false, status: { state: "none" } });
  });

  it("the dashboard's checklist tells the professional about plans in both setups, with the plan page's link", async () => {
    const user = await account("professional", "checklist-plan");
    const pro = await professional("ChecklistPlan", { user });
    const planStep = async () => {
      const out = await run(() => dashboardLoader(routeArgs(getRequest("/professional-dashboard", { cookie: user.cookie }))));
      return (out.body as { onboarding: OnboardingView }).onboarding.steps.find((s) => s.id === "plan");
    };
    expect(await planStep()).toMatchObject({ state: "todo", title: "Choose a plan", link: { to: "/professional-dashboard/plan", label: "Go to your plan" } });
    const planId = await plan({ stripePriceId: "price_checklist" });
    expect((await deliver(checkoutCompleted(pro, planId, "cus_checklist", "sub_checklist"))).status).toBe(200);
    expect(await planStep()).toMatchObject({ state: "done", text: "Practice is active." });
    billing(false);
    try {
      expect(await planStep()).toMatchObject({ state: "done", title: "Membership", link: { to: "/professional-dashboard/plan", label: "How membership works" } });
    } finally {
      billing(true);
    }
  });

  it("/how-we-are-paid says what is true in each setup: Stripe subscriptions with billing on, membership arranged with our team with it off", async () => {
    const renderPage = async () => {
      const loaderData = howWeArePaidLoader();
      const router = createMemoryRouter([{ id: "root", path: "/", children: [{ index: true, Component: () => createElement(HowWeArePaid, { loaderData } as never) }] }], {
        initialEntries: ["/"],
        hydrationData: { loaderData: { root: { settings: await settingsForPages() } } },
      });
      return { loaderData, html: renderToString(createElement(RouterProvider, { router })).replace(/<!-- -->/g, "") };
    };
    const on = await renderPage();
    expect(on.loaderData).toEqual({ billing: true });
    expect(on.html).toContain("paid through Stripe");
    expect(on.html).toContain("What the subscription buys");
    expect(on.html).toContain("their subscription is paid");
    billing(false);
    try {
      const off = await renderPage();
      expect(off.loaderData).toEqual({ billing: false });
      expect(off.html).not.toContain("Stripe");
      expect(off.html).not.toContain("subscription");
      expect(off.html).toContain("A membership fee, agreed with each professional directly by our team");
      expect(off.html).toContain("What membership buys");
      expect(off.html).toContain("Matching does not read whether or what a professional pays");
    } finally {
      billing(true);
    }
  });
});
