import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { professionals, registrationAnswers, shortlistDeclines } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { releaseShortlist } from "~/features/matching/shortlists.data.server";
import { proposeShortlist } from "~/features/registration/client-shortlist.server";
import { requestIntroduction } from "~/features/introductions/introductions.data.server";
import * as profile from "~/routes/professionals.$id";
import { ProfilePage } from "~/features/professional-profile/profile-page";
import type { DeclineRefusal } from "~/features/professional-profile/shortlist-parts";
import * as welcome from "~/routes/client-welcome";
import * as adminEdit from "~/routes/admin.professionals.$id.edit";
import { formRequest, getRequest, requestArgs, routeArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";

type Account = { id: string; email: string; cookie: string };

async function account(tag: string, role: "client" | "professional" | "admin"): Promise<Account> {
  const email = uniqueEmail(tag);
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role, name: tag });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { id: userId, email, cookie };
}

async function addPro(name: string, company: string, userId: string | null, over: Partial<typeof professionals.$inferInsert> = {}) {
  const [row] = await db()
    .insert(professionals)
    .values({
      name,
      company,
      title: "Wealth Advisor",
      email: uniqueEmail("profile-pro"),
      userId,
      verified: true,
      verifiedAt: new Date("2026-03-02T12:00:00Z"),
      // "Verified" rests on a checked registration or a stated reason (register-standing.test.ts).
      registerExemption: "Advises under a bar admission; no financial register applies.",
      experienceYears: 12,
      services: ["Investment Management"],
      certifications: ["CFA", "Bar/Lawyer"],
      aumRange: "10-50M",
      clientProfiles: ["HNWI", "Entrepreneurs"],
      communication: ["video", "email"],
      countriesServed: ["US"],
      feeModel: "fee-only",
      languages: ["English", "French"],
      bio: "I help founders <b>keep</b> what they built.",
      feeMinimum: 250000,
      feeSchedule: "1% a year on the first $5M, 0.6% above.",
      ...over,
    })
    .returning({ id: professionals.id });
  return row!.id;
}

const load = (who: Account | null, id: number | string, data = false) =>
  run(() => profile.loader(routeArgs(getRequest(`/professionals/${id}${data ? ".data" : ""}`, who ? { cookie: who.cookie } : {}), { id: String(id) })));
const post = (who: Account, id: number, fields: Record<string, string>) =>
  run(() => profile.action(routeArgs(formRequest(`/professionals/${id}`, fields, { cookie: who.cookie }), { id: String(id) })));
type ProfileData = Awaited<ReturnType<typeof profile.loader>>;
const body = (out: { body: unknown }) => out.body as ProfileData;

let admin: Account;
let alice: Account;
let bob: Account;
let shortlisted: Account;
let stranger: Account;
let p1 = 0;
let p2 = 0;
let p3 = 0;
let unlisted = 0;

beforeAll(async () => {
  admin = await account("profile-admin", "admin");
  alice = await account("profile-alice", "professional");
  bob = await account("profile-bob", "professional");
  p1 = await addPro("Alice Advisor", "Alpha Wealth", alice.id, {
    disciplinaryDisclosed: true,
    disciplinaryCleared: true,
    disciplinaryNote: "A 2014 filing error, corrected; no client lost money.",
    featured: true,
  });
  p2 = await addPro("Bob Banker", "Beta Bank", bob.id, { experienceYears: null });
  p3 = await addPro("Cleo Counsel", "Gamma Group", null);
  unlisted = await addPro("Olga Outside", "Delta Partners", null, { countriesServed: ["CA"] });
  shortlisted = await account("profile-client", "client");
  await db().insert(registrationAnswers).values({
    userId: shortlisted.id,
    userType: "client",
    answers: { countryOfResidency: "US", investmentObjectives: ["Growth", "Estate Planning"], netWorth: "5-10M", preferredCommunication: "video" },
  });
  stranger = await account("profile-stranger", "client");
  await db().insert(registrationAnswers).values({ userId: stranger.id, userType: "client", answers: { countryOfResidency: "CA", investmentObjectives: ["Growth"] } });
  await proposeShortlist(shortlisted.id);
  await proposeShortlist(stranger.id);
  await releaseShortlist(stranger.id, admin.id);
});

