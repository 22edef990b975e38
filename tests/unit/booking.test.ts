import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { availability, bookings, introductions, jobs, professionals, profiles } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { calendarInvite, foldLine } from "~/features/booking/calendar-invite";
import { cancelCallsOf } from "~/features/booking/booking.server";
import { withdrawIntroduction } from "~/features/introductions/introductions.data.server";
import * as callRoute from "~/routes/introductions.$id.call";
import * as availabilityRoute from "~/routes/professional-dashboard.availability";
import { formRequest, getRequest, requestArgs, routeArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";

type Account = { id: string; email: string; cookie: string };

async function account(tag: string, role: "client" | "professional" | "admin", name: string): Promise<Account> {
  const email = uniqueEmail(tag);
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role, name });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { id: userId, email, cookie };
}

async function entryFor(pro: Account, name: string): Promise<number> {
  const [row] = await db()
    .insert(professionals)
    .values({ name, company: "Harbour Wealth", title: "Advisor", email: uniqueEmail("entry"), userId: pro.id, verified: true, phone: "+44 20 7946 0000" })
    .returning({ id: professionals.id });
  return row!.id;
}

async function accepted(client: Account, professionalId: number): Promise<number> {
  const [row] = await db()
    .insert(introductions)
    .values({ clientUserId: client.id, professionalId, status: "accepted", requestedAt: new Date(), answeredAt: new Date() })
    .returning({ id: introductions.id });
  return row!.id;
}

/** Every hour of every day in UTC: whatever the clock says, slots exist from 12 hours on. */
async function openAllDay(professionalId: number, minutes = 60) {
  await db()
    .insert(availability)
    .values({
      professionalId,
      timeZone: "UTC",
      meetingMinutes: minutes,
      weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "00:00", end: "24:00" })),
      videoLink: "https://meet.example.com/harbour",
      offersPhone: true,
      inPersonAddress: null,
    });
}

type CallPage = Awaited<ReturnType<typeof callRoute.loader>>;
const loadCall = async (who: Account | null, id: number) =>
  run(() => callRoute.loader(routeArgs(getRequest(`/introductions/${id}/call`, { cookie: who?.cookie }), { id: String(id) })));
const page = async (who: Account, id: number) => (await loadCall(who, id)).body as CallPage;
const postCall = (who: Account, id: number, fields: Record<string, string>) =>
  run(() => callRoute.action(routeArgs(formRequest(`/introductions/${id}/call`, fields, { cookie: who.cookie }), { id: String(id) })));

function mailFiles(): string[] {
  const dir = process.env.MAIL_DIR ?? "";
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).map((f) => path.join(dir, f)) : [];
}

