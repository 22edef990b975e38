import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { professionals, registrationAnswers } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { getToast } from "~/platform/http/toast.server";
import { shortlistOf } from "~/features/matching/shortlists.data.server";
import { SHORTLIST_MAX, WEIGHTS } from "~/domain/matching-engine";
import { mailSettled } from "~/platform/mail.server";
import { getSettings } from "~/platform/settings.server";
import * as matchRoute from "~/routes/admin.matches.$userId";
import * as profileRoute from "~/routes/professionals.$id";
import Matching from "~/routes/matching";
import { formRequest, getRequest, requestArgs, routeArgs } from "./helpers";
import { cookieHeader, mailsTo, run, uniqueEmail, type Outcome } from "./support/auth-requests";

type Account = { id: string; email: string; cookie: string };
async function account(role: "admin" | "client"): Promise<Account> {
  const email = uniqueEmail(`review-${role}`);
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role });
  return { id: userId, email, cookie: (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "" };
}

async function addPro(name: string, company: string, over: Partial<typeof professionals.$inferInsert> = {}) {
  const [row] = await db()
    .insert(professionals)
    .values({
      name,
      company,
      email: uniqueEmail("review-pro"),
      verified: true,
      experienceYears: 9,
      services: ["Investment Management"],
      certifications: ["CFA"],
      aumRange: "10-50M",
      clientProfiles: ["HNWI"],
      communication: ["email"],
      countriesServed: ["SG"],
      feeModel: "fee-based",
      languages: ["English"],
      ...over,
    })
    .returning({ id: professionals.id });
  return row!.id;
}

let admin: Account;
let client: Account;
const ids: Record<string, number> = {};

const act = (fields: Record<string, string>) =>
  run(() => matchRoute.action(routeArgs(formRequest(`/admin/matches/${client.id}`, fields, { cookie: admin.cookie }), { userId: client.id })));
const load = async (query = "") =>
  (await run(() => matchRoute.loader(routeArgs(getRequest(`/admin/matches/${client.id}${query}`, { cookie: admin.cookie }), { userId: client.id }))))
    .body as Awaited<ReturnType<typeof matchRoute.loader>>;
const toastOf = async (out: Outcome) => (await getToast(getRequest("/", { cookie: cookieHeader(out.cookies) }))).toast?.description;

beforeAll(async () => {
  admin = await account("admin");
  client = await account("client");
  // Singapore, so the demo data and other tests' professionals (US, UK…) stay out of this list.
  await db().insert(registrationAnswers).values({
    userId: client.id,
    userType: "client",
    answers: {
      countryOfResidency: "SG",
      investmentObjectives: ["Growth", "Tax Optimization"],
      netWorth: "5-10M",
      wealthSource: ["Inheritance"],
      preferredCommunication: "video",
      advisorFeeModel: "fee-only",
      advisorLanguage: "Mandarin",
    },
  });
  ids.a = await addPro("Ada Review", "Review Alpha", { communication: ["video"], languages: ["Mandarin", "English"] });
  ids.b = await addPro("Ben Review", "Review Beta", { aumRange: "under-10M", experienceYears: 2 });
  ids.c = await addPro("Cy Review", "Review Gamma", { countriesServed: ["worldwide"], feeModel: "fee-only" });
  ids.colleague = await addPro("Dee Colleague", "review alpha", { experienceYears: 1, communication: ["phone"] });
  // Serves the UK only: left out by matching, added by hand after a decline.
  ids.spare = await addPro("Eve Spare", "Review Epsilon", { countriesServed: ["UK"] });
  ids.spare2 = await addPro("Fay Spare", "Review Zeta", { countriesServed: ["UK"] });
  await act({ intent: "recompute" });
});

