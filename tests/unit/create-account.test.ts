import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import crypto from "node:crypto";
import { db } from "~/platform/db.server";
import { profiles, sessions, userRoles, users } from "~/platform/schema";
import { AccountInputError, upsertAccount } from "~/features/auth/upsert-account.server";
import { verifyPassword } from "~/platform/password.server";

async function rolesOf(userId: string) {
  return (await db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);
}

async function addSession(userId: string) {
  await db()
    .insert(sessions)
    .values({ id: crypto.randomBytes(32).toString("hex"), userId, expiresAt: new Date(Date.now() + 60_000) });
}

describe("upsertAccount", () => {
  it("creates user, profile and role with a lower-cased e-mail and a hashed password", async () => {
    const result = await upsertAccount({ email: "  Ada.Admin@Example.COM ", password: "Passw0rdX", role: "admin", name: "Ada Lovelace" });
    expect(result).toMatchObject({ action: "created", email: "ada.admin@example.com", role: "admin" });
    const user = (await db().select().from(users).where(eq(users.id, result.userId)).limit(1))[0];
    expect(user?.email).toBe("ada.admin@example.com");
    expect(user?.passwordHash).not.toContain("Passw0rdX");
    expect(await verifyPassword("Passw0rdX", user?.passwordHash ?? "")).toBe(true);
    const profile = (await db().select().from(profiles).where(eq(profiles.userId, result.userId)).limit(1))[0];
    expect(profile).toMatchObject({ email: "ada.admin@example.com", fullName: "Ada Lovelace" });
    expect(await rolesOf(result.userId)).toEqual(["admin"]);
  });

  it("updates the password and replaces the roles of an existing e-mail in any case, signing it out", async () => {
    const created = await upsertAccount({ email: "pro@example.com", password: "FirstPass1", role: "professional" });
    await db().insert(userRoles).values({ userId: created.userId, role: "client" });
    await addSession(created.userId);
    await addSession(created.userId);

    const updated = await upsertAccount({ email: "PRO@Example.com", password: "SecondPass2", role: "admin" });
    expect(updated).toMatchObject({ action: "updated", userId: created.userId, email: "pro@example.com", role: "admin" });
    expect(await rolesOf(created.userId)).toEqual(["admin"]);
    const hash = (await db().select().from(users).where(eq(users.id, created.userId)).limit(1))[0]?.passwordHash ?? "";
    expect(await verifyPassword("SecondPass2", hash)).toBe(true);
    expect(await verifyPassword("FirstPass1", hash)).toBe(false);
    expect(await db().select().from(sessions).where(eq(sessions.userId, created.userId))).toEqual([]);
    expect(await db().select().from(users).where(eq(users.email, "pro@example.com"))).toHaveLength(1);
  });

  it("keeps the existing name when none is given and changes it when one is", async () => {
    const { userId } = await upsertAccount({ email: "named@example.com", password: "Passw0rdX", role: "user", name: "Jean-Luc O'Hara" });
    await upsertAccount({ email: "named@example.com", password: "Passw0rdY", role: "client" });
    expect((await db().select().from(profiles).where(eq(profiles.userId, userId)).limit(1))[0]?.fullName).toBe("Jean-Luc O'Hara");
    await upsertAccount({ email: "named@example.com", password: "Passw0rdZ", role: "client", name: "Jean Luc" });
    expect((await db().select().from(profiles).where(eq(profiles.userId, userId)).limit(1))[0]?.fullName).toBe("Jean Luc");
  });

  it("rejects bad input and writes nothing", async () => {
    const before = (await db().select().from(users)).length;
    const cases = [
      { email: "not-an-email", password: "Passw0rdX", role: "admin" },
      { email: "a@example.com", password: "short1A", role: "admin" },
      { email: "a@example.com", password: "alllowercase1", role: "admin" },
      { email: "a@example.com", password: "ALLUPPERCASE1", role: "admin" },
      { email: "a@example.com", password: "NoNumbersHere", role: "admin" },
      { email: "a@example.com", password: `Aa1${"x".repeat(126)}`, role: "admin" },
      { email: "a@example.com", password: "Passw0rdX", role: "superuser" },
      { email: "a@example.com", password: "Passw0rdX", role: "admin", name: "Robert'); DROP TABLE users;--" },
      { email: "a@example.com", password: "Passw0rdX", role: "admin", name: "x".repeat(51) },
      { email: `${"a".repeat(250)}@example.com`, password: "Passw0rdX", role: "admin" },
    ];
    for (const input of cases) {
      await expect(upsertAccount(input), JSON.stringify(input).slice(0, 80)).rejects.toBeInstanceOf(AccountInputError);
    }
    expect(await db().select().from(users)).toHaveLength(before);
  });

  it("names the failing fields with the spec's messages", async () => {
    const error = await upsertAccount({ email: "nope", password: "short", role: "boss" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountInputError);
    const issues = (error as AccountInputError).issues;
    expect(issues).toContainEqual({ field: "email", message: "Please enter a valid email address" });
    expect(issues).toContainEqual({ field: "password", message: "Password must be at least 8 characters long" });
    expect(issues.some((i) => i.field === "role")).toBe(true);
  });
});