/** The .ics attachments of the mails to `address`, decoded (the mail writer keeps them base64, byte for byte). */
function invitesTo(address: string): string[] {
  return mailFiles()
    .map((f) => fs.readFileSync(f, "utf8"))
    .filter((m) => m.includes(`To: ${address}`))
    .flatMap((m) => {
      const found: string[] = [];
      for (const match of m.matchAll(/Content-Type: text\/calendar[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n(?:\r?\n|--)/g)) {
        found.push(Buffer.from(match[1]!.replace(/\s+/g, ""), "base64").toString("utf8"));
      }
      return found;
    });
}

/** A strict reading of an RFC 5545 text: CRLF only, lines of at most 75 octets, folds unfolded; properties by name. */
function parseIcs(text: string): Map<string, { params: string; value: string }[]> {
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  const logical = text.slice(0, -2).replace(/\r\n[ \t]/g, "").split("\r\n");
  const props = new Map<string, { params: string; value: string }[]>();
  for (const line of logical) {
    const m = /^([A-Z-]+)((?:;[^:]*)?):(.*)$/.exec(line);
    expect(m, line).not.toBeNull();
    const list = props.get(m![1]!) ?? [];
    list.push({ params: m![2]!, value: m![3]! });
    props.set(m![1]!, list);
  }
  return props;
}
const prop = (p: Map<string, { params: string; value: string }[]>, name: string) => p.get(name)?.[0]?.value;

describe("the calendar invitation", () => {
  it("is RFC 5545: CRLF, UTC times, escaped text, folded long lines, ORGANIZER and ATTENDEE", () => {
    const ics = calendarInvite({
      method: "REQUEST",
      uid: "abc@wealthmatch",
      sequence: 2,
      startsAt: new Date("2026-12-01T14:30:00Z"),
      endsAt: new Date("2026-12-01T15:00:00Z"),
      stamp: new Date("2026-11-24T10:00:00Z"),
      summary: "First call: Zoë; Smith, and \"Ann\"",
      description: "Line one\nLine two, with a back\\slash and ".padEnd(200, "é"),
      location: "10 Downing St, London; SW1A 2AA",
      organizer: { name: "Ann \"Advisor\" Lee", email: "ann@example.com" },
      attendee: { name: "Zoë Smith", email: "zoe@example.com" },
    });
    const p = parseIcs(ics);
    expect(prop(p, "METHOD")).toBe("REQUEST");
    expect(prop(p, "UID")).toBe("abc@wealthmatch");
    expect(prop(p, "SEQUENCE")).toBe("2");
    expect(prop(p, "DTSTART")).toBe("20261201T143000Z");
    expect(prop(p, "DTEND")).toBe("20261201T150000Z");
    expect(prop(p, "SUMMARY")).toBe('First call: Zoë\\; Smith\\, and "Ann"');
    expect(prop(p, "LOCATION")).toBe("10 Downing St\\, London\\; SW1A 2AA");
    expect(prop(p, "DESCRIPTION")).toMatch(/^Line one\\nLine two\\, with a back\\\\slash and é+$/);
    expect(p.get("ORGANIZER")![0]).toEqual({ params: ';CN="Ann Advisor Lee"', value: "mailto:ann@example.com" });
    expect(p.get("ATTENDEE")![0]!.value).toBe("mailto:zoe@example.com");
    expect(ics.split("\r\n").some((l) => l.startsWith(" "))).toBe(true);
  });

  it("folds after 75 octets without splitting a character", () => {
    const folded = foldLine("X".repeat(74) + "é" + "Y".repeat(80));
    const lines = folded.split("\r\n");
    expect(lines[0]).toBe("X".repeat(74));
    expect(lines[1]!.startsWith(" é")).toBe(true);
    for (const l of lines) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
  });
});

describe("booking a first call", () => {
  let client: Account;
  let pro: Account;
  let proId: number;
  let introId: number;

  beforeAll(async () => {
    client = await account("call-client", "client", "Zoë Client");
    pro = await account("call-pro", "professional", "Ann Advisor");
    proId = await entryFor(pro, "Ann Advisor");
    introId = await accepted(client, proId);
    await openAllDay(proId);
  });

  it("is a 404 for anyone but the two, signed in or not, and for an introduction not accepted", async () => {
    const stranger = await account("call-stranger", "client", "Other Client");
    const otherPro = await account("call-other-pro", "professional", "Other Pro");
    await entryFor(otherPro, "Other Pro");
    const admin = await account("call-admin", "admin", "Admin");
    for (const who of [null, stranger, otherPro, admin]) {
      expect((await loadCall(who, introId)).status).toBe(404);
    }
    expect((await postCall(stranger, introId, { intent: "cancel" })).status).toBe(404);
    expect((await loadCall(client, 999_999)).status).toBe(404);
    const asked = await account("call-asked", "client", "Asked Client");
    const [row] = await db().insert(introductions).values({ clientUserId: asked.id, professionalId: proId, status: "requested", requestedAt: new Date() }).returning();
    expect((await loadCall(asked, row!.id)).status).toBe(404);
    for (const status of ["withdrawn", "ended"] as const) {
      await db().update(introductions).set({ status }).where(eq(introductions.id, row!.id));
      expect((await loadCall(asked, row!.id)).status).toBe(404);
    }
  });

  it("shows slots at once in the zone the address names, else the saved one, else UTC; no zone step", async () => {
    const localTime = (iso: string, zone: string) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
    const before = await page(client, introId);
    expect(before).toMatchObject({ timeZone: "UTC", zoneChosen: "none" });
    expect(before.days.length).toBeGreaterThan(0);
    expect(before.days[0]!.slots[0]!.time).toBe(localTime(before.days[0]!.slots[0]!.value, "UTC"));

    const inZone = async (tz: string) =>
      (await run(() => callRoute.loader(routeArgs(getRequest(`/introductions/${introId}/call?tz=${encodeURIComponent(tz)}`, { cookie: client.cookie }), { id: String(introId) })))).body as CallPage;
    const after = await inZone("America/New_York");
    expect(after).toMatchObject({ timeZone: "America/New_York", zoneChosen: "link" });
    const first = after.days[0]!.slots[0]!;
    expect(first.time).toBe(localTime(first.value, "America/New_York"));
    expect(new Date(first.value).getTime()).toBeGreaterThanOrEqual(Date.now() + 12 * 3_600_000 - 60_000);
    const last = after.days.at(-1)!.slots.at(-1)!;
    expect(new Date(last.value).getTime()).toBeLessThan(Date.now() + 21 * 86_400_000);
    expect(after.kinds.map((k) => k.value)).toEqual(["video", "phone"]);
    // A retired name becomes the current one; a name that is no zone is ignored.
    expect((await inZone("Asia/Calcutta")).timeZone).toBe("Asia/Kolkata");
    expect(await inZone("Mars/Olympus")).toMatchObject({ timeZone: "UTC", zoneChosen: "none" });
    // The zone step is gone: posting a zone is refused.
    expect((await postCall(client, introId, { intent: "zone", timeZone: "America/New_York" })).status).toBe(400);

    // A booking keeps the zone it was shown in for a client who has none saved, not over a saved one.
    const c = await account("zone-booker", "client", "Zone Booker");
    const id = await accepted(c, proId);
    const slot = (await page(c, id)).days[2]!.slots[1]!.value;
    expect((await postCall(c, id, { intent: "book", slot, kind: "video", timeZone: "Asia/Calcutta" })).kind).toBe("redirect");
    expect(await page(c, id)).toMatchObject({ timeZone: "Asia/Kolkata", zoneChosen: "saved" });
    expect((await postCall(c, id, { intent: "cancel" })).kind).toBe("redirect");
    const again = (await page(c, id)).days[3]!.slots[1]!.value;
    expect((await postCall(c, id, { intent: "book", slot: again, kind: "video", timeZone: "Europe/Paris" })).kind).toBe("redirect");
    expect((await page(c, id)).timeZone).toBe("Asia/Kolkata");
  });

  it("gives one booking of 20 simultaneous attempts at one slot; the others hear it was just taken", async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => account(`race-${i}`, "client", `Racer ${String.fromCharCode(65 + i)}`)));
    const intros: number[] = [];
    for (const c of clients) intros.push(await accepted(c, proId));
    const slot = (await page(client, introId)).days[1]!.slots[3]!.value;
    const outcomes = await Promise.all(clients.map((c, i) => postCall(c, intros[i]!, { intent: "book", slot, kind: "video" })));
    const won = outcomes.filter((o) => o.kind === "redirect");
    const lost = outcomes.filter((o) => o.kind === "data");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const o of lost) {
      expect(o.status).toBe(409);
      expect((o.body as { error: string }).error).toBe("That time was just taken. Please choose another.");
      expect((o.body as { kind: string }).kind).toBe("video");
    }
    const rows = await db().select().from(bookings).where(and(eq(bookings.professionalId, proId), eq(bookings.startsAt, new Date(slot))));
    expect(rows).toHaveLength(1);
    // The database itself refuses a second booked row for the slot, whatever the code checked before.
    const row = rows[0]!;
    await expect(
      db().insert(bookings).values({ introductionId: intros[0]!, professionalId: proId, startsAt: row.startsAt, endsAt: row.endsAt, kind: "phone", uid: "second@test" }),
    ).rejects.toThrow();
    // The taken time is no longer offered.
    expect((await page(client, introId)).days.flatMap((d) => d.slots.map((s) => s.value))).not.toContain(slot);
  });

  it("books, mails both sides a REQUEST, moves the call (same UID, sequence up), cancels it with a CANCEL", async () => {
    const slots = (await page(client, introId)).days.flatMap((d) => d.slots);
    const notOffered = await postCall(client, introId, { intent: "book", slot: slots[0]!.value, kind: "in-person" });
    expect(notOffered.status).toBe(400);
    expect(await db().select().from(bookings).where(eq(bookings.introductionId, introId))).toHaveLength(0);

    expect((await postCall(client, introId, { intent: "book", slot: slots[0]!.value, kind: "video" })).kind).toBe("redirect");
    const second = await postCall(client, introId, { intent: "book", slot: slots[2]!.value, kind: "video" });
    expect(second.status).toBe(400);
    const [booked] = await db().select().from(bookings).where(eq(bookings.introductionId, introId));
    expect(booked).toMatchObject({ status: "booked", sequence: 0, kind: "video", startsAt: new Date(slots[0]!.value) });
    expect(booked!.endsAt.getTime() - booked!.startsAt.getTime()).toBe(3_600_000);

    const clientInvite = parseIcs(invitesTo(client.email).find((i) => i.includes(booked!.uid))!);
    const proInvite = parseIcs(invitesTo(pro.email).find((i) => i.includes(booked!.uid))!);
    for (const p of [clientInvite, proInvite]) {
      expect(prop(p, "METHOD")).toBe("REQUEST");
      expect(prop(p, "UID")).toBe(booked!.uid);
      expect(prop(p, "DTSTART")).toBe(slots[0]!.value.replace(/[-:]/g, "").replace(".000", ""));
      expect(prop(p, "LOCATION")).toBe("https://meet.example.com/harbour");
      expect(p.get("ORGANIZER")![0]!.value).toBe(`mailto:${pro.email}`);
      expect(p.get("ATTENDEE")![0]!.value).toBe(`mailto:${client.email}`);
    }
    const [job] = await db().select().from(jobs).where(eq(jobs.key, `call-outcome:${booked!.id}:0`));
    expect(job!.runAt.getTime()).toBe(booked!.endsAt.getTime() + 86_400_000);

    // The professional sees it in their hours' zone and moves it.
    const proPage = await page(pro, introId);
    expect(proPage.side).toBe("professional");
    expect(proPage.timeZone).toBe("UTC");
    expect(proPage.booking?.startsAt).toBe(slots[0]!.value);
    const target = proPage.days.flatMap((d) => d.slots).find((s) => s.value !== slots[0]!.value && s.value > slots[5]!.value)!;
    expect((await postCall(pro, introId, { intent: "reschedule", slot: target.value })).kind).toBe("redirect");
    const [moved] = await db().select().from(bookings).where(eq(bookings.introductionId, introId));
    expect(moved).toMatchObject({ id: booked!.id, uid: booked!.uid, sequence: 1, startsAt: new Date(target.value) });
    expect(await db().select().from(jobs).where(eq(jobs.key, `call-outcome:${booked!.id}:1`))).toHaveLength(1);
    const movedInvite = invitesTo(client.email).map(parseIcs).find((p) => prop(p, "UID") === booked!.uid && prop(p, "SEQUENCE") === "1")!;
    expect(prop(movedInvite, "DTSTART")).toBe(target.value.replace(/[-:]/g, "").replace(".000", ""));

    expect((await postCall(client, introId, { intent: "cancel" })).kind).toBe("redirect");
    const [cancelled] = await db().select().from(bookings).where(eq(bookings.introductionId, introId));
    expect(cancelled).toMatchObject({ status: "cancelled", cancelledBy: "client", uid: booked!.uid, sequence: 2 });
    for (const address of [client.email, pro.email]) {
      const cancel = invitesTo(address).map(parseIcs).find((p) => prop(p, "METHOD") === "CANCEL" && prop(p, "UID") === booked!.uid);
      expect(cancel && prop(cancel, "SEQUENCE")).toBe("2");
    }
    // The freed time can be booked again.
    expect((await postCall(client, introId, { intent: "book", slot: target.value, kind: "phone" })).kind).toBe("redirect");
  });

  it("cancelCallsOf ends an introduction's call and tells both with a CANCEL; nothing booked is fine", async () => {
    const c = await account("ending-client", "client", "Ending Client");
    const id = await accepted(c, proId);
    const slot = (await page(c, id)).days[4]!.slots[1]!.value;
    expect((await postCall(c, id, { intent: "book", slot, kind: "phone", timeZone: "Europe/Paris" })).kind).toBe("redirect");
    expect(await cancelCallsOf(id, "client", "The client withdrew the introduction.")).toBe(true);
    const [row] = await db().select().from(bookings).where(eq(bookings.introductionId, id));
    expect(row).toMatchObject({ status: "cancelled", cancelledBy: "client" });
    expect(invitesTo(c.email).map(parseIcs).some((p) => prop(p, "METHOD") === "CANCEL" && prop(p, "UID") === row!.uid)).toBe(true);
    expect(await cancelCallsOf(id, "client", "again")).toBe(false);
  });

  it("a withdrawn introduction's call is cancelled, both told with a CANCEL, and the page is gone", async () => {
    const c = await account("withdraw-client", "client", "Leaving Client");
    const id = await accepted(c, proId);
    const slot = (await page(c, id)).days[6]!.slots[2]!.value;
    expect((await postCall(c, id, { intent: "book", slot, kind: "video", timeZone: "Asia/Tokyo" })).kind).toBe("redirect");
    expect((await withdrawIntroduction(c.id, proId)).ok).toBe(true);
    const [row] = await db().select().from(bookings).where(eq(bookings.introductionId, id));
    expect(row).toMatchObject({ status: "cancelled", cancelledBy: "client", sequence: 1 });
    for (const address of [c.email, pro.email]) {
      expect(invitesTo(address).map(parseIcs).some((p) => prop(p, "METHOD") === "CANCEL" && prop(p, "UID") === row!.uid)).toBe(true);
    }
    expect((await loadCall(c, id)).status).toBe(404);
    expect((await loadCall(pro, id)).status).toBe(404);
  });
});

