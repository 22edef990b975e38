import crypto from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { db } from "~/platform/db.server";
import type { Queryable } from "~/features/auth/users.data.server";
import { oneTimeTokens, users, type TokenPurpose } from "~/platform/schema";

/**
 * Single-use links e-mailed to a person (a password reset, an address confirmation). Only the hash is
 * stored: a copy of the database does not let anyone use a link. Each purpose has its own tokens, and
 * only a person's newest token of a purpose works.
 */
const hashToken = (token: string) => crypto.createHash("sha256").update(token, "utf8").digest("hex");

/** Retires the person's open tokens of this purpose and stores a new one; returns the token for the link. */
export async function issueToken(
  q: Queryable,
  { userId, purpose, ttlMs, newEmail = null }: { userId: string; purpose: TokenPurpose; ttlMs: number; newEmail?: string | null },
  now = new Date(),
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await retireTokens(q, userId, purpose, now);
  await q
    .insert(oneTimeTokens)
    .values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + ttlMs), createdAt: now, newEmail });
  return token;
}

/** Every open token of this person and purpose stops working (asking again, one was used, or the person cancelled). */
export async function retireTokens(q: Queryable, userId: string, purpose: TokenPurpose, now = new Date()): Promise<void> {
  await q
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

const usable = (token: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(oneTimeTokens.tokenHash, hashToken(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    // Valid strictly before expiry: at expires_at exactly the link is refused.
    gt(oneTimeTokens.expiresAt, now),
  );

/** `email` is the account's address now; `newEmail` the one an e-mail change link confirms (else null). */
export type TokenState = { valid: true; userId: string; email: string; newEmail: string | null } | { valid: false };

/** Whether a link's token can still be used (unknown, used and expired tokens all look the same). Uses nothing up. */
export async function checkToken(token: string | null | undefined, purpose: TokenPurpose, now = new Date(), q: Queryable = db()): Promise<TokenState> {
  if (!token || token.length > 200) return { valid: false };
  const [row] = await q
    .select({ userId: oneTimeTokens.userId, email: users.email, newEmail: oneTimeTokens.newEmail })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(usable(token, purpose, now))
    .limit(1);
  return row ? { valid: true, ...row } : { valid: false };
}

/**
 * Uses a token up, inside the caller's transaction: the conditional update is the single-use guarantee
 * (of two parallel uses only one changes a row), and the person's other open tokens of the purpose are
 * retired with it. Returns whose token it was, or invalid.
 */
export async function claimToken(tx: Queryable, token: string, purpose: TokenPurpose, now = new Date()): Promise<TokenState> {
  const state = await checkToken(token, purpose, now, tx);
  if (!state.valid) return state;
  const claimed = await tx.update(oneTimeTokens).set({ usedAt: now }).where(usable(token, purpose, now)).returning({ id: oneTimeTokens.id });
  if (claimed.length !== 1) return { valid: false };
  await retireTokens(tx, state.userId, purpose, now);
  return state;
}

/** The person's open token of a purpose (only the newest can be open), without the token itself: what a page may say about it. */
export async function openToken(
  userId: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<{ newEmail: string | null; createdAt: Date; expiresAt: Date } | null> {
  const [row] = await db()
    .select({ newEmail: oneTimeTokens.newEmail, createdAt: oneTimeTokens.createdAt, expiresAt: oneTimeTokens.expiresAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  return row ?? null;
}