describe("/admin/matches/:userId review", () => {
  it("each item's factor points add up to its score, with the published weights and the scale", async () => {
    const body = await load();
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    for (const item of body.items) {
      const sum = item.factors.reduce((a, f) => a + f.points, 0);
      expect(Math.round(sum * 10)).toBe(Math.round(item.score * 10));
      expect(Math.round(item.factors.reduce((a, f) => a + f.maxPoints, 0) * 10)).toBe(1000);
      // Every factor answered here, 'What matters' included: 115 in all.
      expect(item.countedWeight).toBe(Object.values(WEIGHTS).reduce((a, b) => a + b, 0));
    }
  });

  it("shows whole points a person reads, and says in words why a factor's most differs from its weight", async () => {
    const body = await load();
    const stored = (await shortlistOf(client.id))!.items;
    for (const item of body.items) {
      expect(Number.isInteger(item.score)).toBe(true);
      expect(item.score).toBe(Math.round(stored.find((s) => s.id === item.id)!.score));
      for (const f of item.factors) {
        expect(Number.isInteger(f.points) && Number.isInteger(f.maxPoints)).toBe(true);
        expect(f.points).toBeLessThanOrEqual(f.maxPoints);
      }
      expect(item.factors.reduce((a, f) => a + f.points, 0)).toBe(item.score);
      expect(item.factors.reduce((a, f) => a + f.maxPoints, 0)).toBe(100);
      expect(item.scoreNote).toBe(
        "The client also said what matters most to them, so that counts too: all the factors share the 100 points in proportion to their weights, and each can give a little less than its weight.",
      );
    }
    // The page itself: no tenths, no "scaled by 100/115".
    const Page = () => createElement(matchRoute.default, { loaderData: body, params: { userId: client.id }, matches: [] } as never);
    const router = createMemoryRouter([{ id: "page", path: "/admin/matches/:userId", Component: Page, loader: () => body }], {
      initialEntries: [`/admin/matches/${client.id}`],
      hydrationData: { loaderData: { page: body } },
    });
    const html = renderToString(createElement(RouterProvider, { router }));
    const points = [...html.matchAll(/data-testid="factor-points"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) expect(p).toMatch(/^(\d+ \/ \d+|—)$/);
    expect(html).not.toMatch(/scaled by|\d\.\d+ \/ /);
  });

  it("says why a same-firm colleague is left out, and counts the unverified ones matching never considers", async () => {
    await addPro("Uma Unverified", "Review Unverified", { verified: false });
    const body = await load();
    expect(body.excluded.find((e) => e.id === ids.colleague)?.reasons).toEqual([
      "A better-ranked colleague of the same firm is on the list (one per firm)",
    ]);
    expect(body.unverified).toBeGreaterThanOrEqual(1);
  });

  it("names the verified professionals matching leaves out before scoring: paused, or verification ended", async () => {
    const paused = await addPro("Pia Paused", "Review Paused", { verifiedAt: new Date(), pausedAt: new Date() });
    const lapsed = await addPro("Lev Lapsed", "Review Lapsed", { verifiedAt: new Date("2025-01-15T12:00:00Z") });
    const body = await load();
    expect(body.excluded.find((e) => e.id === paused)).toEqual({
      id: paused,
      name: "Pia Paused",
      reasons: ["Paused: a change in their regulator's record waits for your decision on their vetting page"],
    });
    expect(body.excluded.find((e) => e.id === lapsed)?.reasons).toEqual([expect.stringMatching(/^Verification ended Jan 15, 2026: renew it on their vetting page$/)]);
    // Gone from the directory: not named.
    await db().update(professionals).set({ deletedAt: new Date() }).where(inArray(professionals.id, [paused, lapsed]));
    expect((await load()).excluded.some((e) => e.id === paused || e.id === lapsed)).toBe(false);
  });

  it("releasing asks for confirmation first; nothing is released without it", async () => {
    const plain = await act({ intent: "release" });
    expect(await toastOf(plain)).toMatch(/^Confirm the release first/);
    expect((await shortlistOf(client.id))?.status).toBe("proposed");
    expect((await load()).confirmRelease).toBe(false);
    expect((await load("?confirm=release")).confirmRelease).toBe(true);
    const confirmed = await act({ intent: "release", confirmed: "yes" });
    expect(confirmed).toMatchObject({ kind: "redirect", location: "/admin/matches" });
    expect((await shortlistOf(client.id))?.status).toBe("released");
    expect((await load("?confirm=release")).confirmRelease).toBe(false);
  });

  it("lets the admin add to a released list that has room: the client sees it and is emailed", async () => {
    const before = (await shortlistOf(client.id))!;
    expect(before.status).toBe("released");
    expect(before.items.length).toBeLessThan(SHORTLIST_MAX);
    const body = await load();
    expect(body.roomFor).toBe(SHORTLIST_MAX);
    expect(body.addable.some((p) => p.id === ids.spare)).toBe(true);
    const added = await act({ intent: "add", professionalId: String(ids.spare) });
    expect(await toastOf(added)).toMatch(/^Eve Spare added\b.* The client has been emailed\.$/);
    expect((await shortlistOf(client.id))?.items.some((i) => i.id === ids.spare)).toBe(true);
    await mailSettled();
    expect(mailsTo(client.email)).toEqual(expect.arrayContaining([expect.stringContaining("Our team has added Eve Spare to your shortlist")]));
  });

  it("shows the client's 'Not for me' with its reason, and lets the admin add another to the released list", async () => {
    const declined = (await shortlistOf(client.id))!.items[0]!.id;
    const out = await run(() =>
      profileRoute.action(
        routeArgs(formRequest(`/professionals/${declined}`, { intent: "decline", reason: "We met before; <b>not</b> a fit." }, { cookie: client.cookie }), {
          id: String(declined),
        }),
      ),
    );
    expect(out.kind).toBe("redirect");
    const body = await load();
    expect(body.declines).toMatchObject([{ id: declined, reason: "We met before; <b>not</b> a fit." }]);
    expect(body.addable.some((p) => p.id === ids.spare2)).toBe(true);
    const added = await act({ intent: "add", professionalId: String(ids.spare2) });
    expect(await toastOf(added)).toMatch(/^Fay Spare added/);
    const list = await shortlistOf(client.id);
    expect(list?.status).toBe("released");
    expect(list?.items.some((i) => i.id === ids.spare2)).toBe(true);
  });
});

describe("/matching publishes the engine's weights", () => {
  it("shows each factor's weight exactly as WEIGHTS holds it", async () => {
    const root = { settings: await getSettings() };
    const router = createMemoryRouter([{ id: "root", path: "/", Component: Matching, loader: () => root }], {
      initialEntries: ["/"],
      hydrationData: { loaderData: { root } },
    });
    const html = renderToString(createElement(RouterProvider, { router }));
    const published = [...html.matchAll(/data-factor="(\w+)"[^>]*>\+?(\d+)</g)].map((m) => [m[1], Number(m[2])]);
    expect(Object.fromEntries(published)).toEqual(WEIGHTS);
  });
});
