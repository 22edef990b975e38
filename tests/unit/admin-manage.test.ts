import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, professionals, sessions, userRoles } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { changeUserRole, listUsers } from "~/features/admin/users/users.data.server";
import { USER_MESSAGES } from "~/features/admin/users/users-schema";
import { changedPaths } from "~/features/admin/settings/settings.server";
import { getSettings } from "~/platform/settings.server";
import { DEFAULT_SETTINGS } from "~/platform/settings";
import * as usersRoute from "~/routes/admin.users";
import * as settingsRoute from "~/routes/admin.settings";
import * as listRoute from "~/routes/admin.professionals";
import * as newRoute from "~/routes/admin.professionals.new";
import * as editRoute from "~/routes/admin.professionals.$id.edit";
import * as vettingRoute from "~/routes/admin.professionals.$id.vetting";
import { professionalRegistrations } from "~/platform/schema";
import { formRequest, getRequest, requestArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";
import { COMPLETE_MATCHING } from "./support/matching";

const PASSWORD = "Passw0rdX";
type Role = "admin" | "client" | "professional" | "user";

async function person(role: Role, name?: string) {
  const email = uniqueEmail(`manage-${role}`);
  const { userId } = await upsertAccount({ email, password: PASSWORD, role, name });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { userId, email, cookie };
}

const rolesOf = async (userId: string) => (await db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);
const sessionCount = async (userId: string) =>
  (await db().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(sessions).where(eq(sessions.userId, userId)))[0]?.n ?? 0;
const adminActions = () => db().select().from(auditEvents).where(eq(auditEvents.kind, "ADMIN_ACTION")).orderBy(auditEvents.id);
const professionalRow = async (id: number) => (await db().select().from(professionals).where(eq(professionals.id, id)).limit(1))[0];
const professionalByEmail = async (email: string) => (await db().select().from(professionals).where(eq(professionals.email, email)).limit(1))[0];
const insertProfessional = async (values: typeof professionals.$inferInsert) => {
  const [row] = await db().insert(professionals).values(values).returning();
  if (!row) throw new Error("no professional inserted");
  return row;
};

// One file, one fresh database: the first admin made here is the only one until the test makes another.
let firstAdmin: Awaited<ReturnType<typeof person>>;
beforeAll(async () => {
  firstAdmin = await person("admin");
});

describe("role changes", () => {
  it("refuses to take the admin role from the last admin, with a clear message, and changes nothing", async () => {
    // The database has one admin; the request comes from another id, so only the last-admin rule applies.
    const result = await changeUserRole({ id: "someone-else" }, firstAdmin.userId, "client");
    expect(result).toEqual({ ok: false, message: USER_MESSAGES.lastAdmin });
    expect(await rolesOf(firstAdmin.userId)).toEqual(["admin"]);
    expect(await sessionCount(firstAdmin.userId)).toBe(1);
  });

  it("refuses an admin taking away their own admin role", async () => {
    const result = await changeUserRole({ id: firstAdmin.userId }, firstAdmin.userId, "user");
    expect(result).toEqual({ ok: false, message: USER_MESSAGES.self });
    expect(await rolesOf(firstAdmin.userId)).toEqual(["admin"]);
  });

  it("through the page an admin demotes another admin (their sessions end); the last one left keeps the role", async () => {
    const second = await person("admin");
    // Two admins: the second demotes the first, which leaves the second as the last admin.
    const out = await run(() => usersRoute.action({ request: formRequest("/admin/users", { userId: firstAdmin.userId, role: "client" }, { cookie: second.cookie }), params: {}, context: {} } as never));
    expect(out).toMatchObject({ kind: "redirect", status: 303, location: "/admin/users" });
    expect(await rolesOf(firstAdmin.userId)).toEqual(["client"]);
    expect(await sessionCount(firstAdmin.userId)).toBe(0);
    // With a third admin, the second can go; then the third is the last and stays.
    const third = await person("admin");
    const ok = await changeUserRole({ id: third.userId }, second.userId, "user");
    expect(ok).toMatchObject({ ok: true, changed: true });
    const refused = await changeUserRole({ id: "another" }, third.userId, "user");
    expect(refused).toEqual({ ok: false, message: USER_MESSAGES.lastAdmin });
    expect(await rolesOf(third.userId)).toEqual(["admin"]);
    // Put a spare admin back for the other tests.
    firstAdmin = third;
  });

  it("replaces every role record with the one chosen, in one step, and ends all of that person's sessions", async () => {
    const client = await person("client", "Ada Lovelace");
    await db().insert(userRoles).values({ userId: client.userId, role: "user" });
    await createSession(requestArgs(getRequest("/login")), client.userId, { remember: true });
    expect(await sessionCount(client.userId)).toBe(2);
    const result = await changeUserRole({ id: firstAdmin.userId }, client.userId, "professional");
    expect(result).toMatchObject({ ok: true, changed: true, from: "client", to: "professional" });
    expect(await rolesOf(client.userId)).toEqual(["professional"]);
    expect(await sessionCount(client.userId)).toBe(0);
  });

  it("lists users by search and role filter, newest first, only profiles with a role", async () => {
    const a = await person("client", "Beatrix Quill");
    const b = await person("professional", "Beatrix Quarry");
    const noRole = await person("user", "Beatrix Nobody");
    await db().delete(userRoles).where(eq(userRoles.userId, noRole.userId));
    const all = await listUsers(new URLSearchParams({ q: "beatrix" }));
    expect(all.rows.map((r) => r.email)).toEqual([b.email, a.email]);
    const clients = await listUsers(new URLSearchParams({ q: "Beatrix", role: "client" }));
    expect(clients.rows.map((r) => r.email)).toEqual([a.email]);
    // % and _ are searched for literally.
    expect((await listUsers(new URLSearchParams({ q: "%" }))).rows).toEqual([]);
    expect((await listUsers(new URLSearchParams({ q: a.email.toUpperCase() }))).rows.map((r) => r.email)).toEqual([a.email]);
  });
});

describe("a non-admin posting to each admin action", () => {
  it("gets 403 and nothing changes (real Requests, the forms' own fields)", async () => {
    const client = await person("client");
    const target = await person("user");
    const entry = await insertProfessional({ name: "Untouched", email: uniqueEmail("untouched") });
    const before = await getSettings();
    const actionsBefore = (await adminActions()).length;
    const cases: [(args: never) => unknown, string, Record<string, string>, Record<string, string>][] = [
      [vettingRoute.action, `/admin/professionals/${entry.id}/vetting`, { intent: "verify" }, { id: String(entry.id) }],
      [vettingRoute.action, `/admin/professionals/${entry.id}/vetting`, { intent: "tick", item: "identity" }, { id: String(entry.id) }],
      [listRoute.action, "/admin/professionals", { intent: "feature", id: String(entry.id), value: "true" }, {}],
      [listRoute.action, "/admin/professionals", { intent: "delete", id: String(entry.id), confirmed: "yes" }, {}],
      [newRoute.action, "/admin/professionals/new", { name: "Forged", email: uniqueEmail("forged") }, {}],
      [editRoute.action, `/admin/professionals/${entry.id}/edit`, { name: "Renamed", email: entry.email, verified: "on" }, { id: String(entry.id) }],
      [usersRoute.action, "/admin/users", { userId: target.userId, role: "admin" }, {}],
      [usersRoute.action, "/admin/users", { userId: client.userId, role: "admin" }, {}],
      [settingsRoute.action, "/admin/settings", { "contact.email": "evil@example.com", "contact.phone": "+1 000", "contact.city": "Nowhere" }, {}],
    ];
    for (const [action, url, fields, params] of cases) {
      const request = formRequest(url, fields, { cookie: client.cookie });
      const out = await run(() => (action as (a: unknown) => unknown)({ request, params, context: {} }));
      expect(out.status, url).toBe(403);
    }
    expect(await professionalRow(entry.id)).toMatchObject({ name: "Untouched", verified: false, featured: false });
    expect(await db().select().from(professionals).where(eq(professionals.name, "Forged"))).toEqual([]);
    expect(await rolesOf(target.userId)).toEqual(["user"]);
    expect(await rolesOf(client.userId)).toEqual(["client"]);
    expect(await getSettings()).toEqual(before);
    expect((await adminActions()).length).toBe(actionsBefore);
  });
});

describe("professional entries", () => {
  it("verifying (through the vetting checklist) records who and when; unverifying clears it; each change is audited with the admin and the entry", async () => {
    const entry = await insertProfessional({ name: "Vera Vetted", email: uniqueEmail("vera"), ...COMPLETE_MATCHING });
    await db().insert(professionalRegistrations).values({ professionalId: entry.id, register: "uk-fca-frn", number: "123456" });
    const vetting = (fields: Record<string, string>) =>
      run(() => vettingRoute.action({ request: formRequest(`/admin/professionals/${entry.id}/vetting`, fields, { cookie: firstAdmin.cookie }), params: { id: String(entry.id) }, context: {} } as never));
    await vetting({ intent: "tick", item: "register", checkedOn: "2026-01-05", note: "FCA register: authorised" });
    for (const item of ["identity", "experience", "disciplinary", "fees"]) await vetting({ intent: "tick", item });
    const out = await vetting({ intent: "verify" });
    expect(out).toMatchObject({ kind: "redirect", status: 303, location: `/admin/professionals/${entry.id}/vetting` });
    const row = await professionalRow(entry.id);
    expect(row).toMatchObject({ verified: true, verifiedBy: firstAdmin.userId });
    expect(row?.verifiedAt).toBeInstanceOf(Date);
    const last = (await adminActions()).at(-1);
    expect(last).toMatchObject({ userId: firstAdmin.userId, email: firstAdmin.email });
    expect(last?.detail).toContain(`verified professional #${entry.id} Vera Vetted <${entry.email}>`);

    // The list's old verify post does nothing now: the badge click is gone.
    await run(() => listRoute.action({ request: formRequest("/admin/professionals", { intent: "verify", id: String(entry.id), value: "false" }, { cookie: firstAdmin.cookie }), params: {}, context: {} } as never));
    expect((await professionalRow(entry.id))?.verified).toBe(true);

    await vetting({ intent: "unverify" });
    expect(await professionalRow(entry.id)).toMatchObject({ verified: false, verifiedAt: null, verifiedBy: null });
    expect((await adminActions()).at(-1)?.detail).toContain(`unverified professional #${entry.id} Vera Vetted`);
  });

  it("a delete without confirmation goes to the confirm step and deletes nothing", async () => {
    const entry = await insertProfessional({ name: "Stays Put", email: uniqueEmail("stays") });
    const out = await run(() => listRoute.action({ request: formRequest("/admin/professionals", { intent: "delete", id: String(entry.id), page: "2" }, { cookie: firstAdmin.cookie }), params: {}, context: {} } as never));
    expect(out).toMatchObject({ kind: "redirect", status: 303, location: `/admin/professionals?page=2&delete=${entry.id}` });
    expect(await professionalRow(entry.id)).toBeDefined();
  });

  it("never links an account unless the admin ticks it, and refuses a second entry for one account", async () => {
    const pro = await person("professional");
    const add = (fields: Record<string, string>) =>
      run(() => newRoute.action({ request: formRequest("/admin/professionals/new", fields, { cookie: firstAdmin.cookie }), params: {}, context: {} } as never));
    await add({ name: "Not Linked", email: pro.email });
    expect((await professionalByEmail(pro.email))?.userId).toBeNull();
    const dup = await add({ name: "Dup", email: pro.email.toUpperCase() });
    expect(dup.status).toBe(400);
    expect(JSON.stringify(dup.body)).toContain("A professional with this email already exists");

    const other = await person("professional");
    const first = await add({ name: "Linked", email: other.email, linkAccount: "on" });
    expect(first.status).toBe(303);
    expect((await professionalByEmail(other.email))?.userId).toBe(other.userId);
  });
});

describe("settings", () => {
  it("names the leaves an edit changed, for the audit record and for writing only those", () => {
    const next = structuredClone(DEFAULT_SETTINGS);
    next.contact.city = "Zurich";
    next.marketingStats.assets.value = "$3B+";
    expect(changedPaths(DEFAULT_SETTINGS, next).sort()).toEqual(["contact.city", "marketingStats.assets.value"]);
  });

  it("writes only what the admin changed, so another admin's change meanwhile survives", async () => {
    const loaded = await getSettings();
    // Another admin saves a new phone after this form was loaded.
    const { saveSettings } = await import("~/platform/settings.server");
    await saveSettings({ ...loaded, contact: { ...loaded.contact, phone: "+41 44 000 00 00" } });
    const fields: Record<string, string> = { baseline: JSON.stringify(loaded) };
    const flat = (value: unknown, prefix: string) => {
      if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) flat(v, prefix ? `${prefix}.${k}` : k);
      // A checkbox, as a browser posts it: "on" when ticked, nothing otherwise.
      else if (typeof value === "boolean") {
        if (value) fields[prefix] = "on";
      } else fields[prefix] = value === null ? "" : String(value);
    };
    flat(loaded, "");
    fields["contact.city"] = "Lucerne";
    const out = await run(() => settingsRoute.action({ request: formRequest("/admin/settings", fields, { cookie: firstAdmin.cookie }), params: {}, context: {} } as never));
    expect(out).toMatchObject({ kind: "redirect", status: 303 });
    expect((await getSettings()).contact).toMatchObject({ city: "Lucerne", phone: "+41 44 000 00 00" });
    expect((await adminActions()).at(-1)?.detail).toBe("edited site settings: contact.city");
  });
});
