import { eq } from "drizzle-orm";
import { audit } from "~/platform/audit.server";
import { config } from "~/platform/config.server";
import { transaction } from "~/platform/db.server";
import { users } from "~/platform/schema";
import { sendMail } from "~/platform/mail.server";
import { auditTrip, consume, LIMITS } from "~/platform/rate-limit.server";
import { mailLinkOrigin } from "~/platform/site-url.server";
import { hashPassword } from "~/platform/password.server";
import { findUserByEmail } from "~/features/auth/users.data.server";
import { clientAddress, type RequestArgs } from "~/platform/http/client-address.server";
import { revokeUserSessions } from "./session.server";
import { checkToken, claimToken, issueToken, type TokenState } from "./one-time-token.server";
import { logFor } from "~/platform/log.server";

const log = logFor("password-reset");

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

let warnedAboutOrigin = false;

/**
 * Starts a reset for `email` if it has an account. The caller always shows the same neutral answer,
 * and nothing here takes noticeably longer for a real account (the mail leaves in the background),
 * so the answer does not tell whether the address is registered.
 */
export async function requestPasswordReset(args: RequestArgs, email: string, now = new Date()): Promise<{ delivery: Promise<void> }> {
  const address = email.trim().toLowerCase();
  const done = { delivery: Promise.resolve() };
  // Per client address first (someone trying many addresses), then per address asked for. Either
  // way the answer is the same neutral one, and no mail leaves.
  const ip = clientAddress(args);
  if (!(await consume(LIMITS.passwordResetIp, ip, now)).allowed) {
    await auditTrip(LIMITS.passwordResetIp, ip, { from: args, email: address, detail: "password reset requests limit reached for this client address" }, now);
    return done;
  }
  if (!(await consume(LIMITS.passwordResetEmail, address, now)).allowed) {
    await auditTrip(LIMITS.passwordResetEmail, address, { from: args, email: address, detail: "password reset requests limit reached" }, now);
    return done;
  }
  const user = await findUserByEmail(address);
  if (!user) {
    await audit({ kind: "PASSWORD_RESET_REQUEST", from: args, email: address, detail: "no account for this address; nothing sent" });
    return done;
  }

  // Only the newest link works: asking again retires the earlier ones.
  const token = await transaction((tx) => issueToken(tx, { userId: user.id, purpose: "password-reset", ttlMs: RESET_TOKEN_TTL_MS }, now));
  await audit({ kind: "PASSWORD_RESET_REQUEST", from: args, userId: user.id, email: user.email, detail: "reset link emailed" });

  if (!config().publicUrl && config().nodeEnv === "production" && !warnedAboutOrigin) {
    warnedAboutOrigin = true;
    log.warn("PUBLIC_URL is not set: reset links point at http://localhost. Set PUBLIC_URL in production.");
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
      "The link works once. If you did not ask for this, you can ignore this email: your password stays as it is.",
      "",
      "WealthMatch",
    ].join("\n"),
    html: `<p>Hello,</p><p>We received a request to reset the password of your WealthMatch account.</p><p><a href="${link}">Choose a new password</a> (the link is valid for one hour and works once).</p><p>If you did not ask for this, you can ignore this email: your password stays as it is.</p><p>WealthMatch</p>`,
  }).catch((error: unknown) => {
    // Never the link itself: it is a credential.
    log.error({ err: error }, "could not send the reset email");
  });
  return { delivery };
}

export type ResetTokenState = TokenState;

/** Whether a link's token can still be used (unknown, used and expired tokens all look the same). */
export async function checkResetToken(token: string | null | undefined, now = new Date()): Promise<ResetTokenState> {
  return checkToken(token, "password-reset", now);
}

/**
 * Uses a token once: sets the new password, retires the token (and any other open one of that
 * person) and signs them out everywhere. Returns false when the token is unknown, used or expired.
 */
export async function resetPassword(args: RequestArgs, token: string, password: string, now = new Date()): Promise<boolean> {
  const state = await checkResetToken(token, now);
  if (!state.valid) return false;
  const passwordHash = await hashPassword(password);
  const used = await transaction(async (tx) => {
    // Of two parallel uses only one claims the token (and the person's other open reset links go with it).
    const claimed = await claimToken(tx, token, "password-reset", now);
    if (!claimed.valid || claimed.userId !== state.userId) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, state.userId));
    // revokeUserSessions joins this transaction: the new password and the sign-out everywhere land together.
    await revokeUserSessions(state.userId);
    return true;
  });
  if (!used) return false;
  await audit({
    kind: "PASSWORD_RESET_REQUEST",
    from: args,
    userId: state.userId,
    email: state.email,
    detail: "password changed with a reset link; every session ended",
  });
  return true;
}
