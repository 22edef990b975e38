import crypto from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { createTOTPKeyURI, verifyHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import QRCode from "qrcode";
import { db, transaction } from "~/platform/db.server";
import { config } from "~/platform/config.server";
import { isSealedWith, open, seal } from "~/platform/secret-box.server";
import type { Queryable } from "~/features/auth/users.data.server";
import { recoveryCodes, twoFactor } from "~/platform/schema";

/**
 * Admins' second factor: TOTP (RFC 6238) with @oslojs/otp, the defaults every authenticator app
 * reads (SHA-1, 6 digits, 30 seconds), plus ten single-use recovery codes.
 * See docs/decisions/024-admin-two-factor.md.
 */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
const TOTP_ISSUER = "WealthMatch";
/** Steps of clock drift accepted either side of now (one: a code from 30 s ago or 30 s ahead). */
const TOTP_DRIFT_STEPS = 1;
const RECOVERY_CODE_COUNT = 10;

/** The time step a moment falls in. */
export function stepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** 20 random bytes (RFC 4226's recommended 160 bits), base32 as authenticator apps take it. */
function newTotpSecret(): string {
  return encodeBase32UpperCaseNoPadding(crypto.randomBytes(20));
}

/** The secret in groups of four, easier to type into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** Digits only: people type "123 456" or paste with spaces. */
function normaliseTotpCode(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/**
 * The step whose code `code` is, within the accepted drift around `nowMs`, or null. Each candidate
 * is compared in constant time (verifyHOTP); the current step is tried first.
 */
export function matchingStep(secret: string, code: string, nowMs = Date.now()): number | null {
  const otp = normaliseTotpCode(code);
  if (!/^\d{6}$/.test(otp)) return null;
  let key: Uint8Array;
  try {
    key = decodeBase32IgnorePadding(secret);
  } catch {
    return null;
  }
  const now = stepAt(nowMs);
  const candidates = [now];
  for (let d = 1; d <= TOTP_DRIFT_STEPS; d++) candidates.push(now - d, now + d);
  for (const step of candidates) {
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, otp)) return step;
  }
  return null;
}

/** The otpauth:// URI the QR code carries. */
export function totpKeyUri(secret: string, accountName: string): string {
  return createTOTPKeyURI(TOTP_ISSUER, accountName, decodeBase32IgnorePadding(secret), TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

/**
 * The QR code as an SVG element, rendered on the server and placed inline in the page: no script,
 * no style attribute, nothing the CSP refuses. Its input is our own otpauth:// URI.
 */
export async function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#0b1b33", light: "#ffffff" } });
}

/* ------------------------------------------------------------------------------------------------
 * Recovery codes: "xxxxx-xxxxx", 10 characters of a 32-letter alphabet (50 random bits) each.
 * ---------------------------------------------------------------------------------------------- */

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read from paper
const RECOVERY_LENGTH = 10;

function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Lower-case, without spaces or dashes: how a recovery code is compared. */
function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, "");
}

/** Random and long, so one SHA-256 is enough (a slow hash guards guessable passwords, not these). */
function hashRecoveryCode(input: string): string {
  return crypto.createHash("sha256").update(normaliseRecoveryCode(input)).digest("hex");
}

function looksLikeRecoveryCode(input: string): boolean {
  const c = normaliseRecoveryCode(input);
  return c.length === RECOVERY_LENGTH && [...c].every((ch) => RECOVERY_ALPHABET.includes(ch));
}

/* ------------------------------------------------------------------------------------------------
 * The stored second factor. Its secret is kept encrypted (TWO_FACTOR_KEY): a copy of the database
 * without the key cannot produce a code.
 * ---------------------------------------------------------------------------------------------- */

const sealed = (secret: string) => seal(secret, config().twoFactorKeys.current);
const opened = (stored: string) => open(stored, config().twoFactorKeys);

/**
 * Encrypts with the current key every stored secret that is plain (kept before encryption) or sealed
 * with TWO_FACTOR_PREVIOUS_KEY: run at start-up and by `npm run two-factor:rekey`. A secret sealed with
 * a key it is not given is left as it is and counted: its owner cannot sign in with a code until the
 * key is set again, or an operator resets it (user:create --reset-2fa).
 */
export async function resealTwoFactorSecrets(): Promise<{ resealed: number; unreadable: number }> {
  const key = config().twoFactorKeys.current;
  const rows = await db().select({ userId: twoFactor.userId, secret: twoFactor.secret }).from(twoFactor);
  let resealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    if (isSealedWith(row.secret, key)) continue;
    let plain: string;
    try {
      plain = opened(row.secret);
    } catch {
      unreadable++;
      continue;
    }
    // Only if unchanged since it was read: an enrolment restarted meanwhile keeps its new secret.
    const done = await db()
      .update(twoFactor)
      .set({ secret: seal(plain, key) })
      .where(and(eq(twoFactor.userId, row.userId), eq(twoFactor.secret, row.secret)))
      .returning({ userId: twoFactor.userId });
    resealed += done.length;
  }
  return { resealed, unreadable };
}

