import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, availability, introductions, professionals, profiles } from "~/platform/schema";
import { currentTimeZone, timeZoneChoices } from "~/domain/time-zones";
import { dateIn, dateTimeIn, timeIn, zoneName } from "~/platform/ui/format";
import { callTime } from "~/features/outcomes/call-time";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession, getUser } from "~/features/auth/session.server";
import { getToast } from "~/platform/http/toast.server";
import * as accountRoute from "~/routes/account";
import * as adminRoute from "~/routes/admin";
import * as callRoute from "~/routes/introductions.$id.call";
import * as availabilityRoute from "~/routes/professional-dashboard.availability";
import { formRequest, getRequest, requestArgs, routeArgs } from "./helpers";
import { cookieHeader, run, uniqueEmail } from "./support/auth-requests";

// Zones come in under ICU's names (the browser's "Asia/Calcutta", a form, a value stored years ago) and
// are kept, offered and shown under their current IANA names (docs/decisions/056).

const offered = () => new Set(timeZoneChoices().groups.flatMap((g) => g.options.map((o) => o.value)));

describe("current IANA names", () => {
  it("maps retired aliases to the names people use now, whatever their case and spaces", () => {
    expect(currentTimeZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(currentTimeZone("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(currentTimeZone("Asia/Saigon")).toBe("Asia/Ho_Chi_Minh");
    expect(currentTimeZone("Africa/Asmera")).toBe("Africa/Asmara");
    expect(currentTimeZone("Asia/Katmandu")).toBe("Asia/Kathmandu");
    expect(currentTimeZone("America/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(currentTimeZone("US/Pacific")).toBe("America/Los_Angeles");
    expect(currentTimeZone(" asia/kolkata ")).toBe("Asia/Kolkata");
    expect(currentTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    for (const utc of ["UTC", "Etc/UTC", "GMT", "Etc/Universal", "Zulu"]) expect(currentTimeZone(utc)).toBe("UTC");
  });

  it("keeps a name Intl knows but the list does not (a fixed offset); gives null for nothing or nonsense", () => {
    expect(currentTimeZone("Etc/GMT-3")).toBe("Etc/GMT-3");
    for (const bad of ["Mars/Olympus", "", "   ", null, undefined, "x".repeat(65)]) expect(currentTimeZone(bad)).toBeNull();
  });

  it("offers only current names, by region, and every zone this runtime knows reaches one of them", () => {
    const choices = timeZoneChoices();
    const values = offered();
    expect(values.has("Asia/Kolkata") && values.has("Europe/Kyiv") && values.has("Asia/Ho_Chi_Minh") && values.has("UTC")).toBe(true);
    for (const retired of ["Asia/Calcutta", "Europe/Kiev", "Asia/Saigon", "Africa/Asmera", "Etc/UTC"]) expect(values.has(retired)).toBe(false);
    // Every offered name is its own current name, and one Intl formats with.
    for (const value of values) {
      expect(currentTimeZone(value)).toBe(value);
      expect(() => new Intl.DateTimeFormat("en-US", { timeZone: value })).not.toThrow();
    }
    for (const name of Intl.supportedValuesOf("timeZone")) {
      const current = currentTimeZone(name);
      // Fixed offsets ("Etc/GMT+5") stay valid without being offered.
      if (!name.startsWith("Etc/GMT")) expect(values.has(current ?? ""), name).toBe(true);
      if (current !== name && values.has(current ?? "")) expect(choices.aliases[name]).toBe(current);
    }
    expect(choices.aliases["Asia/Calcutta"]).toBe("Asia/Kolkata");
    const labels = choices.groups.map((g) => g.label);
    expect(labels).toEqual(expect.arrayContaining(["Universal", "Africa", "Americas", "Asia", "Europe", "Pacific Ocean"]));
    const asia = choices.groups.find((g) => g.label === "Asia")!.options;
    expect(asia).toContainEqual({ value: "Asia/Kolkata", label: "India, Kolkata" });
    expect(choices.groups.find((g) => g.label === "Americas")!.options).toContainEqual({ value: "America/New_York", label: "United States, New York (Eastern Time)" });
  });
});

describe("times in the reader's zone, the zone named", () => {
  const at = "2026-12-03T00:57:30.000Z";
  it("writes the day, the time and the zone's short name as read there", () => {
    expect(dateTimeIn(at, "Europe/Berlin")).toBe("Dec 3, 2026, 1:57 AM CET");
    expect(dateTimeIn("2026-07-03T00:57:30.000Z", "Europe/Berlin")).toBe("Jul 3, 2026, 2:57 AM CEST");
    expect(dateTimeIn(at, "America/New_York")).toBe("Dec 2, 2026, 7:57 PM EST");
    expect(dateTimeIn(at, "Asia/Kolkata")).toBe("Dec 3, 2026, 6:27 AM IST");
    expect(dateTimeIn(at, "Europe/Kyiv")).toBe("Dec 3, 2026, 2:57 AM EET");
    expect(dateTimeIn(at, "Australia/Sydney")).toBe("Dec 3, 2026, 11:57 AM AEDT");
    expect(dateTimeIn(at, "Asia/Tokyo")).toBe("Dec 3, 2026, 9:57 AM GMT+9");
    expect(dateTimeIn(at, "UTC")).toBe("Dec 3, 2026, 12:57 AM UTC");
  });

  it("splits a table cell's day and time, to the second when asked, and falls back to UTC for a zone Intl does not know", () => {
    expect(dateIn(at, "America/New_York")).toBe("Dec 2, 2026");
    expect(timeIn(at, "Europe/Berlin")).toBe("1:57 AM CET");
    expect(timeIn(at, "Europe/Berlin", { seconds: true })).toBe("1:57:30 AM CET");
    expect(dateTimeIn(at, "Mars/Olympus")).toBe("Dec 3, 2026, 12:57 AM UTC");
    expect(zoneName(at, "Mars/Olympus")).toBe("UTC");
  });

  it("is the same formatter the member pages' call times use", () => {
    expect(callTime(at, "Europe/Berlin")).toBe("Thursday, December 3 at 1:57 AM CET");
    expect(callTime(at, null)).toBe("Thursday, December 3 at 12:57 AM UTC");
  });
});

type Account = { id: string; email: string; cookie: string };
async function account(tag: string, role: "client" | "professional" | "admin"): Promise<Account> {
  const email = uniqueEmail(tag);
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role, name: `Zone ${tag}` });
  return { id: userId, email, cookie: (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "" };
}

/** Writes a zone as an older version stored it: straight SQL, past the column's mapping. */
const storeRaw = (userId: string, zone: string) => db().update(profiles).set({ timeZone: sql`${zone}` }).where(eq(profiles.userId, userId));
/** What the database holds, read past the column's mapping. */
async function rawZone(userId: string): Promise<string | null> {
  const [row] = await db().select({ zone: sql<string | null>`${profiles.timeZone}` }).from(profiles).where(eq(profiles.userId, userId));
  return row?.zone ?? null;
}
const toastOf = async (cookies: string[]) => (await getToast(getRequest("/", { cookie: cookieHeader(cookies) }))).toast?.description;

describe("zones coming in are kept under their current names", () => {
  let client: Account;
  let introId: number;

  beforeAll(async () => {
    client = await account("zone-client", "client");
    const pro = await account("zone-pro", "professional");
    const [entry] = await db()
      .insert(professionals)
      .values({ name: "Zone Pro", company: "Zone Partners", email: uniqueEmail("zone-entry"), userId: pro.id, verified: true })
      .returning({ id: professionals.id });
    const [intro] = await db()
      .insert(introductions)
      .values({ clientUserId: client.id, professionalId: entry!.id, status: "accepted", requestedAt: new Date(), answeredAt: new Date() })
      .returning({ id: introductions.id });
    introId = intro!.id;
  });

  it("the booking page: the browser's Asia/Calcutta, named in the address, shows as Asia/Kolkata; looking stores nothing", async () => {
    const page = (
      await run(() => callRoute.loader(routeArgs(getRequest(`/introductions/${introId}/call?tz=Asia%2FCalcutta`, { cookie: client.cookie }), { id: String(introId) })))
    ).body as Awaited<ReturnType<typeof callRoute.loader>>;
    expect(page).toMatchObject({ timeZone: "Asia/Kolkata", zoneChosen: "link" });
    expect(page.zones?.aliases["Asia/Calcutta"]).toBe("Asia/Kolkata");
    expect(await rawZone(client.id)).toBeNull();
  });

  it("a value stored under a retired name reads as the current one, on every page and with the session", async () => {
    await storeRaw(client.id, "Europe/Kiev");
    expect(await rawZone(client.id)).toBe("Europe/Kiev");
    const page = (await run(() => callRoute.loader(routeArgs(getRequest(`/introductions/${introId}/call`, { cookie: client.cookie }), { id: String(introId) }))))
      .body as Awaited<ReturnType<typeof callRoute.loader>>;
    expect(page.timeZone).toBe("Europe/Kyiv");
    expect((await getUser(getRequest("/", { cookie: client.cookie })))?.timeZone).toBe("Europe/Kyiv");
    const settings = (await run(() => accountRoute.loader(routeArgs(getRequest("/account", { cookie: client.cookie }))))).body as Awaited<ReturnType<typeof accountRoute.loader>>;
    expect(settings.timeZone).toBe("Europe/Kyiv");
  });

  it("account settings: a member chooses their zone; a retired name is kept as the current one, nonsense is refused", async () => {
    const member = await account("zone-member", "admin");
    const before = (await run(() => accountRoute.loader(routeArgs(getRequest("/account", { cookie: member.cookie }))))).body as Awaited<ReturnType<typeof accountRoute.loader>>;
    expect(before.timeZone).toBeNull();
    expect(before.zones.groups.find((g) => g.label === "Asia")?.options.map((o) => o.value)).toContain("Asia/Kolkata");

    const post = (timeZone: string) =>
      run(() => accountRoute.action(routeArgs(formRequest("/account", { intent: "time-zone", timeZone }, { cookie: member.cookie }))));
    const bad = await post("Mars/Olympus");
    expect(bad.status).toBe(400);
    expect(await rawZone(member.id)).toBeNull();

    const saved = await post("Asia/Saigon");
    expect(saved).toMatchObject({ kind: "redirect", location: "/account" });
    expect(await toastOf(saved.cookies)).toBe("Times are shown in Asia/Ho Chi Minh.");
    expect(await rawZone(member.id)).toBe("Asia/Ho_Chi_Minh");
    const audited = await db().select({ detail: auditEvents.detail }).from(auditEvents).where(and(eq(auditEvents.userId, member.id), eq(auditEvents.kind, "ACCOUNT_CHANGE")));
    expect(audited.map((a) => a.detail)).toContain("set their time zone to Asia/Ho_Chi_Minh");
  });

  it("availability: a retired name posted is saved current, and one stored before is shown current in the form", async () => {
    const pro = await account("zone-hours", "professional");
    const [entry] = await db()
      .insert(professionals)
      .values({ name: "Hours Zone", company: "Hours Partners", email: uniqueEmail("zone-hours-entry"), userId: pro.id, verified: true })
      .returning({ id: professionals.id });
    const fields = { timeZone: "Asia/Calcutta", meetingMinutes: "30", "day1[0].start": "09:00", "day1[0].end": "12:00", offersPhone: "on" };
    const saved = await run(() => availabilityRoute.action(routeArgs(formRequest("/professional-dashboard/availability", fields, { cookie: pro.cookie }))));
    expect(saved.kind).toBe("redirect");
    const raw = async () =>
      (await db().select({ zone: sql<string>`${availability.timeZone}` }).from(availability).where(eq(availability.professionalId, entry!.id)))[0]?.zone;
    expect(await raw()).toBe("Asia/Kolkata");

    await db().update(availability).set({ timeZone: sql`${"Asia/Saigon"}` }).where(eq(availability.professionalId, entry!.id));
    expect(await raw()).toBe("Asia/Saigon");
    const form = (await run(() => availabilityRoute.loader(routeArgs(getRequest("/professional-dashboard/availability", { cookie: pro.cookie }))))).body as Awaited<
      ReturnType<typeof availabilityRoute.loader>
    >;
    expect(form.defaults.timeZone).toBe("Asia/Ho_Chi_Minh");
  });

  it("the admin pages read times in the admin's own zone, UTC until they choose one", async () => {
    const admin = await account("zone-admin", "admin");
    const layout = async () => (await run(() => adminRoute.loader(routeArgs(getRequest("/admin", { cookie: admin.cookie }))))).body as Awaited<ReturnType<typeof adminRoute.loader>>;
    expect(await layout()).toMatchObject({ timeZone: "UTC", timeZoneChosen: false });
    await storeRaw(admin.id, "Asia/Calcutta");
    expect(await layout()).toMatchObject({ timeZone: "Asia/Kolkata", timeZoneChosen: true });
  });
});