describe("weekly availability", () => {
  const submit = (who: Account, fields: Record<string, string>) =>
    run(() => availabilityRoute.action(routeArgs(formRequest("/professional-dashboard/availability", fields, { cookie: who.cookie }))));
  const valid = {
    timeZone: "Europe/London",
    meetingMinutes: "45",
    "day1[0].start": "09:00",
    "day1[0].end": "12:00",
    "day1[1].start": "14:00",
    "day1[1].end": "17:30",
    "day1[2].start": "",
    "day1[2].end": "",
    "day3[0].start": "09:30",
    "day3[0].end": "11:00",
    offersVideo: "on",
    videoLink: "https://meet.example.com/ann",
    offersInPerson: "on",
    inPersonAddress: "1 Threadneedle St, London",
  };

  it("is only for the account linked to a directory entry", async () => {
    const c = await account("avail-client", "client", "Not A Pro");
    expect((await run(() => availabilityRoute.loader(routeArgs(getRequest("/professional-dashboard/availability", { cookie: c.cookie }))))).status).toBe(404);
    expect((await submit(c, valid)).status).toBe(404);
  });

  it("refuses bad input with a message per field and saves nothing; saves good input", async () => {
    const pro = await account("avail-pro", "professional", "Hours Pro");
    const id = await entryFor(pro, "Hours Pro");
    const bad = await submit(pro, {
      ...valid,
      timeZone: "Nowhere/City",
      "day1[1].start": "11:00",
      "day3[0].start": "14:00",
      "day3[0].end": "10:00",
      videoLink: "http://meet.example.com",
      inPersonAddress: "",
    });
    expect(bad.status).toBe(400);
    const errors = (bad.body as { error: Record<string, string[]> }).error;
    expect(Object.keys(errors).sort()).toEqual(["day1[1].start", "day3[0].end", "inPersonAddress", "timeZone", "videoLink"]);
    expect(errors["day1[1].start"]).toEqual(["This range overlaps 09:00–12:00."]);
    expect(errors["day3[0].end"]).toEqual(["The end must come after the start (14:00)."]);
    // Everything typed comes back, and the empty row keeps its place.
    const typed = (bad.body as { initialValue: { day1: ({ start: string; end: string } | undefined)[]; day3: { start: string; end: string }[] } }).initialValue;
    expect(typed.day1).toEqual([{ start: "09:00", end: "12:00" }, { start: "11:00", end: "17:30" }, undefined]);
    expect(typed.day3).toEqual([{ start: "14:00", end: "10:00" }]);
    const noKind = await submit(pro, { timeZone: "UTC", meetingMinutes: "30", "day2[0].start": "09:00", "day2[0].end": "10:00" });
    expect((noKind.body as { error: Record<string, string[]> }).error.offersVideo).toEqual(["Offer at least one way to meet."]);
    const noDay = await submit(pro, { timeZone: "UTC", meetingMinutes: "30", offersPhone: "on" });
    expect((noDay.body as { error: Record<string, string[]> }).error.day1).toEqual(["Give the hours of at least one day."]);
    expect(await db().select().from(availability).where(eq(availability.professionalId, id))).toHaveLength(0);

    expect((await submit(pro, valid)).kind).toBe("redirect");
    const [row] = await db().select().from(availability).where(eq(availability.professionalId, id));
    expect(row).toMatchObject({
      timeZone: "Europe/London",
      meetingMinutes: 45,
      videoLink: "https://meet.example.com/ann",
      offersPhone: false,
      inPersonAddress: "1 Threadneedle St, London",
      weekly: [
        { day: 1, start: "09:00", end: "12:00" },
        { day: 1, start: "14:00", end: "17:30" },
        { day: 3, start: "09:30", end: "11:00" },
      ],
    });
    const form = (await run(() => availabilityRoute.loader(routeArgs(getRequest("/professional-dashboard/availability", { cookie: pro.cookie }))))).body as Awaited<ReturnType<typeof availabilityRoute.loader>>;
    expect(form.defaults.day1).toEqual([
      { start: "09:00", end: "12:00" },
      { start: "14:00", end: "17:30" },
      { start: "", end: "" },
    ]);
    expect(form.defaults.day0).toEqual([
      { start: "", end: "" },
      { start: "", end: "" },
      { start: "", end: "" },
    ]);
    expect(form.zones.groups.flatMap((g) => g.options.map((o) => o.value))).toContain("Europe/London");
    // A second save replaces the hours (one row per professional).
    expect(
      (
        await submit(pro, {
          ...valid,
          "day1[0].start": "",
          "day1[0].end": "",
          "day1[1].start": "",
          "day1[1].end": "",
          "day3[0].start": "",
          "day3[0].end": "",
          "day5[0].start": "10:00",
          "day5[0].end": "11:00",
          offersInPerson: "",
          offersPhone: "on",
        })
      ).kind,
    ).toBe("redirect");
    const [again] = await db().select().from(availability).where(eq(availability.professionalId, id));
    expect(again).toMatchObject({ weekly: [{ day: 5, start: "10:00", end: "11:00" }], inPersonAddress: null, offersPhone: true });
    const [p] = await db().select().from(profiles).where(eq(profiles.userId, pro.id));
    expect(p?.timeZone ?? null).toBeNull();
  });
});
