// The disclosure says the order of a shortlist and every score come from the published weights, never
// from a professional's plan or payment (/how-we-are-paid). This keeps it true: through the path plan
// status really takes (Stripe's webhook writes the subscription, the candidate query reads it), a plan
// swapped for a dearer or cheaper one, a featured flag, and billing switched off leave every score and
// the order as they were; a subscription that ends takes its professional out of matching and leaves
// the others' scores and order alone.
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { resetConfigForTests } from "~/platform/config.server";
import { plans, professionals, subscriptions } from "~/platform/schema";
import { applyEvent } from "~/features/billing/webhook.server";
import { verifiedCandidates } from "~/features/matching/shortlists.data.server";
import { match, scoreOne, type ClientAnswers } from "~/domain/matching-engine";
import { uniqueEmail } from "./support/auth-requests";
import { COMPLETE_MATCHING } from "./support/matching";

function billing(on: boolean) {
  if (on) {
    process.env.STRIPE_SECRET_KEY = "sk_test_plan_score";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_plan_score";
  } else {
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]) delete process.env[key];
  }
  resetConfigForTests();
}

let n = 0;
/** A Stripe event as the webhook applies it once its signature is checked. */
const event = (type: string, object: Record<string, unknown>) =>
  ({ id: `evt_plan_score_${++n}`, object: "event", type, data: { object }, created: Math.floor(Date.now() / 1000) }) as unknown as Stripe.Event;

const subscribe = (professionalId: number, planId: number) =>
  applyEvent(
    event("checkout.session.completed", {
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: String(professionalId),
      customer: `cus_${professionalId}`,
      subscription: `sub_${professionalId}`,
      payment_status: "paid",
      metadata: { planId: String(planId), professionalId: String(professionalId) },
    }),
  );
const changePlan = (professionalId: number, priceId: string, type = "customer.subscription.updated") =>
  applyEvent(
    event(type, {
      id: `sub_${professionalId}`,
      object: "subscription",
      customer: `cus_${professionalId}`,
      status: "active",
      metadata: {},
      items: { object: "list", data: [{ id: "si_1", price: { id: priceId }, current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400 }] },
    }),
  );

async function plan(name: string, amountMinor: number, interval: "monthly" | "yearly", priceId: string): Promise<number> {
  const [row] = await db().insert(plans).values({ name, amountMinor, currency: "usd", interval, active: true, stripePriceId: priceId }).returning({ id: plans.id });
  return row!.id;
}

/** Verified, complete and different enough that their scores differ. */
async function professional(name: string, differences: Partial<typeof professionals.$inferInsert>): Promise<number> {
  const [row] = await db()
    .insert(professionals)
    .values({ name, company: `${name} Wealth`, email: uniqueEmail("plan-score"), verified: true, verifiedAt: new Date(), ...COMPLETE_MATCHING, ...differences })
    .returning({ id: professionals.id });
  return row!.id;
}

const CLIENT: ClientAnswers = {
  countryOfResidency: "US",
  investmentObjectives: ["Growth", "Tax Optimization"],
  netWorth: "25-50M",
  wealthSource: ["Business Ownership"],
  preferredCommunication: "email",
};

/** What the client would be shown, and every score, from the candidates matching reads today. */
async function ranking(ids: number[]) {
  const candidates = (await verifiedCandidates()).filter((c) => ids.includes(c.id));
  const result = match(CLIENT, candidates);
  return {
    order: result.shortlist.map((item) => item.id),
    scores: Object.fromEntries(result.shortlist.map((item) => [item.id, item.score])),
    factors: Object.fromEntries(candidates.map((c) => [c.id, scoreOne(CLIENT, c).factors])),
    candidates,
  };
}

let ids: number[] = [];
let [ada, ben, cy, dee] = [0, 0, 0, 0];
let basic = 0;
let premium = 0;

beforeAll(async () => {
  billing(true);
  basic = await plan("Practice", 9_900, "monthly", "price_basic");
  premium = await plan("Firm", 99_900, "monthly", "price_premium");
  const yearly = await plan("Practice yearly", 99_000, "yearly", "price_yearly");
  ada = await professional("Ada", { experienceYears: 25, aumRange: "100-500M", certifications: ["CFA", "CPA"] });
  ben = await professional("Ben", { experienceYears: 8, aumRange: "500M+", communication: ["video"] });
  cy = await professional("Cy", { experienceYears: 15, aumRange: "50-100M", services: ["Investment Management"] });
  dee = await professional("Dee", { experienceYears: 4, aumRange: "10-50M", countriesServed: ["worldwide"] });
  ids = [ada, ben, cy, dee];
  for (const [id, planId] of [[ada, basic], [ben, premium], [cy, yearly], [dee, basic]] as const) expect(await subscribe(id, planId)).toBe("applied");
});
afterAll(() => billing(false));

describe("a professional's plan never moves a score or a place", () => {
  it("the candidates the engine reads carry no plan, price or payment", async () => {
    const { candidates } = await ranking(ids);
    expect(candidates.map((c) => c.id).sort()).toEqual([...ids].sort());
    const fields = new Set(candidates.flatMap((c) => Object.keys(c)));
    expect([...fields].filter((f) => /plan|price|subscri|amount|paid|pay/i.test(f))).toEqual([]);
  });

  it("swapping the cheapest and the dearest plan, and featuring the last, changes neither scores nor order", async () => {
    const before = await ranking(ids);
    // Distinct scores, so an order that moved would show.
    expect(new Set(Object.values(before.scores)).size).toBe(4);

    expect(await changePlan(ada, "price_premium")).toBe("applied");
    expect(await changePlan(ben, "price_basic")).toBe("applied");
    const planOf = async (id: number) => (await db().select({ planId: subscriptions.planId }).from(subscriptions).where(eq(subscriptions.professionalId, id)))[0]?.planId;
    expect([await planOf(ada), await planOf(ben)]).toEqual([premium, basic]);
    await db().update(professionals).set({ featured: true }).where(eq(professionals.id, before.order.at(-1)!));

    const after = await ranking(ids);
    expect(after.order).toEqual(before.order);
    expect(after.scores).toEqual(before.scores);
    expect(after.factors).toEqual(before.factors);
  });

  it("an ended subscription takes that professional out of matching; the others keep their scores and order", async () => {
    const before = await ranking(ids);
    expect(await changePlan(cy, "price_yearly", "customer.subscription.deleted")).toBe("applied");
    const after = await ranking(ids);
    expect(after.order).toEqual(before.order.filter((id) => id !== cy));
    expect(after.scores).toEqual(Object.fromEntries(Object.entries(before.scores).filter(([id]) => Number(id) !== cy)));
  });

  it("with billing off (no subscription read at all) every score is the same as with plans", async () => {
    const withPlans = await ranking(ids);
    billing(false);
    try {
      const without = await ranking(ids);
      expect(without.order.filter((id) => id !== cy)).toEqual(withPlans.order);
      for (const id of withPlans.order) expect(without.scores[id], `professional ${id}`).toBe(withPlans.scores[id]);
    } finally {
      billing(true);
    }
  });
});
