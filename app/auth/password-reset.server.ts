import crypto from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { audit } from "~/platform/audit.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db.server";
import { passwordResetTokens, users } from "~/platform/schema";
import { sendMail } from "~/platform/mail.server";
import { auditTrip, consume, LIMITS } from "~/platform/rate-limit.server";
import { mailLinkOrigin } from "~/platform/site-url.server";
import { hashPassword } from "~/users/password.server";
import { findUserByEmail } from "~/users/users.server";
import { clientAddress, type RequestArgs } from "~/http/client-address.server";
import { revokeUserSessions } from "./session.server";

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

// Only the hash is stored: a copy of the database does not let anyone reset a password.
const hashToken = (token: string) => crypto.createHash("sha256").update(token, "utf8").digest("hex");

let warnedAboutOrigin = false;

/**
 * Starts a reset for `email` if it has an account. The caller always shows the same neutral answer,
 * and nothing here takes noticeably longer for a real account (the mail leaves in the background),
 * so the answer does not tell whether the address is registered.
 */
export function requestPasswordReset(args: RequestArgs, email: string, now = new Date()): { delivery: Promise<void> } {
  const address = email.trim().toLowerCase();
  const done = { delivery: Promise.resolve() };
  // Per client address first (someone trying many addresses), then per address asked for. Either
  // way the answer is the same neutral one, and no mail leaves.
  const ip = clientAddress(args);
  if (!consume(LIMITS.passwordResetIp, ip, now).allowed) {
    auditTrip(LIMITS.passwordResetIp, ip, { from: args, email: address, detail: "password reset requests limit reached for this client address" }, now);
    return done;
  }
  if (!consume(LIMITS.passwordResetEmail, address, now).allowed) {
    auditTrip(LIMITS.passwordResetEmail, address, { from: args, email: address, detail: "password reset requests limit reached" }, now);
    return done;
  }
  const user = findUserByEmail(address);
  if (!user) {
    audit({ kind: "PASSWORD_RESET_REQUEST", from: args, email: address, detail: "no account for this address; nothing sent" });
    return done;
  }

  const token = crypto.randomBytes(32).toString("base64url");
  db().transaction((tx) => {
    // Only the newest link works: asking again retires the earlier ones.
    tx.update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)))
      .run();
    tx.insert(passwordResetTokens)
      .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) })
      .run();
  });
  audit({ kind: "PASSWORD_RESET_REQUEST", from: args, userId: user.id, email: user.email, detail: "reset link e-mailed" });

  if (!config().publicUrl && config().nodeEnv === "production" && !warnedAboutOrigin) {
    warnedAboutOrigin = true;
    console.warn("[password-reset] PUBLIC_URL is not set: reset links point at http://localhost. Set PUBLIC_URL in production.");
  }
  const link = `${mailLinkOrigin(args.request)}/reset-password?token=${token}`;
  const delivery = sendMail({
    to: user.email,
    subject: "Reset your WealthMatch password",
    text: [
      "Hello,",
      "",
      "We received a request to reset the password of your WealthMatch account.",
      "Open this link within one hour to choose a new password:",
      "",
      link,
      "",
      "The link works once. If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
      "",
      "WealthMatch",
    ].join("\n"),
    html: `<p>Hello,</p><p>We received a request to reset the password of your WealthMatch account.</p><p><a href="${link}">Choose a new password</a> (the link is valid for one hour and works once).</p><p>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p><p>WealthMatch</p>`,
  }).catch((error: unknown) => {
    // Never the link itself: it is a credential.
    console.error("[password-reset] could not send the reset e-mail:", error instanceof Error ? error.message : error);
  });
  return { delivery };
}

export type ResetTokenState = { valid: true; userId: string; email: string } | { valid: false };

/** Whether a link's token can still be used (unknown, used and expired tokens all look the same). */
export function checkResetToken(token: string | null | undefined, now = new Date()): ResetTokenState {
  if (!token || token.length > 200) return { valid: false };
  const row = db()
    .select({ userId: passwordResetTokens.userId, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .get();
  return row ? { valid: true, ...row } : { valid: false };
}

/**
 * Uses a token once: sets the new password, retires the token (and any other open one of that
 * person) and signs them out everywhere. Returns false when the token is unknown, used or expired.
 */
export async function resetPassword(args: RequestArgs, token: string, password: string, now = new Date()): Promise<boolean> {
  const state = checkResetToken(token, now);
  if (!state.valid) return false;
  const passwordHash = await hashPassword(password);
  const used = db().transaction(
    (tx) => {
      // The conditional update is the single-use guarantee: of two parallel uses only one changes a row.
      const claimed = tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .run();
      if (claimed.changes !== 1) return false;
      tx.update(users).set({ passwordHash }).where(eq(users.id, state.userId)).run();
      tx.update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, state.userId), isNull(passwordResetTokens.usedAt)))
        .run();
      // Same connection, same transaction: the new password and the sign-out everywhere land together.
      revokeUserSessions(state.userId);
      return true;
    },
    { behavior: "immediate" },
  );
  if (!used) return false;
  audit({
    kind: "PASSWORD_RESET_REQUEST",
    from: args,
    userId: state.userId,
    email: state.email,
    detail: "password changed with a reset link; every session ended",
  });
  return true;
}
