import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { availability, bookings, introductions, messages, professionals, registrationAnswers, shortlists } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { addableProfessionals, addToShortlist, releaseShortlist, removeFromShortlist, verifiedCandidates } from "~/features/matching/shortlists.data.server";
import { proposeShortlist } from "~/features/registration/client-shortlist.server";
import { clientAnswersOf } from "~/features/registration/registration.data.server";
import { answerIntroduction, requestIntroduction } from "~/features/introductions/introductions.data.server";
import { listProfessionals, professionalById } from "~/features/admin/professionals/professionals.data.server";
import { exportAccountData } from "~/features/account/account.data.server";
import * as deletePage from "~/routes/account.delete";
import * as adminDelete from "~/routes/admin.users.$id.delete";
import * as welcome from "~/routes/client-welcome";
import * as dashboard from "~/routes/professional-dashboard";
import { call, getRequest, requestArgs, routeArgs } from "./helpers";
import { mailsTo, post, run, uniqueEmail } from "./support/auth-requests";

const PASSWORD = "Passw0rdX";
const HOUR = 3_600_000;

type Account = { id: string; email: string; cookie: string };

async function account(tag: string, role: "client" | "professional" | "admin", name: string): Promise<Account> {
  const email = uniqueEmail(tag);
  const { userId } = await upsertAccount({ email, password: PASSWORD, role, name });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { id: userId, email, cookie };
}

/** A verified entry with every personal field filled in, so that erasing each one shows. */
async function addPro(name: string, company: string, userId: string | null): Promise<number> {
  const [row] = await db()
    .insert(professionals)
    .values({
      name,
      company,
      title: `${name}'s title`,
      email: uniqueEmail(`entry-${company.split(" ")[0]}`),
      phone: "+1 646 555 0199",
      location: `${name}'s office, New York`,
      bio: `${name} has advised families for twenty years.`,
      profileImage: "/uploads/blog-abc123-0123456789abcdef-480.webp",
      userId,
      verified: true,
      verifiedAt: new Date(),
      featured: true,
      experienceYears: 20,
      specialties: [`${name}'s specialty`],
      certifications: ["CFA"],
      services: ["Investment Management"],
      aumRange: "10-50M",
      clientProfiles: ["HNWI"],
      communication: ["phone", "email"],
      countriesServed: ["US"],
      feeModel: "fee-only",
      languages: ["English"],
      disciplinaryNote: `${name}'s note`,
      feeMinimum: 250_000,
      feeSchedule: `${name}'s schedule`,
    })
    .returning({ id: professionals.id });
  return row!.id;
}

async function client(tag: string, name: string): Promise<Account> {
  const c = await account(tag, "client", name);
  await db()
    .insert(registrationAnswers)
    .values({ userId: c.id, userType: "client", answers: { firstName: name.split(" ")[0], countryOfResidency: "US", investmentObjectives: ["Growth"], netWorth: "5-10M" } });
  return c;
}

/** The calendar invitation attached to a mail, decoded. */
function icsOf(mail: string | undefined): string {
  const part = /Content-Type: text\/calendar[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail ?? "");
  return part ? Buffer.from(part[1]!.replace(/\s+/g, ""), "base64").toString("utf8") : "";
}

const booking = (introductionId: number, professionalId: number, startsAt: Date, uid: string) =>
  db()
    .insert(bookings)
    .values({ introductionId, professionalId, startsAt, endsAt: new Date(startsAt.getTime() + HOUR / 2), kind: "video", uid })
    .returning({ id: bookings.id })
    .then((rows) => rows[0]!.id);

const introductionOf = async (clientUserId: string, professionalId: number) =>
  (await db().select().from(introductions).where(eq(introductions.clientUserId, clientUserId))).find((i) => i.professionalId === professionalId)!;

const welcomeLoader = async (who: Account) =>
  (await run(() => welcome.loader(routeArgs(getRequest("/client-welcome", { cookie: who.cookie }))))).body as Awaited<ReturnType<typeof welcome.loader>>;
