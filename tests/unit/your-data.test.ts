import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { db, queryRows } from "~/platform/db.server";
import { auditEvents, professionals, sessions, users } from "~/platform/schema";
import { audit } from "~/platform/audit.server";
import { consume, LIMITS } from "~/platform/rate-limit.server";
import { createRegistration } from "~/features/registration/create-registration.server";
import type { ClientRegistration, ProfessionalRegistration } from "~/features/registration/registration-schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { DELETE_MESSAGES } from "~/features/account/account-data-schema";
import type { AccountData } from "~/features/account/account.data.server";
import { DELETE_ACCOUNT_MESSAGES } from "~/features/account/account-data-schema";
import * as ownData from "~/routes/account.data[.]json";
import * as deletePage from "~/routes/account.delete";
import * as adminData from "~/routes/admin.users.$id.data[.]json";
import * as adminDelete from "~/routes/admin.users.$id.delete";
import { call, getRequest, requestArgs } from "./helpers";
import { errorsOf, post, run, uniqueEmail } from "./support/auth-requests";
import { onPostgres } from "./engine";

const PASSWORD = "Passw0rdX";

const clientAnswers = (email: string): ClientRegistration => ({
  userType: "client",
  firstName: "Ada",
  lastName: "Lovelace",
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  dateOfBirth: "1980-05-01",
  phone: "+44 20 7946 0000",
  agreeTerms: true,
  agreeMarketing: false,
  countryOfResidency: "UK",
  investmentObjectives: ["Growth", "Tax Optimization"],
  netWorth: "5-10M",
  wealthSource: ["Inheritance"],
  currentProfessional: "A private bank",
});

const professionalAnswers = (email: string): ProfessionalRegistration => ({
  userType: "professional",
  firstName: "Grace",
  lastName: "Hopper",
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  dateOfBirth: "1970-01-01",
  phone: "+1 212 555 0100",
  agreeTerms: true,
  companyName: "Hopper Advisory",
  experienceYears: "6-10",
  certifications: ["CFA"],
  servicesOffered: ["Tax Planning"],
  assetsUnderManagement: "50-100M",
  typicalClientProfile: ["HNWI"],
  preferredCommunication: "video",
  disciplinaryAction: false,
});

const signedIn = async (userId: string) =>
  (await createSession(requestArgs(getRequest("/login", { headers: { "User-Agent": "UnitTest/1.0" } })), userId)).split(";")[0] ?? "";

async function registeredClient() {
  const email = uniqueEmail("Data.Client");
  const created = await createRegistration(clientAnswers(email));
  if (!created.ok) throw new Error("registration failed");
  return { userId: created.userId, email: created.email, cookie: await signedIn(created.userId) };
}

/** Every row of every table, as text, that mentions `email` (any case). */
async function rowsMentioning(email: string): Promise<{ table: string; row: string }[]> {
  // Only the catalogue differs: the scan of the tables is the same on both engines.
  const tables = (
    await queryRows<{ name: string }>(
      onPostgres
        ? sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\_\_drizzle%'`
        : sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'`,
    )
  ).map((t) => t.name);
  const found: { table: string; row: string }[] = [];
  for (const table of tables) {
    for (const row of await queryRows(sql.raw(`SELECT * FROM "${table}"`))) {
      const text = JSON.stringify(row);
      if (text.toLowerCase().includes(email.toLowerCase())) found.push({ table, row: text });
    }
  }
  return found;
}

let admin: { userId: string; email: string; cookie: string };
beforeAll(async () => {
  const email = uniqueEmail("data-admin");
  const { userId } = await upsertAccount({ email, password: PASSWORD, role: "admin", name: "Ada Admin" });
  admin = { userId, email, cookie: await signedIn(userId) };
});

