import crypto from "node:crypto";
import { eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { db, type DB } from "~/platform/db.server";
import { sameText } from "~/platform/sql-dialect.server";
import type { Role } from "~/domain/vocabulary";
import { profiles, userRoles, users } from "~/platform/schema";

export { isUniqueViolation } from "~/platform/sql-dialect.server";

/**
 * The database or a transaction open on it: both run the same queries. (DB itself does not take a
 * transaction: drizzle's transaction type lacks the database's batch() and $client.)
 */
export type Queryable = Pick<DB, "select" | "insert" | "update" | "delete">;

/** E-mail addresses keep the case they were typed in; every lookup ignores it (the unique index does too). */
export function sameEmail(column: SQLiteColumn, email: string): SQL {
  return sameText(column, email.trim());
}

export type UserRecord = { id: string; email: string; passwordHash: string };

export async function findUserByEmail(email: string, q: Queryable = db()): Promise<UserRecord | undefined> {
  const [user] = await q
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(sameEmail(users.email, email))
    .limit(1);
  return user;
}

export async function emailRegistered(email: string, q: Queryable = db()): Promise<boolean> {
  return (await findUserByEmail(email, q)) !== undefined;
}

/** The account's e-mail address, or undefined when there is no such account. */
export async function emailOf(userId: string, q: Queryable = db()): Promise<string | undefined> {
  const [row] = await q.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email;
}

/** The account's password hash, or undefined when there is no such account. */
export async function passwordHashOf(userId: string, q: Queryable = db()): Promise<string | undefined> {
  const [row] = await q.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.hash;
}

export async function rolesOf(userId: string, q: Queryable = db()): Promise<Role[]> {
  const rows = await q.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role);
}

export type NewAccount = {
  email: string;
  passwordHash: string;
  fullName: string | null;
  role: Role;
  /** Set when the address is known to be the person's (an operator made the account); else it waits for the confirmation link. */
  emailConfirmedAt?: Date | null;
};

/**
 * Writes a new account: user, profile and its one role. Call it inside the caller's transaction, after
 * checking the e-mail is free in that same transaction, so the account and whatever belongs with it
 * are written together or not at all.
 */
export async function insertAccount(tx: Queryable, account: NewAccount): Promise<string> {
  const userId = crypto.randomUUID();
  const email = account.email.trim();
  await tx.insert(users).values({ id: userId, email, passwordHash: account.passwordHash, emailConfirmedAt: account.emailConfirmedAt ?? null });
  await tx.insert(profiles).values({ userId, email, fullName: account.fullName });
  await tx.insert(userRoles).values({ userId, role: account.role });
  return userId;
}

/** Every admin's account and address: notices meant for the team (renewals, register changes) go to each. */
export async function adminAccounts() {
  return db().select({ id: users.id, email: users.email }).from(users).innerJoin(userRoles, eq(userRoles.userId, users.id)).where(eq(userRoles.role, "admin"));
}