type DashboardRow = { id: number; name: string; status: string };
const dashboardOf = async (who: Account) =>
  (await run(() => dashboard.loader(routeArgs(getRequest("/professional-dashboard", { cookie: who.cookie }))))).body as { introductions: { rows: DashboardRow[]; total: number } | null };

let admin: Account;
beforeAll(async () => {
  admin = await account("del-admin", "admin", "Ada Admin");
});

describe("a professional deletes their account", () => {
  let paula: Account;
  let pPaula = 0;
  let pOther = 0;
  let pThird = 0;
  let released: Account;
  let proposed: Account;
  let introId = 0;
  let future = 0;

  beforeAll(async () => {
    paula = await account("del-paula", "professional", "Paula Prudent");
    pPaula = await addPro("Paula Prudent", "Prudent Partners", paula.id);
    pOther = await addPro("Oscar Other", "Other Office", null);
    pThird = await addPro("Tara Third", "Third Trust", null);
    await db().insert(availability).values({
      professionalId: pPaula,
      timeZone: "America/New_York",
      meetingMinutes: 30,
      weekly: [{ day: 1, start: "09:00", end: "12:00" }],
      videoLink: "https://video.example/paula-room",
      inPersonAddress: "1 Paula Plaza",
    });

    // One client with a released shortlist, an accepted introduction and a call to come.
    released = await client("del-released", "Rita Released");
    await proposeShortlist(released.id);
    expect(await releaseShortlist(released.id, admin.id)).toBe(true);
    expect(await requestIntroduction(released.id, pPaula)).toMatchObject({ ok: true });
    introId = (await introductionOf(released.id, pPaula)).id;
    expect(await answerIntroduction(pPaula, introId, "accepted")).toMatchObject({ ok: true });
    future = await booking(introId, pPaula, new Date(Date.now() + 48 * HOUR), "future@wealthmatch.test");
    await db().insert(messages).values([
      { introductionId: introId, sender: "client", body: "Rita writes: looking forward to it" },
      { introductionId: introId, sender: "professional", body: "Paula writes: my direct line is 646 555 0199" },
    ]);

    // Another client's shortlist still under review, which an admin had edited by hand (Oscar taken off).
    proposed = await client("del-proposed", "Pete Proposed");
    expect((await proposeShortlist(proposed.id))?.shortlist.items.map((i) => i.id).sort()).toEqual([pPaula, pOther, pThird].sort());
    expect(await removeFromShortlist(proposed.id, pOther)).toMatchObject({ ok: true });

    const out = await run(() => call(deletePage.action, post("/account/delete", { password: PASSWORD }, { cookie: paula.cookie })));
    expect(out).toMatchObject({ kind: "redirect", location: "/" });
  });

  it("erases every personal field of the directory entry and marks it deleted", async () => {
    const [entry] = await db().select().from(professionals).where(eq(professionals.id, pPaula));
    expect(entry).toMatchObject({
      name: "Former professional",
      email: `deleted-${pPaula}@deleted.invalid`,
      title: null,
      company: null,
      phone: null,
      location: null,
      bio: null,
      profileImage: null,
      disciplinaryNote: null,
      feeSchedule: null,
      feeMinimum: null,
      experienceYears: null,
      specialties: [],
      verified: false,
      featured: false,
      verifiedAt: null,
      userId: null,
    });
    expect(entry?.deletedAt).toBeInstanceOf(Date);
    const text = JSON.stringify(entry);
    for (const personal of ["Paula", "Prudent", paula.email, "646 555", "twenty years"]) expect(text).not.toContain(personal);
    expect(await db().select().from(availability).where(eq(availability.professionalId, pPaula))).toEqual([]);
  });

  it("takes them off a released shortlist, which stays released, and the client sees the introduction ended", async () => {
    const [list] = await db().select().from(shortlists).where(eq(shortlists.clientUserId, released.id));
    expect(list?.status).toBe("released");
    expect(list?.items.map((i) => i.id).sort()).toEqual([pOther, pThird].sort());
    expect(list?.items.map((i) => i.rank).sort()).toEqual([1, 2]);
    const page = await welcomeLoader(released);
    expect(page.shortlist?.entries.map((e) => e.summary.id).sort()).toEqual([pOther, pThird].sort());
    expect(page.endedIntroductions).toHaveLength(1);
    expect(JSON.stringify(page)).not.toContain("Paula");
  });

  it("proposes a shortlist under review afresh, without them", async () => {
    const [list] = await db().select().from(shortlists).where(eq(shortlists.clientUserId, proposed.id));
    expect(list?.status).toBe("proposed");
    // Computed again by the engine: the admin's hand edit is gone, the professional who left is not there.
    expect(list?.items.map((i) => i.id).sort()).toEqual([pOther, pThird].sort());
  });

  it("ends the open introduction, cancels the call to come, and removes their messages only", async () => {
    const intro = await introductionOf(released.id, pPaula);
    expect(intro).toMatchObject({ status: "ended", endReason: "professional-deleted" });
    expect(intro.endedAt).toBeInstanceOf(Date);
    const calls = await db().select().from(bookings).where(eq(bookings.introductionId, introId));
    // Cancelled with a raised sequence: the CANCEL invitation the client received supersedes the booking's.
    expect(calls).toEqual([expect.objectContaining({ id: future, status: "cancelled", cancelledBy: "professional", sequence: 1 })]);
    expect((await db().select().from(messages).where(eq(messages.introductionId, introId))).map((m) => m.sender)).toEqual(["client"]);
  });

  it("e-mails the client, naming the professional who left and the cancelled call", async () => {
    const mail = mailsTo(released.email).find((m) => m.includes("Subject: Paula Prudent has left"));
    expect(mail).toContain("Subject: Paula Prudent has left WealthMatch; your introduction has ended");
    expect(mail).toContain("The call you had booked with them is cancelled.");
    // The call's own mail carries the CANCEL that takes it out of the client's calendar.
    const cancel = mailsTo(released.email).find((m) => m.includes("Subject: First call cancelled"));
    expect(cancel).toContain("Paula Prudent has left WealthMatch, so the call will not take place.");
    expect(icsOf(cancel)).toMatch(/METHOD:CANCEL[^]*UID:future@wealthmatch\.test/);
    expect(mailsTo(proposed.email).some((m) => m.includes("has left WealthMatch"))).toBe(false);
    // The entry's placeholder address reaches no one, so nothing is sent to it.
    expect(mailsTo(`deleted-${pPaula}@deleted.invalid`)).toEqual([]);
  });

  it("is never a candidate, never addable, never in the admin's directory, even if the entry were marked verified again", async () => {
    await db().update(professionals).set({ verified: true }).where(eq(professionals.id, pPaula));
    expect((await verifiedCandidates()).map((c) => c.id)).not.toContain(pPaula);
    expect((await addableProfessionals([])).map((p) => p.id)).not.toContain(pPaula);
    expect(await addToShortlist(proposed.id, pPaula, await clientAnswersOf(proposed.id))).toEqual({ ok: false, refusal: "not-verified" });
    const directory = await listProfessionals(new URLSearchParams());
    expect(directory.rows.map((r) => r.id)).not.toContain(pPaula);
    expect(JSON.stringify(directory)).not.toContain("deleted.invalid");
    expect(await professionalById(pPaula)).toBeUndefined();
  });

  it("keeps the client's export working, naming the placeholder", async () => {
    const exported = await exportAccountData(released.id);
    expect(exported?.introductions.asClient.map((i) => [i.professional, i.status])).toEqual([["Former professional", "ended"]]);
  });
});

