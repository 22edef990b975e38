import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { bookings, introductions, jobs, professionals, registrationAnswers, shortlists } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { enqueueJob, runDueJobs } from "~/platform/jobs.server";
import { registerOutcomeJobs } from "~/features/outcomes/outcome-jobs.server";
import { pendingOutcomes } from "~/features/outcomes/outcomes.data.server";
import { OUTCOME_MESSAGES } from "~/features/outcomes/outcome-schema";
import * as outcome from "~/routes/calls.$bookingId.outcome";
import * as welcome from "~/routes/client-welcome";
import { formRequest, getRequest, requestArgs, routeArgs } from "./helpers";
import { mailsTo, errorsOf, run, uniqueEmail } from "./support/auth-requests";

// The outcome question a day after a first call: the job mails each side once (not for a cancelled or
// moved call), the page answers only the call's two people, and the answers land per side.

type Account = { id: string; email: string; cookie: string };
const HOUR = 3_600_000;

async function account(tag: string, role: "client" | "professional" | "admin", name?: string): Promise<Account> {
  const email = uniqueEmail(tag);
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role, name });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { id: userId, email, cookie };
}

async function addPro(name: string, userId: string | null): Promise<{ id: number; email: string }> {
  const email = uniqueEmail("outcome-pro-entry");
  const [row] = await db().insert(professionals).values({ name, company: `${name} Partners`, email, userId, verified: true }).returning({ id: professionals.id });
  return { id: row!.id, email };
}

/** An accepted introduction with one booked call, ended `hoursAgo` ago (negative: still to come). */
async function bookedCall(clientId: string, professionalId: number, hoursAgo: number): Promise<number> {
  const [intro] = await db()
    .insert(introductions)
    .values({ clientUserId: clientId, professionalId, status: "accepted", requestedAt: new Date(Date.now() - 100 * HOUR), answeredAt: new Date(Date.now() - 90 * HOUR) })
    .onConflictDoUpdate({ target: [introductions.clientUserId, introductions.professionalId], set: { status: "accepted" } })
    .returning({ id: introductions.id });
  const endsAt = new Date(Date.now() - hoursAgo * HOUR);
  const [booking] = await db()
    .insert(bookings)
    .values({ introductionId: intro!.id, professionalId, startsAt: new Date(endsAt.getTime() - 0.5 * HOUR), endsAt, kind: "video", uid: `outcome-${intro!.id}-${hoursAgo}@test` })
    .returning({ id: bookings.id });
  return booking!.id;
}

const page = (who: Account | null, bookingId: number, suffix = "") =>
  run(() => outcome.loader(routeArgs(getRequest(`/calls/${bookingId}/outcome${suffix}`, { cookie: who?.cookie }), { bookingId: String(bookingId) })));
const answer = (who: Account | null, bookingId: number, fields: Record<string, string>) =>
  run(() => outcome.action(routeArgs(formRequest(`/calls/${bookingId}/outcome`, fields, { cookie: who?.cookie }), { bookingId: String(bookingId) })));

let clara: Account;
let other: Account;
let alice: Account;
let otherPro: Account;
let admin: Account;
let aliceEntry: { id: number; email: string };

beforeAll(async () => {
  registerOutcomeJobs();
  clara = await account("outcome-clara", "client", "Clara Client");
  other = await account("outcome-other", "client", "Oscar Other");
  alice = await account("outcome-alice", "professional", "Alice Advisor");
  otherPro = await account("outcome-bob", "professional", "Bob Banker");
  admin = await account("outcome-admin", "admin", "Ada Admin");
  aliceEntry = await addPro("Alice Advisor", alice.id);
  await addPro("Bob Banker", otherPro.id);
  await db().insert(registrationAnswers).values({ userId: clara.id, userType: "client", answers: { firstName: "Clara" } });
});

beforeEach(async () => {
  await db().delete(jobs);
});