export type TwoFactorState =
  | { status: "off" }
  | { status: "enrolling"; secret: string }
  | { status: "on"; confirmedAt: Date; recoveryCodesLeft: number };

export async function twoFactorState(userId: string): Promise<TwoFactorState> {
  const [row] = await db()
    .select({ secret: twoFactor.secret, confirmedAt: twoFactor.confirmedAt })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  if (!row) return { status: "off" };
  if (!row.confirmedAt) return { status: "enrolling", secret: opened(row.secret) };
  const [left] = await db()
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { status: "on", confirmedAt: row.confirmedAt, recoveryCodesLeft: left?.n ?? 0 };
}

/** Whether signing in as this person takes a code as well as the password. */
export async function hasTwoFactor(userId: string): Promise<boolean> {
  const [row] = await db().select({ confirmedAt: twoFactor.confirmedAt }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return Boolean(row?.confirmedAt);
}

/**
 * Starts (or restarts) an enrolment: a fresh secret, not yet in force. Refused (null) when a
 * confirmed second factor exists: that one must be turned off first.
 */
export async function startEnrolment(userId: string): Promise<string | null> {
  return transaction(async (tx) => {
    const [row] = await tx.select({ confirmedAt: twoFactor.confirmedAt }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
    if (row?.confirmedAt) return null;
    const secret = newTotpSecret();
    await tx
      .insert(twoFactor)
      .values({ userId, secret: sealed(secret) })
      .onConflictDoUpdate({ target: twoFactor.userId, set: { secret: sealed(secret), createdAt: new Date(), lastStep: null } });
    return secret;
  });
}

/** Drops an enrolment in progress (not a confirmed second factor). */
export async function cancelEnrolment(userId: string): Promise<void> {
  await db().delete(twoFactor).where(and(eq(twoFactor.userId, userId), isNull(twoFactor.confirmedAt)));
}

async function replaceRecoveryCodes(tx: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/**
 * Confirms an enrolment with a code from the app. On success the second factor is in force, the
 * code's step is spent, and ten new recovery codes are returned (to show once; only hashes are kept).
 */
export async function confirmEnrolment(userId: string, code: string, nowMs = Date.now()): Promise<string[] | null> {
  return transaction(async (tx) => {
    const [row] = await tx.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
    if (!row || row.confirmedAt) return null;
    const step = matchingStep(opened(row.secret), code, nowMs);
    if (step === null) return null;
    await tx.update(twoFactor).set({ confirmedAt: new Date(nowMs), lastStep: step }).where(eq(twoFactor.userId, userId));
    return replaceRecoveryCodes(tx, userId);
  });
}

export type AcceptedCode = "totp" | "recovery";

/**
 * Checks a code against a confirmed second factor and spends it: a TOTP code of a step no later than
 * the last one accepted is refused (replay), a recovery code works once. One immediate transaction,
 * so two requests with the same code cannot both pass.
 */
export async function acceptCode(userId: string, input: string, nowMs = Date.now()): Promise<AcceptedCode | null> {
  return transaction(async (tx): Promise<AcceptedCode | null> => {
    const [row] = await tx.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
    if (!row?.confirmedAt) return null;
    const totp = normaliseTotpCode(input);
    if (/^\d{6}$/.test(totp)) {
      const step = matchingStep(opened(row.secret), totp, nowMs);
      if (step === null || (row.lastStep !== null && step <= row.lastStep)) return null;
      await tx.update(twoFactor).set({ lastStep: step }).where(eq(twoFactor.userId, userId));
      return "totp";
    }
    if (!looksLikeRecoveryCode(input)) return null;
    const [used] = await tx
      .update(recoveryCodes)
      .set({ usedAt: new Date(nowMs) })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(input)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used ? "recovery" : null;
  });
}

/** New recovery codes replace all the old ones (used or not). Null when no second factor is in force. */
export async function regenerateRecoveryCodes(userId: string): Promise<string[] | null> {
  return transaction(async (tx) => {
    const [row] = await tx.select({ confirmedAt: twoFactor.confirmedAt }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
    if (!row?.confirmedAt) return null;
    return replaceRecoveryCodes(tx, userId);
  });
}

/** Removes the second factor and its recovery codes (turned off by the admin, or reset by an operator). */
export async function removeTwoFactor(userId: string): Promise<boolean> {
  return transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const removed = await tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ userId: twoFactor.userId });
    return removed.length > 0;
  });
}