describe("GET /account/data.json", () => {
  it("sends a signed-out visitor to sign in", async () => {
    const out = await run(() => call(ownData.loader, getRequest("/account/data.json")));
    expect(out).toMatchObject({ kind: "redirect", status: 302, location: "/login?redirectTo=%2Faccount%2Fdata.json" });
  });

  it("gives the signed-in person everything entered about them, as a private download without session ids", async () => {
    const person = await registeredClient();
    await audit({ kind: "LOGIN_FAILED", email: person.email, detail: "site sign-in: wrong password" });
    const response = await call(ownData.loader, getRequest("/account/data.json", { cookie: person.cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="wealthmatch-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await response.text();
    const exported = JSON.parse(text) as NonNullable<AccountData>;
    expect(exported.account).toMatchObject({ id: person.userId, email: person.email });
    expect(exported.profile?.fullName).toBe("Ada Lovelace");
    expect(exported.roles).toEqual(["client"]);
    expect(exported.registrationAnswers?.userType).toBe("client");
    expect(exported.registrationAnswers?.answers).toMatchObject({ netWorth: "5-10M", countryOfResidency: "UK", investmentObjectives: ["Growth", "Tax Optimization"], currentProfessional: "A private bank" });
    expect(exported.registrationAnswers?.answers).not.toHaveProperty("password");
    expect(exported.sessions).toHaveLength(1);
    expect(exported.sessions[0]).toMatchObject({ userAgent: "UnitTest/1.0" });
    expect(exported.auditEvents.map((e) => e.kind)).toContain("LOGIN_FAILED");
    const sessionId = (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, person.userId)).limit(1))[0]?.id ?? "missing";
    expect(text).not.toContain(sessionId);
    expect(text).not.toContain("$2"); // no password hash
  });

  it("includes a professional's linked directory entry", async () => {
    const email = uniqueEmail("data-pro");
    const created = await createRegistration(professionalAnswers(email));
    if (!created.ok) throw new Error("registration failed");
    const response = await call(ownData.loader, getRequest("/account/data.json", { cookie: await signedIn(created.userId) }));
    const exported = (await response.json()) as NonNullable<AccountData>;
    expect(exported.professionalDirectoryEntries).toHaveLength(1);
    expect(exported.professionalDirectoryEntries[0]).toMatchObject({ company: "Hopper Advisory", verified: false });
  });
});

describe("deleting one's own account at /account/delete", () => {
  it("with a wrong password answers 'Password is incorrect' and changes nothing", async () => {
    const person = await registeredClient();
    const out = await run(() => call(deletePage.action, post("/account/delete", { password: "Wrong-passw0rd" }, { cookie: person.cookie })));
    expect(out.status).toBe(400);
    expect(errorsOf(out.body).password).toEqual([DELETE_ACCOUNT_MESSAGES.incorrect]);
    expect((await db().select({ id: users.id }).from(users).where(eq(users.id, person.userId)).limit(1))[0]).toBeDefined();
    expect((await db().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(sessions).where(eq(sessions.userId, person.userId)))[0]?.n).toBe(1);
    expect((await db().select().from(auditEvents).where(eq(auditEvents.kind, "ACCOUNT_DELETION"))).filter((e) => e.detail?.includes("owner") && e.createdAt > new Date(Date.now() - 1000))).toHaveLength(0);
  });

  it("stops after five wrong passwords, even for the right one", async () => {
    const person = await registeredClient();
    for (let i = 0; i < LIMITS.accountDeletePassword.max; i++) {
      await run(() => call(deletePage.action, post("/account/delete", { password: "Wrong-passw0rd" }, { cookie: person.cookie })));
    }
    const out = await run(() => call(deletePage.action, post("/account/delete", { password: PASSWORD }, { cookie: person.cookie })));
    expect(out.status).toBe(429);
    expect(errorsOf(out.body)[""]).toEqual([DELETE_ACCOUNT_MESSAGES.tooMany]);
    expect((await db().select({ id: users.id }).from(users).where(eq(users.id, person.userId)).limit(1))[0]).toBeDefined();
  });

  it("with the password deletes everything, signs out, and leaves no row with the address outside one anonymous record", async () => {
    const person = await registeredClient();
    // Rows that name the person: failed sign-ins by address, a limit hit, an admin's words about them.
    await audit({ kind: "LOGIN_FAILED", email: person.email, detail: "site sign-in: wrong password" });
    await audit({ kind: "PASSWORD_RESET_REQUEST", userId: person.userId, email: person.email, detail: "reset link sent" });
    await audit({ kind: "ADMIN_ACTION", userId: admin.userId, email: admin.email, detail: `changed the role of ${person.email.toUpperCase()} from client to user` });
    await consume(LIMITS.loginEmail, person.email);
    expect((await rowsMentioning(person.email)).length).toBeGreaterThan(4);

    const out = await run(() => call(deletePage.action, post("/account/delete", { password: PASSWORD }, { cookie: person.cookie })));
    expect(out).toMatchObject({ kind: "redirect", status: 302, location: "/" });
    expect(out.cookies.some((c) => /^wm_session=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(out.cookies.some((c) => c.startsWith("wm_toast="))).toBe(true);

    expect(await rowsMentioning(person.email)).toEqual([]);
    expect(await rowsMentioning(person.userId)).toEqual([]);
    const record = (await db().select().from(auditEvents).where(eq(auditEvents.kind, "ACCOUNT_DELETION")).orderBy(asc(auditEvents.id))).at(-1);
    expect(record).toMatchObject({ userId: null, email: null, ip: null });
    expect(record?.detail).toContain("by its owner");
    // The earlier rows are kept, without the person: what happened stays, to whom does not.
    expect((await db().select().from(auditEvents).where(eq(auditEvents.detail, "site sign-in: wrong password"))).some((e) => e.email === null)).toBe(true);
    // The old cookie no longer signs anyone in.
    const after = await run(() => call(ownData.loader, getRequest("/account/data.json", { cookie: person.cookie })));
    expect(after).toMatchObject({ kind: "redirect", location: expect.stringMatching(/^\/login/) });
  });

  it("unlinks, unverifies and anonymises a professional's directory entry", async () => {
    const email = uniqueEmail("del-pro");
    const created = await createRegistration(professionalAnswers(email));
    if (!created.ok) throw new Error("registration failed");
    await db().update(professionals).set({ verified: true, verifiedAt: new Date(), verifiedBy: admin.userId, profileImage: "/uploads/none-such.jpg" }).where(eq(professionals.userId, created.userId));
    const [before] = await db().select({ id: professionals.id }).from(professionals).where(eq(professionals.userId, created.userId)).limit(1);
    const cookie = await signedIn(created.userId);
    const out = await run(() => call(deletePage.action, post("/account/delete", { password: PASSWORD }, { cookie })));
    expect(out).toMatchObject({ kind: "redirect", location: "/" });
    const entry = (await db().select().from(professionals).where(eq(professionals.id, before!.id)).limit(1))[0];
    expect(entry).toMatchObject({ userId: null, verified: false, verifiedAt: null, verifiedBy: null, profileImage: null, name: "Former professional", company: null, phone: null });
    // The entry stays (introductions point at it) without the address: no row holds it any more.
    expect(await rowsMentioning(email)).toEqual([]);
  });
});

describe("the admin routes", () => {
  it("refuses a non-admin with 403 and deletes nothing", async () => {
    const person = await registeredClient();
    const victim = await registeredClient();
    const out = await run(() => call(adminDelete.action, post(`/admin/users/${victim.userId}/delete`, {}, { cookie: person.cookie }), { id: victim.userId }));
    expect(out.status).toBe(403);
    expect((await db().select({ id: users.id }).from(users).where(eq(users.id, victim.userId)).limit(1))[0]).toBeDefined();
    const data = await run(() => call(adminData.loader, getRequest(`/admin/users/${victim.userId}/data.json`, { cookie: person.cookie }), { id: victim.userId }));
    expect(data).toMatchObject({ kind: "redirect", location: expect.stringMatching(/^\/admin\/login/) });
  });

  it("lets an admin download anyone's data and delete the account, both audited as admin actions", async () => {
    const person = await registeredClient();
    const response = await call(adminData.loader, getRequest(`/admin/users/${person.userId}/data.json`, { cookie: admin.cookie }), { id: person.userId });
    expect(((await response.json()) as NonNullable<AccountData>).account.email).toBe(person.email);
    const out = await run(() => call(adminDelete.action, post(`/admin/users/${person.userId}/delete`, {}, { cookie: admin.cookie }), { id: person.userId }));
    expect(out).toMatchObject({ kind: "redirect", status: 303, location: "/admin/users" });
    expect((await db().select({ id: users.id }).from(users).where(eq(users.id, person.userId)).limit(1))[0]).toBeUndefined();
    expect(await rowsMentioning(person.email)).toEqual([]);
    expect(await rowsMentioning(person.userId)).toEqual([]);
    const actions = (await db().select().from(auditEvents).where(eq(auditEvents.kind, "ADMIN_ACTION"))).map((e) => e.detail ?? "");
    expect(actions.some((d) => d.startsWith("downloaded the data"))).toBe(true);
    expect(actions.some((d) => d.startsWith("deleted an account"))).toBe(true);
  });

  it("does not let an admin delete themselves, nor the last admin", async () => {
    const out = await run(() => call(adminDelete.action, post(`/admin/users/${admin.userId}/delete`, {}, { cookie: admin.cookie }), { id: admin.userId }));
    expect(out).toMatchObject({ kind: "redirect", status: 303, location: "/admin/users" });
    expect((await db().select({ id: users.id }).from(users).where(eq(users.id, admin.userId)).limit(1))[0]).toBeDefined();
    // Signed in through the site, the only admin cannot delete their own account either.
    const own = await run(() => call(deletePage.action, post("/account/delete", { password: PASSWORD }, { cookie: admin.cookie })));
    expect(own.status).toBe(409);
    expect(errorsOf(own.body)[""]).toEqual([DELETE_MESSAGES.lastAdmin]);
    expect((await db().select({ id: users.id }).from(users).where(eq(users.id, admin.userId)).limit(1))[0]).toBeDefined();
  });
});
