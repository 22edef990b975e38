import { and, count, eq, gte, lt } from "drizzle-orm";
import { db, transaction } from "~/platform/db.server";
import { rateLimitHits } from "~/platform/schema";
import { audit, type AuditInput } from "./audit.server";
import { rateLimitRefused } from "./metrics.server";

export type Limit = { bucket: string; max: number; windowMs: number };

export const LIMITS = {
  loginEmail: { bucket: "login:email", max: 5, windowMs: 15 * 60_000 },
  loginIp: { bucket: "login:ip", max: 50, windowMs: 15 * 60_000 },
  adminLoginEmail: { bucket: "admin-login:email", max: 5, windowMs: 15 * 60_000 },
  adminLoginIp: { bucket: "admin-login:ip", max: 50, windowMs: 15 * 60_000 },
  contactEmail: { bucket: "contact:email", max: 3, windowMs: 5 * 60_000 },
  // Offices share one address: 30 messages in 5 minutes from one address is the least we allow.
  contactIp: { bucket: "contact:ip", max: 30, windowMs: 5 * 60_000 },
  passwordResetEmail: { bucket: "reset:email", max: 5, windowMs: 60 * 60_000 },
  passwordResetIp: { bucket: "reset:ip", max: 20, windowMs: 60 * 60_000 },
  /** New accounts per client address (registration). */
  registerIp: { bucket: "register:ip", max: 10, windowMs: 60 * 60_000 },
  /** Step 3's 'already registered' answers per client address; past it the check waits for the last step. */
  registerEmailCheckIp: { bucket: "register:email-check:ip", max: 30, windowMs: 60 * 60_000 },
  /** 'Resend the link' (address confirmation) per e-mail address, which is the account's: 3 new links an hour. */
  confirmEmailAddress: { bucket: "confirm-email:email", max: 3, windowMs: 60 * 60_000 },
  /** The same per client address (one person signed in to many accounts, or an office). */
  confirmEmailIp: { bucket: "confirm-email:ip", max: 20, windowMs: 60 * 60_000 },
  /** Wrong passwords on the account deletion step, per account (the sign-in bound: 5 in 15 minutes). */
  accountDeletePassword: { bucket: "account-delete:user", max: 5, windowMs: 15 * 60_000 },
  /** Wrong current passwords on /account (e-mail and password changes), per account: the sign-in bound. */
  accountPassword: { bucket: "account-settings:password", max: 5, windowMs: 15 * 60_000 },
  /** E-mail change links (and notices) sent, per account: 5 an hour. */
  emailChangeUser: { bucket: "account-settings:email-change", max: 5, windowMs: 60 * 60_000 },
  /** Wrong second-factor codes (sign-in code step, turning two-factor off), per account: the sign-in bound. */
  twoFactorUser: { bucket: "two-factor:user", max: 5, windowMs: 15 * 60_000 },
  /** Wrong second-factor codes per client address: the sign-in bound. */
  twoFactorIp: { bucket: "two-factor:ip", max: 50, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>;

export type LimitState = { allowed: boolean; remaining: number; retryAt: Date | null };

/** Counts the hits inside the sliding window; the oldest one tells when a slot frees up. */
export async function checkLimit(limit: Limit, key: string, now = new Date()): Promise<LimitState> {
  const since = new Date(now.getTime() - limit.windowMs);
  const where = and(
    eq(rateLimitHits.bucket, limit.bucket),
    eq(rateLimitHits.key, key.toLowerCase()),
    gte(rateLimitHits.createdAt, since),
  );
  const used = (await db().select({ n: count() }).from(rateLimitHits).where(where))[0]?.n ?? 0;
  if (used < limit.max) return { allowed: true, remaining: limit.max - used, retryAt: null };
  // auditTrip's own bucket refuses a second audit row, not a visitor.
  if (!limit.bucket.endsWith(":trip-audit")) rateLimitRefused(limit.bucket);
  const [oldest] = await db()
    .select({ at: rateLimitHits.createdAt })
    .from(rateLimitHits)
    .where(where)
    .orderBy(rateLimitHits.createdAt)
    .limit(1);
  const retryAt = oldest ? new Date(oldest.at.getTime() + limit.windowMs) : null;
  return { allowed: false, remaining: 0, retryAt };
}

/** Counts one hit and returns its id (see releaseHit). */
export async function recordHit(limit: Limit, key: string, now = new Date()): Promise<number> {
  const [row] = await db()
    .insert(rateLimitHits)
    .values({ bucket: limit.bucket, key: key.toLowerCase(), createdAt: now })
    .returning({ id: rateLimitHits.id });
  if (!row) throw new Error("The new hit's id was not returned");
  return row.id;
}

/** Takes back a hit counted in advance, once it turns out not to count (a successful sign-in). */
export async function releaseHit(id: number): Promise<void> {
  await db().delete(rateLimitHits).where(eq(rateLimitHits.id, id));
}

/** Checks and, when allowed, counts the attempt in one transaction so parallel requests cannot slip past. */
export async function consume(limit: Limit, key: string, now = new Date()): Promise<LimitState & { hitId?: number }> {
  return transaction(async () => {
    const state = await checkLimit(limit, key, now);
    if (state.allowed) {
      const hitId = await recordHit(limit, key, now);
      return { ...state, remaining: state.remaining - 1, hitId };
    }
    return state;
  });
}

/**
 * Runs `work` (limit checks and hits, audit rows) as one write transaction. With synchronous=FULL every
 * commit waits for an fsync on the event loop: a sign-in that wrote its two hits and its audit row
 * apart paid three, and 40 sign-ins at once held every other request for that long
 * (docs/decisions/012). The nested consume() calls join this one transaction. `work` must only touch
 * the database: PostgreSQL may run it again on a conflict.
 */
export async function inOneWrite<T>(work: () => Promise<T>): Promise<T> {
  return transaction(() => work());
}

/**
 * Records a refusal under `limit` as SUSPICIOUS_ACTIVITY, once per key and window: a flood of refused
 * attempts must not flood the audit log too.
 */
export async function auditTrip(limit: Limit, key: string, event: Omit<AuditInput, "kind">, now = new Date()): Promise<void> {
  const trip: Limit = { bucket: `${limit.bucket}:trip-audit`, max: 1, windowMs: limit.windowMs };
  if ((await consume(trip, key, now)).allowed) await audit({ kind: "SUSPICIOUS_ACTIVITY", ...event });
}

/** Old hits are useless once outside every window. */
export async function pruneHits(now = new Date()): Promise<void> {
  const maxWindow = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
  await db().delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(now.getTime() - maxWindow)));
}