describe("/professionals/:id: who may see it", () => {
  it("is 404 for everyone before the client's shortlist is released", async () => {
    expect((await load(shortlisted, p1)).status).toBe(404);
  });

  it("a client whose released shortlist holds them sees the profile in plain words, and only fitting reasons under 'Why they fit you'", async () => {
    expect(await releaseShortlist(shortlisted.id, admin.id)).toBe(true);
    const out = await load(shortlisted, p1);
    expect(out.status).toBe(200);
    const { mode, profile: p, client } = body(out);
    expect(mode).toBe("client");
    expect(p).toMatchObject({
      name: "Alice Advisor",
      experience: "12 years",
      // The header's fields, the same as on their shortlist card.
      summary: { credentials: ["Chartered Financial Analyst (CFA)", "Lawyer admitted to the bar"], feeModel: "Fee-only", feeMinimum: "$250,000" },
      typicalClients: ["Individuals and families with about $1M to $30M", "Business owners and founders"],
      fee: { schedule: "1% a year on the first $5M, 0.6% above." },
      disciplinary: { cleared: true, note: "A 2014 filing error, corrected; no client lost money." },
      verifiedOn: "2026-03-02T12:00:00.000Z",
      featured: true,
    });
    expect(p.fee.model).toMatch(/^Fee-only/);
    expect(JSON.stringify(p)).not.toContain(alice.email);
    // The shortlist card's plain reasons, every one of them (no limit of three), strongest first.
    expect(client?.reasons).toEqual([
      "Works with families of your wealth.",
      "Helps with growth, one of the two objectives you named.",
      "Serves clients in your country.",
      "Works by video calls, as you prefer.",
      "12 years of experience, with qualifications suited to your objectives.",
    ]);
    // Never the engine's band lists ("individuals and families with about $1M to $30M and ...").
    for (const line of client?.reasons ?? []) expect(line).not.toMatch(/and individuals and families|\$1M to \$30M/);
    expect(client?.caveats).toContain("Estate planning is not among the services they list.");
    for (const line of client?.reasons ?? []) expect(line).not.toMatch(/not |HNWI|Bar\/Lawyer|0 years|far from/);
    expect(client).toMatchObject({ introduction: null, declined: false, confirmed: true });
  });

  it("unknown experience is 'Not stated', never 0", async () => {
    expect(body(await load(bob, p2)).profile.experience).toBe("Not stated");
  });

  it("is 404, page and .data alike, for anonymous visitors, other professionals and clients whose shortlist lacks them", async () => {
    for (const data of [false, true]) {
      expect((await load(null, p1, data)).status).toBe(404);
      expect((await load(bob, p1, data)).status).toBe(404);
      expect((await load(stranger, p1, data)).status).toBe(404);
      expect((await load(shortlisted, unlisted, data)).status).toBe(404);
      expect((await load(shortlisted, 999_999, data)).status).toBe(404);
      expect((await load(shortlisted, "abc", data)).status).toBe(404);
    }
  });

  it("the professional sees their own as a preview; an admin sees any", async () => {
    expect(body(await load(alice, p1)).mode).toBe("preview");
    expect(body(await load(alice, p1)).client).toBeNull();
    expect(body(await load(admin, unlisted)).mode).toBe("admin");
  });

  it("a deleted entry is 404 for everyone but admins; an unverified one for its clients, and their card says 'No longer available'", async () => {
    await db().update(professionals).set({ verified: false }).where(eq(professionals.id, p3));
    expect((await load(shortlisted, p3)).status).toBe(404);
    const cards = (await run(() => welcome.loader(routeArgs(getRequest("/client-welcome", { cookie: shortlisted.cookie }))))).body as Awaited<
      ReturnType<typeof welcome.loader>
    >;
    expect(cards.shortlist?.entries.find((e) => e.summary.id === p3)).toMatchObject({ available: false });
    expect(cards.shortlist?.entries.find((e) => e.summary.id === p1)).toMatchObject({ available: true, declined: false });
    await db().update(professionals).set({ verified: true, deletedAt: new Date() }).where(eq(professionals.id, p3));
    expect((await load(shortlisted, p3)).status).toBe(404);
    expect((await load(admin, p3)).status).toBe(200);
    await db().update(professionals).set({ deletedAt: null }).where(eq(professionals.id, p3));
  });

  it("a verification that lapsed (12 months) is treated as unverified: 404 for its clients, 'No longer available', no introduction", async () => {
    await db().update(professionals).set({ verifiedAt: new Date(Date.now() - 366 * 24 * 60 * 60_000) }).where(eq(professionals.id, p3));
    try {
      expect((await load(shortlisted, p3)).status).toBe(404);
      const cards = (await run(() => welcome.loader(routeArgs(getRequest("/client-welcome", { cookie: shortlisted.cookie }))))).body as Awaited<
        ReturnType<typeof welcome.loader>
      >;
      expect(cards.shortlist?.entries.find((e) => e.summary.id === p3)).toMatchObject({ available: false });
      expect(await requestIntroduction(shortlisted.id, p3)).toMatchObject({ ok: false, refusal: "not-available" });
    } finally {
      await db().update(professionals).set({ verifiedAt: new Date("2026-03-02T12:00:00Z") }).where(eq(professionals.id, p3));
    }
  });
});