describe("a client deletes their account", () => {
  let quinn: Account;
  let pQuinn = 0;
  let pOther = 0;
  let pThird = 0;
  let dora: Account;
  let bert: Account;
  let introId = 0;
  let call1 = 0;

  beforeAll(async () => {
    // Only this block's professionals are matched for her.
    await db().update(professionals).set({ verified: false });
    quinn = await account("del-quinn", "professional", "Quinn Quant");
    pQuinn = await addPro("Quinn Quant", "Quant Quarters", quinn.id);
    bert = await account("del-bert", "professional", "Bert Banker");
    pOther = await addPro("Bert Banker", "Banker Bros", bert.id);
    pThird = await addPro("Cleo Counsel", "Counsel Corp", null);
    dora = await client("del-dora", "Dora Departing");
    await proposeShortlist(dora.id);
    await releaseShortlist(dora.id, admin.id);
    expect(await requestIntroduction(dora.id, pQuinn)).toMatchObject({ ok: true });
    introId = (await introductionOf(dora.id, pQuinn)).id;
    expect(await answerIntroduction(pQuinn, introId, "accepted")).toMatchObject({ ok: true });
    // A declined introduction and a withdrawn one: nothing left to show once she goes.
    expect(await requestIntroduction(dora.id, pOther)).toMatchObject({ ok: true });
    await answerIntroduction(pOther, (await introductionOf(dora.id, pOther)).id, "declined");
    expect(await requestIntroduction(dora.id, pThird)).toMatchObject({ ok: true });
    await db().update(introductions).set({ status: "withdrawn", withdrawnAt: new Date() }).where(eq(introductions.id, (await introductionOf(dora.id, pThird)).id));
    call1 = await booking(introId, pQuinn, new Date(Date.now() + 72 * HOUR), "dora-call@wealthmatch.test");
    await db().insert(messages).values([
      { introductionId: introId, sender: "client", body: "Dora here: my mobile is 07700 900123" },
      { introductionId: introId, sender: "professional", body: "Quinn here: happy to help" },
    ]);
    expect((await dashboardOf(quinn)).introductions?.rows.map((r) => r.name)).toContain("Dora Departing");

    // Through the admin pages this time: the same effects.
    const out = await run(() => call(adminDelete.action, post(`/admin/users/${dora.id}/delete`, {}, { cookie: admin.cookie }), { id: dora.id }));
    expect(out).toMatchObject({ kind: "redirect", location: "/admin/users" });
  });

  it("ends the open introduction, which no longer names her, and removes the others", async () => {
    const [intro] = await db().select().from(introductions).where(eq(introductions.id, introId));
    expect(intro).toMatchObject({ clientUserId: null, status: "ended", endReason: "client-deleted" });
    const toOthers = await db().select().from(introductions).where(eq(introductions.professionalId, pOther));
    expect(toOthers).toEqual([]);
    expect(await db().select().from(introductions).where(eq(introductions.professionalId, pThird))).toEqual([]);
  });

  it("removes her messages and keeps the professional's own", async () => {
    const left = await db().select().from(messages).where(eq(messages.introductionId, introId));
    expect(left.map((m) => [m.sender, m.body])).toEqual([["professional", "Quinn here: happy to help"]]);
  });

  it("cancels the call to come", async () => {
    const [row] = await db().select().from(bookings).where(eq(bookings.id, call1));
    expect(row).toMatchObject({ status: "cancelled", cancelledBy: "client", sequence: 1 });
    const cancel = mailsTo(quinn.email).find((m) => m.includes("Subject: First call cancelled"));
    expect(icsOf(cancel)).toMatch(/METHOD:CANCEL[^]*UID:dora-call@wealthmatch\.test/);
    expect(`${cancel}${icsOf(cancel)}`).not.toContain("Dora");
  });

  it("tells the professional by e-mail, without naming her", async () => {
    const mail = mailsTo(quinn.email).find((m) => m.includes("A client has left WealthMatch"));
    expect(mail).toContain("deleted their WealthMatch account, so the introduction has ended");
    expect(mail).toContain("The call you had booked with this client is cancelled.");
    expect(mail).not.toContain("Dora");
    // The professional who had declined her is not told: there was nothing open between them.
    expect(mailsTo(bert.email).some((m) => m.includes("A client has left"))).toBe(false);
  });

  it("shows the professional 'This client deleted their account' and nothing about her", async () => {
    const page = await dashboardOf(quinn);
    const row = page.introductions?.rows.find((r) => r.id === introId);
    expect(row).toMatchObject({ name: "This client deleted their account", status: "ended" });
    const text = JSON.stringify(page);
    for (const personal of ["Dora", dora.email, "07700"]) expect(text).not.toContain(personal);
  });
});
