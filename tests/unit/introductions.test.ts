import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { introductions, professionals, registrationAnswers, users } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { getToast } from "~/platform/http/toast.server";
import { releaseShortlist } from "~/features/matching/shortlists.data.server";
import { proposeShortlist, reproposeShortlist } from "~/features/registration/client-shortlist.server";
import { requestIntroduction, withdrawIntroduction, answerIntroduction } from "~/features/introductions/introductions.data.server";
import { matchingStats } from "~/features/admin/dashboard/matching-stats.data.server";
import { deleteAccount, exportAccountData } from "~/features/account/account.data.server";
import * as welcome from "~/routes/client-welcome";
import * as dashboard from "~/routes/professional-dashboard";
import { formRequest, getRequest, requestArgs, routeArgs } from "./helpers";
import { cookieHeader, mailsTo, run, uniqueEmail, type Outcome } from "./support/auth-requests";

type Account = { id: string; email: string; cookie: string };

async function account(tag: string, role: "client" | "professional" | "admin", name?: string): Promise<Account> {
  const email = uniqueEmail(tag);
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role, name });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { id: userId, email, cookie };
}

async function addPro(name: string, company: string, userId: string | null, countries: string[] = ["US"]): Promise<number> {
  const [row] = await db()
    .insert(professionals)
    .values({
      name,
      company,
      title: "Advisor",
      email: uniqueEmail("intro-pro-entry"),
      userId,
      verified: true,
      experienceYears: 10,
      services: ["Investment Management"],
      aumRange: "10-50M",
      clientProfiles: ["HNWI"],
      communication: ["phone", "email"],
      countriesServed: countries as ("US" | "CA")[],
      feeModel: "fee-only",
      languages: ["English"],
    })
    .returning({ id: professionals.id });
  return row!.id;
}

async function client(tag: string, answers: Record<string, unknown>, hoursAgo = 5): Promise<Account> {
  const c = await account(tag, "client", `${tag} Client`);
  await db()
    .insert(registrationAnswers)
    .values({ userId: c.id, userType: "client", answers, createdAt: new Date(Date.now() - hoursAgo * 3_600_000) });
  return c;
}

async function toastOf(out: Outcome) {
  return (await getToast(getRequest("/", { cookie: cookieHeader(out.cookies) }))).toast?.description;
}

const welcomeAction = (who: Account, fields: Record<string, string>) =>
  run(() => welcome.action(routeArgs(formRequest("/client-welcome", fields, { cookie: who.cookie }))));
const welcomeLoader = async (who: Account) =>
  (await run(() => welcome.loader(routeArgs(getRequest("/client-welcome", { cookie: who.cookie }))))).body as Awaited<ReturnType<typeof welcome.loader>>;
const dashAction = (who: Account, fields: Record<string, string>) =>
  run(() => dashboard.action(routeArgs(formRequest("/professional-dashboard", fields, { cookie: who.cookie }))));
type DashboardData = { introductions: { rows: { id: number; name: string; objectives: string[]; netWorth: string | null; preferredContact: string; contactDetail: string | null; status: string }[]; total: number } | null };
const dashLoader = async (who: Account) => {
  const out = await run(() => dashboard.loader(routeArgs(getRequest("/professional-dashboard", { cookie: who.cookie }))));
  return out.body as DashboardData;
};

let alice: Account;
let bob: Account;
let outsiderPro: Account;
let client1: Account;
let p1 = 0;
let p2 = 0;
let p3 = 0;
let off = 0;

beforeAll(async () => {
  alice = await account("intro-alice", "professional", "Alice Advisor");
  bob = await account("intro-bob", "professional", "Bob Banker");
  outsiderPro = await account("intro-outsider", "professional", "Olga Outside");
  p1 = await addPro("Alice Advisor", "Alpha Wealth", alice.id);
  p2 = await addPro("Bob Banker", "Beta Bank", bob.id);
  p3 = await addPro("Cleo Counsel", "Gamma Group", null);
  off = await addPro("Olga Outside", "Delta Partners", outsiderPro.id, ["CA"]);
  client1 = await client("intro-one", {
    firstName: "Clara",
    lastName: "Client",
    countryOfResidency: "US",
    investmentObjectives: ["Growth"],
    netWorth: "5-10M",
    preferredCommunication: "phone",
    phone: "+1 212 555 0100",
  });
});