describe("'Not for me'", () => {
  it("refuses a reason over 500 characters, changes nothing and hands the typed text back", async () => {
    const long = "x".repeat(501);
    const out = await post(shortlisted, p3, { intent: "decline", reason: long });
    expect(out.status).toBe(400);
    expect(JSON.stringify(out.body)).toContain("500 characters");
    expect(JSON.stringify(out.body)).toContain(long);
    expect(await db().select().from(shortlistDeclines).where(eq(shortlistDeclines.clientUserId, shortlisted.id))).toEqual([]);
    // The page rendered with that answer shows the message and the text as typed, although nothing is declined yet.
    const page = body(await load(shortlisted, p3));
    const refusal = (out.body as { refusal: DeclineRefusal }).refusal;
    const router = createMemoryRouter(
      [{ path: "/", Component: () => createElement(ProfilePage, { mode: page.mode, profile: page.profile, client: page.client, declineRefusal: refusal }) }],
      { initialEntries: ["/"] },
    );
    const html = renderToString(createElement(RouterProvider, { router }));
    expect(html).toContain("Please keep the reason to 500 characters or fewer.");
    expect(html).toContain(`>${long}</textarea>`);
  });

  it("refuses an intent no button sends with the bad-request page (400), not a reason's error, and changes nothing", async () => {
    const out = await post(shortlisted, p3, { intent: "declined-everything", reason: "x" });
    expect(out.status).toBe(400);
    // The error boundary's "We could not read that request. Nothing was changed."
    expect(out.body).toEqual({ error: "Bad request" });
    expect(await db().select().from(shortlistDeclines).where(eq(shortlistDeclines.clientUserId, shortlisted.id))).toEqual([]);
  });

  it("takes one press without a reason; a reason sent afterwards replaces it and is shown back on the profile and the card", async () => {
    const reasonOf = async () =>
      (
        await db()
          .select({ reason: shortlistDeclines.reason })
          .from(shortlistDeclines)
          .where(and(eq(shortlistDeclines.clientUserId, shortlisted.id), eq(shortlistDeclines.professionalId, p3)))
      ).map((r) => r.reason);
    const card = async () =>
      ((await run(() => welcome.loader(routeArgs(getRequest("/client-welcome", { cookie: shortlisted.cookie }))))).body as Awaited<
        ReturnType<typeof welcome.loader>
      >).shortlist?.entries.find((e) => e.summary.id === p3);
    expect(await post(shortlisted, p3, { intent: "decline" })).toMatchObject({ kind: "redirect", location: "/client-welcome#shortlist" });
    expect(await reasonOf()).toEqual([null]);
    expect(body(await load(shortlisted, p3)).client).toMatchObject({ declined: true, declineReason: null });
    expect(await card()).toMatchObject({ declined: true, declineReason: null });
    await post(shortlisted, p3, { intent: "decline", reason: "We would rather meet someone in London." });
    expect(await reasonOf()).toEqual(["We would rather meet someone in London."]);
    expect(body(await load(shortlisted, p3)).client).toMatchObject({ declined: true, declineReason: "We would rather meet someone in London." });
    expect(await card()).toMatchObject({ declined: true, declineReason: "We would rather meet someone in London." });
    // The one-press button again, from a tab opened before: the reason given is not lost.
    await post(shortlisted, p3, { intent: "decline" });
    expect(await reasonOf()).toEqual(["We would rather meet someone in London."]);
    // An emptied reason box clears it.
    await post(shortlisted, p3, { intent: "decline", reason: "   " });
    expect(await reasonOf()).toEqual([null]);
    await post(shortlisted, p3, { intent: "undo-decline" });
    expect(await reasonOf()).toEqual([]);
  });

  it("records the reason, marks the card and refuses an introduction until undone", async () => {
    const out = await post(shortlisted, p3, { intent: "decline", reason: "  I want someone closer to home.  " });
    expect(out).toMatchObject({ kind: "redirect", location: "/client-welcome#shortlist" });
    const [row] = await db()
      .select({ reason: shortlistDeclines.reason })
      .from(shortlistDeclines)
      .where(and(eq(shortlistDeclines.clientUserId, shortlisted.id), eq(shortlistDeclines.professionalId, p3)));
    expect(row?.reason).toBe("I want someone closer to home.");
    expect(body(await load(shortlisted, p3)).client?.declined).toBe(true);
    expect(await requestIntroduction(shortlisted.id, p3)).toEqual({ ok: false, refusal: "declined-by-client" });
    await post(shortlisted, p3, { intent: "undo-decline" });
    expect(body(await load(shortlisted, p3)).client?.declined).toBe(false);
    expect((await requestIntroduction(shortlisted.id, p3)).ok).toBe(true);
  });

  it("is refused while an introduction is live, and for anyone the shortlist does not hold (404)", async () => {
    const live = await post(shortlisted, p3, { intent: "decline" });
    expect(live.status).toBe(409);
    expect((await post(stranger, p1, { intent: "decline" })).status).toBe(404);
    expect((await post(alice, p1, { intent: "decline" })).status).toBe(404);
    expect((await post(admin, p1, { intent: "decline" })).status).toBe(404);
  });
});

