import crypto from "node:crypto";
import { eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { db, type DB } from "~/platform/db.server";
import type { Role } from "~/domain/vocabulary";
import { profiles, userRoles, users } from "~/platform/schema";

/** A database handle or a transaction: both run the same queries. */
export type Queryable = Pick<DB, "select" | "insert" | "update" | "delete">;

/** E-mail addresses keep the case they were typed in; every lookup ignores it (the unique index does too). */
export function sameEmail(column: SQLiteColumn, email: string): SQL {
  return sql`${column} = ${email.trim()} collate nocase`;
}

export type UserRecord = { id: string; email: string; passwordHash: string };

export function findUserByEmail(email: string, q: Queryable = db()): UserRecord | undefined {
  return q
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(sameEmail(users.email, email))
    .get();
}

export function emailRegistered(email: string, q: Queryable = db()): boolean {
  return findUserByEmail(email, q) !== undefined;
}

/** The account's e-mail address, or undefined when there is no such account. */
export function emailOf(userId: string, q: Queryable = db()): string | undefined {
  return q.select({ email: users.email }).from(users).where(eq(users.id, userId)).get()?.email;
}

/** The account's password hash, or undefined when there is no such account. */
export function passwordHashOf(userId: string, q: Queryable = db()): string | undefined {
  return q.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get()?.hash;
}

export function rolesOf(userId: string, q: Queryable = db()): Role[] {
  return q
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .all()
    .map((r) => r.role);
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
export function insertAccount(tx: Queryable, account: NewAccount): string {
  const userId = crypto.randomUUID();
  const email = account.email.trim();
  tx.insert(users).values({ id: userId, email, passwordHash: account.passwordHash, emailConfirmedAt: account.emailConfirmedAt ?? null }).run();
  tx.insert(profiles).values({ userId, email, fullName: account.fullName }).run();
  tx.insert(userRoles).values({ userId, role: account.role }).run();
  return userId;
}

/** Whether a write failed on a unique index (two requests racing for the same e-mail). */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    (error.code === "SQLITE_CONSTRAINT_UNIQUE" || error.code === "SQLITE_CONSTRAINT_PRIMARYKEY")
  );
}