describe("introductions", () => {
  it("cannot be requested before the shortlist is released", async () => {
    expect((await proposeShortlist(client1.id))?.shortlist.items.map((i) => i.id).sort()).toEqual([p1, p2, p3].sort());
    expect(await requestIntroduction(client1.id, p1)).toEqual({ ok: false, refusal: "not-released" });
    expect((await welcomeLoader(client1)).shortlist).toBeNull();
    const out = await welcomeAction(client1, { intent: "request", professionalId: String(p1) });
    expect(await toastOf(out)).toBe("Your shortlist is not ready yet.");
    expect(await db().select().from(introductions)).toEqual([]);
  });

  it("the released shortlist shows name, title, company and reasons in words; nothing is requested yet", async () => {
    expect(await releaseShortlist(client1.id, alice.id)).toBe(true);
    const list = (await welcomeLoader(client1)).shortlist;
    expect(list?.entries.map((e) => e.summary.id).sort()).toEqual([p1, p2, p3].sort());
    const entry = list?.entries.find((e) => e.summary.id === p1);
    expect(entry).toMatchObject({ summary: { name: "Alice Advisor", title: "Advisor", company: "Alpha Wealth" }, introduction: null });
    // A card carries its three strongest reasons, in plain words, and the count of the rest (the profile lists them all).
    expect(entry?.reasons[0]).toBe("Helps with growth, the objective you named.");
    expect(entry?.reasons).toHaveLength(3);
    for (const line of entry?.reasons ?? []) expect(line).not.toMatch(/individuals and families with|HNWI/i);
    expect(entry?.moreReasons).toBeGreaterThan(0);
    // Alice sees nobody yet.
    expect((await dashLoader(alice)).introductions?.total).toBe(0);
  });

  it("a client requests only professionals on their released shortlist, once", async () => {
    const out = await welcomeAction(client1, { intent: "request", professionalId: String(p1) });
    expect(out).toMatchObject({ kind: "redirect", location: "/client-welcome#shortlist" });
    expect(await toastOf(out)).toMatch(/^Introduction requested\. Alice Advisor can now see/);
    const mail = mailsTo(alice.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain("A client on WealthMatch has asked to be introduced to you.");
    expect(mail[0]).not.toContain("Clara");

    const again = await welcomeAction(client1, { intent: "request", professionalId: String(p1) });
    expect(await toastOf(again)).toBe("You have already asked for this introduction.");
    expect(await db().select().from(introductions).where(eq(introductions.clientUserId, client1.id))).toHaveLength(1);

    const forged = await welcomeAction(client1, { intent: "request", professionalId: String(off) });
    expect(await toastOf(forged)).toBe("That professional is not on your shortlist.");
    expect(await requestIntroduction(client1.id, 999_999)).toEqual({ ok: false, refusal: "not-on-shortlist" });
    const bad = await welcomeAction(client1, { intent: "request", professionalId: "x" });
    expect(bad.status).toBe(400);
    expect((await welcomeLoader(client1)).shortlist?.entries.find((e) => e.summary.id === p1)?.introduction).toBe("requested");
  });

  it("only the professional asked sees the client, with objectives, net worth and the channel they prefer (the number once accepted)", async () => {
    const seen = await dashLoader(alice);
    expect(seen.introductions?.rows).toEqual([
      expect.objectContaining({
        name: `intro-one Client`,
        objectives: ["Growth"],
        netWorth: "$5M – $10M",
        preferredContact: "Phone",
        // Their number only once accepted: the client was told a request shows how they prefer to be contacted.
        contactDetail: null,
        status: "requested",
      }),
    ]);
    // Bob is on the same shortlist but was not asked; Olga is on none.
    expect((await dashLoader(bob)).introductions).toEqual(expect.objectContaining({ rows: [], total: 0 }));
    expect((await dashLoader(outsiderPro)).introductions?.total).toBe(0);
  });

  it("accept and decline belong to that professional only: a forged form from another is 'not found'", async () => {
    const id = (await dashLoader(alice)).introductions!.rows[0]!.id;
    const forged = await dashAction(bob, { intent: "accept", introductionId: String(id) });
    expect(forged.status).toBe(404);
    expect(await answerIntroduction(p2, id, "accepted")).toEqual({ ok: false, refusal: "not-found" });
    const [stored] = await db().select({ status: introductions.status }).from(introductions).where(eq(introductions.id, id)).limit(1);
    expect(stored?.status).toBe("requested");
    // A client cannot answer for the professional either.
    expect((await dashAction(client1, { intent: "accept", introductionId: String(id) })).status).toBe(404);

    const out = await dashAction(alice, { intent: "accept", introductionId: String(id) });
    expect(out).toMatchObject({ kind: "redirect", location: "/professional-dashboard#introductions" });
    expect(await toastOf(out)).toMatch(/^Introduction accepted. The client has been emailed. You can reach /);
    expect(mailsTo(client1.email).some((m) => m.includes("Alice Advisor accepted your request"))).toBe(true);
    const twice = await dashAction(alice, { intent: "decline", introductionId: String(id) });
    expect(await toastOf(twice)).toBe("This introduction has already been answered or withdrawn.");
    expect((await dashLoader(alice)).introductions?.rows[0]).toMatchObject({ status: "accepted", contactDetail: "+1 212 555 0100" });
  });

  it("a client withdraws: the professional no longer sees them, is told, and can no longer answer; asking again works", async () => {
    const id = (await dashLoader(alice)).introductions!.rows[0]!.id;
    const out = await welcomeAction(client1, { intent: "withdraw", professionalId: String(p1) });
    expect(await toastOf(out)).toBe("Request withdrawn. Alice Advisor no longer sees your details.");
    expect((await dashLoader(alice)).introductions?.total).toBe(0);
    expect(mailsTo(alice.email).some((m) => m.includes("has withdrawn the request"))).toBe(true);
    expect((await dashAction(alice, { intent: "decline", introductionId: String(id) })).status).toBe(404);
    expect(await withdrawIntroduction(client1.id, p1)).toEqual({ ok: false, refusal: "nothing-to-withdraw" });
    expect(await withdrawIntroduction(client1.id, p2)).toEqual({ ok: false, refusal: "nothing-to-withdraw" });

    expect(await requestIntroduction(client1.id, p1)).toMatchObject({ ok: true });
    expect((await dashLoader(alice)).introductions?.rows[0]?.status).toBe("requested");
  });

  it("a declined introduction cannot be asked again", async () => {
    expect(await requestIntroduction(client1.id, p2)).toMatchObject({ ok: true });
    const id = (await dashLoader(bob)).introductions!.rows[0]!.id;
    const out = await dashAction(bob, { intent: "decline", introductionId: String(id) });
    expect(await toastOf(out)).toBe("Introduction declined. The client has been told.");
    expect(mailsTo(client1.email).some((m) => m.includes("Bob Banker declined your request"))).toBe(true);
    expect((await dashLoader(bob)).introductions?.total).toBe(0);
    expect(await requestIntroduction(client1.id, p2)).toEqual({ ok: false, refusal: "declined" });
  });

  it("the admin dashboard counts waiting clients, the median time to release and the share accepted", async () => {
    // Two more clients: one waiting; one released 10 hours after registering.
    await client("intro-waiting", { countryOfResidency: "US", investmentObjectives: ["Growth"] });
    const released = await client("intro-released", { countryOfResidency: "US", investmentObjectives: ["Growth"] }, 10);
    await proposeShortlist(released.id);
    await releaseShortlist(released.id, alice.id);
    expect(await requestIntroduction(released.id, p1)).toMatchObject({ ok: true });
    const id = (await dashLoader(alice)).introductions!.rows.find((r) => r.name.startsWith("intro-released"))!.id;
    expect(await answerIntroduction(p1, id, "accepted")).toMatchObject({ ok: true });

    const stats = await matchingStats();
    expect(stats.waiting).toBe(1);
    // client1 registered 5 h before its release, the other 10 h: the median of two is their mean.
    expect(stats.medianHoursToRelease).toBeCloseTo(7.5, 0);
    expect(stats.released).toBe(2);
    // Answered: one declined (Bob), one accepted; Alice's renewed request for client1 is not answered yet.
    expect(stats.answered).toBe(2);
    expect(stats.acceptedShare).toBe(0.5);
  });

  it("a client whose e-mail address is unconfirmed cannot ask for an introduction, and the page says so", async () => {
    const unconfirmed = await client("intro-unconfirmed", { countryOfResidency: "US", investmentObjectives: ["Growth"] });
    await db().update(users).set({ emailConfirmedAt: null }).where(eq(users.id, unconfirmed.id));
    await proposeShortlist(unconfirmed.id);
    await releaseShortlist(unconfirmed.id, alice.id);
    expect(await requestIntroduction(unconfirmed.id, p1)).toEqual({ ok: false, refusal: "unconfirmed" });
    const out = await welcomeAction(unconfirmed, { intent: "request", professionalId: String(p1) });
    expect(await toastOf(out)).toMatch(/^Confirm your email address first/);
    expect(await db().select().from(introductions).where(eq(introductions.clientUserId, unconfirmed.id))).toEqual([]);
  });

  it("a client whose shortlist is under review again keeps their introductions in view and can withdraw them", async () => {
    const changer = await client("intro-changer", { countryOfResidency: "US", investmentObjectives: ["Growth"] });
    await proposeShortlist(changer.id);
    await releaseShortlist(changer.id, alice.id);
    expect(await requestIntroduction(changer.id, p3)).toMatchObject({ ok: true });
    await reproposeShortlist(changer.id);
    const page = await welcomeLoader(changer);
    expect(page.shortlist).toBeNull();
    expect(page.pendingIntroductions.map((e) => [e.summary.name, e.introduction])).toEqual([["Cleo Counsel", "requested"]]);
    const out = await welcomeAction(changer, { intent: "withdraw", professionalId: String(p3) });
    expect(await toastOf(out)).toBe("Request withdrawn. Cleo Counsel no longer sees your details.");
    expect((await welcomeLoader(changer)).pendingIntroductions).toEqual([]);
  });
  it("the data export lists a person's introductions on both sides", async () => {
    const clientSide = (await exportAccountData(client1.id))!.introductions;
    expect(clientSide.asClient.map((i) => [i.professional, i.status]).sort()).toEqual([
      ["Alice Advisor", "requested"],
      ["Bob Banker", "declined"],
    ]);
    expect(clientSide.asProfessional).toEqual([]);
    const aliceSide = (await exportAccountData(alice.id))!.introductions;
    expect(aliceSide.asClient).toEqual([]);
    expect(aliceSide.asProfessional.map((i) => [i.clientName, i.status]).sort()).toEqual([
      ["intro-one Client", "requested"],
      ["intro-released Client", "accepted"],
    ]);
    // Bob declined: the client is no longer shown to him, in his export either.
    expect((await exportAccountData(bob.id))!.introductions.asProfessional).toEqual([]);
  });

  it("deleting an account ends its open introductions for the other side and removes the rest", async () => {
    const ofClient = () => db().select().from(introductions).where(eq(introductions.clientUserId, client1.id));
    const toAlice = () => db().select().from(introductions).where(eq(introductions.professionalId, p1));
    const toBob = () => db().select().from(introductions).where(eq(introductions.professionalId, p2));
    expect(await ofClient()).toHaveLength(2);
    expect(await toAlice()).toHaveLength(2);
    expect(await deleteAccount(client1.id, { kind: "owner" })).toMatchObject({ ok: true });
    expect(await ofClient()).toEqual([]);
    // Bob had declined: nothing left to show. Alice's request ends, and her list says the client left.
    expect(await toBob()).toEqual([]);
    expect((await toAlice()).map((i) => [i.clientUserId, i.status, i.endReason])).toContainEqual([null, "ended", "client-deleted"]);
    expect((await dashLoader(alice)).introductions?.rows.map((r) => r.name)).toContain("This client deleted their account");
    expect(await deleteAccount(alice.id, { kind: "owner" })).toMatchObject({ ok: true });
    // Her accepted introduction ends for its client; the rows stay for the history, naming nobody who left.
    expect((await toAlice()).map((i) => [i.status, i.endReason]).sort()).toEqual([
      ["ended", "client-deleted"],
      ["ended", "professional-deleted"],
    ]);
  });
});