describe("the admin sets the fee minimum, fee schedule and disciplinary note", () => {
  const edit = (id: number, fields: Record<string, string | string[]>) =>
    run(() => adminEdit.action(routeArgs(formRequest(`/admin/professionals/${id}/edit`, fields, { cookie: admin.cookie }), { id: String(id) })));
  const base = (id: number) => ({
    name: "Cleo Counsel",
    email: `cleo-${id}@example.com`,
    company: "Gamma Group",
    services: ["Investment Management"],
    experienceYears: "12",
    aumRange: "10-50M",
    clientProfiles: ["HNWI"],
    communication: ["email"],
    countriesServed: ["US"],
    feeModel: "fee-only",
    languages: ["English"],
    verified: "on",
  });

  it("saves them, and the profile shows them in plain words", async () => {
    const out = await edit(p3, {
      ...base(p3),
      feeMinimum: "500000",
      feeSchedule: "0.8% a year, billed quarterly.",
      disciplinaryDisclosed: "on",
      disciplinaryCleared: "on",
      disciplinaryNote: "Late filing in 2019; fined and resolved.",
    });
    expect(out.kind).toBe("redirect");
    const [row] = await db().select().from(professionals).where(eq(professionals.id, p3));
    expect(row).toMatchObject({ feeMinimum: 500000, feeSchedule: "0.8% a year, billed quarterly.", disciplinaryNote: "Late filing in 2019; fined and resolved." });
    const shown = body(await load(admin, p3)).profile;
    expect(shown.summary.feeMinimum).toBe("$500,000");
    expect(shown.fee).toMatchObject({ schedule: "0.8% a year, billed quarterly." });
    expect(shown.disciplinary).toEqual({ cleared: true, note: "Late filing in 2019; fined and resolved." });
  });

  it("refuses a minimum that is not a whole number of dollars, and keeps what was typed", async () => {
    const out = await edit(p3, { ...base(p3), feeMinimum: "$250,000", feeSchedule: "Kept as typed" });
    expect(out.status).toBe(400);
    expect(JSON.stringify(out.body)).toContain("whole number of US dollars");
    expect(JSON.stringify(out.body)).toContain("Kept as typed");
    const [row] = await db().select().from(professionals).where(eq(professionals.id, p3));
    expect(row?.feeMinimum).toBe(500000);
  });
});