describe("the outcome question", () => {
  it("is mailed once to each side a day after the call, linking to its page; the professional's mail names no client", async () => {
    const bookingId = await bookedCall(clara.id, aliceEntry.id, 25);
    await enqueueJob("call-outcome", `call-outcome:${bookingId}:0`, new Date(Date.now() - HOUR), { bookingId, sequence: 0 });
    await runDueJobs("test");
    const toClara = mailsTo(clara.email);
    // The professional's linked account is told, as for introductions (not the entry's business address).
    const toAlice = mailsTo(alice.email);
    expect(mailsTo(aliceEntry.email)).toEqual([]);
    expect(toClara).toHaveLength(1);
    expect(toAlice).toHaveLength(1);
    expect(toClara[0]).toContain("Did your call with Alice Advisor take place?");
    expect(toClara[0]).toContain(`/login?redirectTo=${encodeURIComponent(`/calls/${bookingId}/outcome`)}`);
    expect(toAlice[0]).toContain(encodeURIComponent(`/calls/${bookingId}/outcome`));
    expect(toAlice[0]).not.toContain("Clara");
    // Enqueued again (a retry of the booking's request): the same key, nothing more is sent.
    await enqueueJob("call-outcome", `call-outcome:${bookingId}:0`, new Date(Date.now() - HOUR), { bookingId, sequence: 0 });
    await runDueJobs("test");
    expect(mailsTo(clara.email)).toHaveLength(1);
    expect(mailsTo(alice.email)).toHaveLength(1);
  });

  it("is not sent for a call cancelled or moved since it was enqueued", async () => {
    const c = await account("outcome-moved", "client", "Mona Moved");
    const cancelled = await bookedCall(c.id, aliceEntry.id, 30);
    await db().update(bookings).set({ status: "cancelled", cancelledAt: new Date(), cancelledBy: "client" }).where(eq(bookings.id, cancelled));
    const moved = await bookedCall(c.id, (await addPro("Mo Moved", null)).id, 30);
    await db().update(bookings).set({ sequence: 1 }).where(eq(bookings.id, moved));
    await enqueueJob("call-outcome", `call-outcome:${cancelled}:0`, new Date(Date.now() - HOUR), { bookingId: cancelled, sequence: 0 });
    await enqueueJob("call-outcome", `call-outcome:${moved}:0`, new Date(Date.now() - HOUR), { bookingId: moved, sequence: 0 });
    expect(await runDueJobs("test")).toBe(2);
    expect(mailsTo(c.email)).toEqual([]);
    const done = await db().select({ doneAt: jobs.doneAt, lastError: jobs.lastError }).from(jobs);
    expect(done.every((j) => j.doneAt !== null && j.lastError === null)).toBe(true);
  });

  it("is a 404 for anyone but the call's client and professional, page and .data alike", async () => {
    const bookingId = await bookedCall(clara.id, aliceEntry.id, 26);
    for (const who of [null, other, otherPro, admin]) {
      expect((await page(who, bookingId)).status).toBe(404);
      expect((await page(who, bookingId, ".data")).status).toBe(404);
      expect((await answer(who, bookingId, { held: "yes", continuing: "yes" })).status).toBe(404);
    }
    expect((await page(clara, 999_999)).status).toBe(404);
    const forClara = (await page(clara, bookingId)).body as { call: { side: string; otherName: string; ended: boolean } };
    expect(forClara.call).toMatchObject({ side: "client", otherName: "Alice Advisor", ended: true });
    const forAlice = (await page(alice, bookingId)).body as { call: { side: string; otherName: string } };
    expect(forAlice.call).toMatchObject({ side: "professional", otherName: "Clara Client" });
    // A cancelled call has no question.
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, bookingId));
    expect((await page(clara, bookingId)).status).toBe(404);
  });

  it("refuses a half answer with a message and stores nothing; saves each side's answers on its own", async () => {
    const bookingId = await bookedCall(clara.id, aliceEntry.id, 27);
    const half = await answer(clara, bookingId, { held: "yes" });
    expect(half.status).toBe(400);
    expect(errorsOf(half.body).continuing).toEqual([OUTCOME_MESSAGES.continuing]);
    expect((await answer(clara, bookingId, { held: "maybe", continuing: "yes" })).status).toBe(400);
    const [untouched] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(untouched).toMatchObject({ clientHeld: null, clientContinuing: null, professionalHeld: null });

    expect((await pendingOutcomes(clara.id)).map((p) => p.bookingId)).toContain(bookingId);
    const saved = await answer(clara, bookingId, { held: "yes", continuing: "unsure" });
    expect(saved).toMatchObject({ status: 302, location: "/client-welcome" });
    expect((await pendingOutcomes(clara.id)).map((p) => p.bookingId)).not.toContain(bookingId);
    expect((await pendingOutcomes(alice.id)).map((p) => p.bookingId)).toContain(bookingId);
    expect(await answer(alice, bookingId, { held: "yes", continuing: "yes" })).toMatchObject({ status: 302, location: "/professional-dashboard" });
    const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ clientHeld: true, clientContinuing: null, professionalHeld: true, professionalContinuing: true });
    // Once answered, the mail that was still due is not sent.
    await enqueueJob("call-outcome", `call-outcome:${bookingId}:0`, new Date(Date.now() - HOUR), { bookingId, sequence: 0 });
    const before = mailsTo(clara.email).length;
    await runDueJobs("test");
    expect(mailsTo(clara.email)).toHaveLength(before);
  });

  it("puts a client's call to come and the question after it on their home, and reads none for a client who never asked", async () => {
    const home = async (who: Account) =>
      (await run(() => welcome.loader(routeArgs(getRequest("/client-welcome", { cookie: who.cookie }))))).body as Awaited<ReturnType<typeof welcome.loader>>;
    const c = await account("outcome-home", "client", "Hugo Home");
    expect(await home(c)).toMatchObject({ pendingOutcomes: [], upcomingCalls: { calls: [] }, unreadMessages: [], endedIntroductions: [] });
    const ahead = await bookedCall(c.id, aliceEntry.id, -24);
    const afterIt = await home(c);
    expect(afterIt.upcomingCalls.calls.map((call) => call.bookingId)).toEqual([ahead]);
    expect(afterIt.pendingOutcomes).toEqual([]);
    const held = await bookedCall(c.id, aliceEntry.id, 27);
    expect((await home(c)).pendingOutcomes.map((p) => p.bookingId)).toEqual([held]);
  });

  it("puts the call and the question on the home of a client whose shortlist is released too, and reads none before they ask", async () => {
    const home = async (who: Account) =>
      (await run(() => welcome.loader(routeArgs(getRequest("/client-welcome", { cookie: who.cookie }))))).body as Awaited<ReturnType<typeof welcome.loader>>;
    const c = await account("outcome-released", "client", "Rita Released");
    await db().insert(shortlists).values({ clientUserId: c.id, items: [], status: "released", releasedAt: new Date() });
    expect(await home(c)).toMatchObject({ shortlist: { entries: [] }, pendingOutcomes: [], upcomingCalls: { calls: [] }, unreadMessages: [] });
    const ahead = await bookedCall(c.id, aliceEntry.id, -24);
    const held = await bookedCall(c.id, aliceEntry.id, 27);
    const after = await home(c);
    expect(after.upcomingCalls.calls.map((call) => call.bookingId)).toEqual([ahead]);
    expect(after.pendingOutcomes.map((p) => p.bookingId)).toEqual([held]);
  });

  it("waits for the call to end before it takes answers, and lists only ended calls", async () => {
    const c = await account("outcome-early", "client", "Eve Early");
    const bookingId = await bookedCall(c.id, aliceEntry.id, -24);
    expect(((await page(c, bookingId)).body as { call: { ended: boolean } }).call.ended).toBe(false);
    const early = await answer(c, bookingId, { held: "yes", continuing: "yes" });
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.body)).toContain(OUTCOME_MESSAGES.tooEarly);
    expect(await pendingOutcomes(c.id)).toEqual([]);
  });
});
