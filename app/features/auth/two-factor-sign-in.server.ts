import { redirect } from "react-router";
import { z } from "zod";
import { signedCookie } from "~/platform/http/cookies.server";
import { COOKIES } from "~/platform/http/cookies";
import { clientAddress, type RequestArgs } from "~/platform/http/client-address.server";
import { audit } from "~/platform/audit.server";
import { auditTrip, consume, LIMITS, releaseHit, type Limit } from "~/platform/rate-limit.server";
import { acceptCode, hasTwoFactor, twoFactorState, type AcceptedCode } from "./two-factor.server";
import { emailOf } from "./users.data.server";

/**
 * The step between a right password and a session, for accounts with a second factor
 * (docs/decisions/024-admin-two-factor.md). Whichever sign-in page took the password (/admin/login or /login)
 * sets a short-lived signed cookie naming the account and where to go, and sends the browser to the
 * page that asks for the code: /admin/login for an admin, /login for a member. No session exists until
 * the code is accepted.
 */
export type CodeStepPath = "/admin/login" | "/login";
const PENDING_MS = COOKIES.twoFactor.maxAge * 1000;

export const TWO_FACTOR_MESSAGES = {
  wrongCode: "That code is not valid. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.",
  tooMany: "Too many login attempts. Please try again in a few minutes.",
  expired: "Your sign-in took too long. Please enter your email and password again.",
} as const;

const PendingSchema = z.object({
  userId: z.string().min(1),
  to: z.string().startsWith("/"),
  remember: z.boolean(),
  expiresAt: z.number(),
});
export type PendingSignIn = z.infer<typeof PendingSchema>;

const pendingCookie = (request: Request) => signedCookie(request, "twoFactor");

/** The Set-Cookie value that starts the code step. */
export async function pendingSignInCookie(request: Request, userId: string, to: string, remember: boolean, nowMs = Date.now()) {
  const pending: PendingSignIn = { userId, to, remember, expiresAt: nowMs + PENDING_MS };
  return pendingCookie(request).serialize(pending, { maxAge: COOKIES.twoFactor.maxAge });
}

export async function clearPendingSignIn(request: Request): Promise<string> {
  return pendingCookie(request).serialize("", { maxAge: 0 });
}

/**
 * The sign-in waiting for a code, with the account's e-mail; null when there is none, it has
 * expired, or the account no longer has a second factor (reset meanwhile).
 */
export async function readPendingSignIn(request: Request, nowMs = Date.now()): Promise<(PendingSignIn & { email: string }) | null> {
  const raw: unknown = await pendingCookie(request).parse(request.headers.get("Cookie"));
  const parsed = PendingSchema.safeParse(raw);
  if (!parsed.success || parsed.data.expiresAt <= nowMs) return null;
  if (!(await hasTwoFactor(parsed.data.userId))) return null;
  const email = await emailOf(parsed.data.userId);
  return email !== undefined ? { ...parsed.data, email } : null;
}

/** After a right password: to the code step instead of a session. */
export async function redirectToCodeStep(request: Request, userId: string, to: string, remember: boolean, codeStep: CodeStepPath = "/admin/login") {
  const headers = new Headers({ "Set-Cookie": await pendingSignInCookie(request, userId, to, remember) });
  return redirect(codeStep, { headers });
}

export type CodeCheck =
  | { ok: true; used: AcceptedCode; recoveryCodesLeft: number }
  | { ok: false; code: "wrong_code" | "too_many_requests"; message: string };

function limitHits(args: RequestArgs, userId: string) {
  return [
    [LIMITS.twoFactorIp, clientAddress(args), "address"],
    [LIMITS.twoFactorUser, userId, "account"],
  ] as const satisfies readonly (readonly [Limit, string, string])[];
}

/**
 * Checks a second-factor code for `user`, rate limited like passwords (docs/decisions/002): failures
 * only, per account and per address, counted before the check and taken back when the code is right.
 * Audits the outcome with `context` ("admin sign-in", "turning two-factor off").
 */
export async function checkSecondFactor(
  args: RequestArgs,
  user: { id: string; email: string },
  input: string,
  context: string,
  { auditSuccess = true }: { auditSuccess?: boolean } = {},
): Promise<CodeCheck> {
  const taken: number[] = [];
  const giveBack = async () => {
    for (const hitId of taken) await releaseHit(hitId);
  };
  for (const [limit, key, which] of limitHits(args, user.id)) {
    const hit = await consume(limit, key);
    if (!hit.allowed) {
      await giveBack();
      await auditTrip(limit, key, { from: args, userId: user.id, email: user.email, detail: `${context}: too many wrong two-factor codes for this ${which}` });
      return { ok: false, code: "too_many_requests", message: TWO_FACTOR_MESSAGES.tooMany };
    }
    if (hit.hitId !== undefined) taken.push(hit.hitId);
  }
  const used = await acceptCode(user.id, input);
  if (!used) {
    await audit({ kind: "LOGIN_FAILED", from: args, userId: user.id, email: user.email, detail: `${context}: wrong two-factor code` });
    return { ok: false, code: "wrong_code", message: TWO_FACTOR_MESSAGES.wrongCode };
  }
  await giveBack();
  const state = await twoFactorState(user.id);
  const left = state.status === "on" ? state.recoveryCodesLeft : 0;
  if (auditSuccess) {
    await audit({
      kind: "LOGIN_SUCCESS",
      from: args,
      userId: user.id,
      email: user.email,
      detail: used === "totp" ? `${context} with a two-factor code` : `${context} with a recovery code (${left} left)`,
    });
  }
  return { ok: true, used, recoveryCodesLeft: left };
}
