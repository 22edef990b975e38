import { audit, reviseAudit } from "~/platform/audit.server";
import type { Role } from "~/domain/vocabulary";
import { auditTrip, checkLimit, inOneWrite, LIMITS, recordHit, releaseHit, type Limit } from "~/platform/rate-limit.server";
import {
  authenticator,
  InvalidCredentialsError,
  PASSWORD_STRATEGY,
} from "./authenticator.server";
import { clientAddress, type RequestArgs } from "~/platform/http/client-address.server";
import { PasswordHashBusyError } from "~/platform/password.server";
import { signInFailed } from "~/platform/metrics.server";
import { hasTwoFactor } from "./two-factor.server";
import { emailRegistered } from "~/features/auth/users.data.server";
import { logFor } from "~/platform/log.server";

const log = logFor("sign-in");

export type SignInArea = "site" | "admin";
export type SignInErrorCode = "invalid_credentials" | "too_many_requests" | "unknown";
export type SignInResult =
  | {
      ok: true;
      user: { id: string; email: string; roles: Role[]; role: Role };
      /** The account has a second factor: the password alone starts no session (docs/decisions/024). */
      secondFactor: boolean;
    }
  | { ok: false; code: SignInErrorCode; message: string };

const AREA_LIMITS: Record<SignInArea, { email: Limit; ip: Limit }> = {
  site: { email: LIMITS.loginEmail, ip: LIMITS.loginIp },
  admin: { email: LIMITS.adminLoginEmail, ip: LIMITS.adminLoginIp },
};


/** What a person reads for each way a sign-in can fail. */
const MESSAGES: Record<SignInErrorCode, string> = {
  invalid_credentials: "Invalid email or password. Please try again.",
  too_many_requests: "Too many login attempts. Please try again in a few minutes.",
  unknown: "An error occurred. Please try again later.",
};

/**
 * Maps an error code to its message. An unconfirmed address (email_not_confirmed) and a refused grant
 * (invalid_grant) read exactly like a wrong password, so the form never tells anyone whether an address
 * has an account.
 */
export function signInMessage(code: SignInErrorCode | "email_not_confirmed" | "invalid_grant" | (string & {})): string {
  if (code === "invalid_credentials" || code === "email_not_confirmed" || code === "invalid_grant") {
    return MESSAGES.invalid_credentials;
  }
  if (code === "too_many_requests") return MESSAGES.too_many_requests;
  return MESSAGES.unknown;
}

function failure(code: SignInErrorCode): SignInResult {
  signInFailed(code);
  return { ok: false, code, message: signInMessage(code) };
}

async function tooMany(args: RequestArgs, area: SignInArea, email: string, which: "email" | "ip"): Promise<SignInResult> {
  const limit = AREA_LIMITS[area][which];
  await auditTrip(limit, which === "email" ? email : clientAddress(args), {
    from: args,
    email,
    detail: `${area} sign-in rate limit reached (${which === "email" ? "failed attempts for this email" : "failed attempts from this address"})`,
  });
  return failure("too_many_requests");
}

/**
 * Verifies the posted e-mail + password with remix-auth's FormStrategy, applying the rate limits of
 * `area` (see docs/decisions/002-sign-in-rate-limits.md), auditing LOGIN_SUCCESS / LOGIN_FAILED /
 * SUSPICIOUS_ACTIVITY. `args.request` must still have its body: the caller reads a clone for its
 * own validation (the strategy reads a clone too). `email` is the caller's validated address, the
 * key of the per-address limit. Does not create the session: the caller decides where the person goes.
 */
export async function verifySignIn(args: RequestArgs, email: string, area: SignInArea): Promise<SignInResult> {
  const limits = AREA_LIMITS[area];
  const ip = clientAddress(args);

  // Both bounds count failures only (people sign in from several devices; docs/decisions/002). Each
  // attempt is counted before the password is checked, so parallel requests cannot all slip under a
  // bound, and taken back unless it fails. Past 5 failures for an address, even the right password
  // is refused until the oldest failure leaves the window.
  // The failure is recorded with the hits, in one commit: most attempts of a burst fail, and each
  // commit is an fsync on the event loop (docs/decisions/012). Both failures are recorded alike, so an
  // unknown e-mail still costs what a wrong password does.
  const before = await inOneWrite(async () => {
    if (!(await checkLimit(limits.ip, ip)).allowed) return { refused: await tooMany(args, area, email, "ip") };
    if (!(await checkLimit(limits.email, email)).allowed) return { refused: await tooMany(args, area, email, "email") };
    const hits = [await recordHit(limits.ip, ip), await recordHit(limits.email, email)];
    const reason: InvalidCredentialsError["reason"] = (await emailRegistered(email)) ? "wrong_password" : "unknown_email";
    const failed = await audit({ kind: "LOGIN_FAILED", from: args, email, detail: failedDetail(area, reason) });
    return { hits, reason, failed };
  });
  if (before.refused) return before.refused;
  const { hits, reason, failed } = before;
  /** The attempt did not fail after all: its hits are taken back and its failure corrected, in one commit. */
  const notAFailure = (then: () => Promise<void>) =>
    inOneWrite(async () => {
      for (const hit of hits) await releaseHit(hit);
      await then();
    });

  try {
    const user = await authenticator.authenticate(PASSWORD_STRATEGY, args.request);
    const secondFactor = await hasTwoFactor(user.id);
    await notAFailure(async () => {
      await reviseAudit(failed, null);
      // At the admin sign-in the right password alone is not a sign-in: the caller refuses a non-admin
      // (no session) and records that instead. With a second factor, the code step records the outcome.
      if (!secondFactor && (area === "site" || user.roles.includes("admin"))) {
        await audit({ kind: "LOGIN_SUCCESS", from: args, userId: user.id, email: user.email, detail: `${area} sign-in` });
      }
    });
    return { ok: true, user, secondFactor };
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      if (error.reason !== reason) await reviseAudit(failed, failedDetail(area, error.reason));
      return failure("invalid_credentials");
    }
    // A full hashing pool is not a failed sign-in: the caller answers 503 (withHashingRoom).
    if (error instanceof PasswordHashBusyError) {
      await notAFailure(() => reviseAudit(failed, null));
      throw error;
    }
    log.error({ err: error }, "verification failed");
    await notAFailure(() => reviseAudit(failed, `${area} sign-in: server error`));
    return failure("unknown");
  }
}

function failedDetail(area: SignInArea, reason: InvalidCredentialsError["reason"]): string {
  return `${area} sign-in: ${reason.replace("_", " ")}`;
}
