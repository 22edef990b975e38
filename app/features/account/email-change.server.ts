import { data } from "react-router";
import { and, eq, ne } from "drizzle-orm";
import { audit } from "~/platform/audit.server";
import { db, transaction } from "~/platform/db.server";
import { letter, sendMail } from "~/platform/mail.server";
import { mailLinkOrigin } from "~/platform/site-url.server";
import { auditTrip, consume, LIMITS } from "~/platform/rate-limit.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { getUser } from "~/features/auth/session.server";
import { ACCOUNT_MESSAGES } from "./account-settings-schema";
import { professionals, profiles, users } from "~/platform/schema";
import { checkToken, claimToken, issueToken, openToken, retireTokens } from "~/features/auth/one-time-token.server";
import { findUserByEmail, sameEmail, type Queryable } from "~/features/auth/users.data.server";
import { pageUrl } from "~/platform/http/page-url.server";
import { logFor } from "~/platform/log.server";

const log = logFor("account");

/**
 * Changing the address an account signs in with (docs/decisions/038). The new address gets a
 * single-use link (stored hashed, 24 hours); nothing changes until it is followed, so the old address
 * keeps signing in meanwhile. Following it swaps the address and tells the old one.
 */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;

type Member = { id: string; email: string };

export type EmailChangeRequest = { status: "sent"; delivery: Promise<void> } | { status: "limited" };

/** Whether the address belongs to another account or another directory entry (case ignored, as everywhere). */
async function addressTaken(userId: string, address: string, q: Queryable = db()): Promise<boolean> {
  const account = await findUserByEmail(address, q);
  if (account && account.id !== userId) return true;
  const [entry] = await q
    .select({ id: professionals.id, userId: professionals.userId })
    .from(professionals)
    .where(sameEmail(professionals.email, address))
    .limit(1);
  return !!entry && entry.userId !== userId;
}

const deliver = (mail: Parameters<typeof sendMail>[0]) =>
  sendMail(mail).catch((error: unknown) => {
    // Never the link itself: it is a credential.
    log.error({ err: error }, "could not send an e-mail change mail");
  });

/**
 * Sends the confirmation link to `newEmail`. An address another account uses gets a notice instead of
 * a link, and the member sees the same answer either way: the form does not tell who has an account.
 * Either way a token is stored with the address, so /account shows the change waiting alike (the one
 * for a taken address is never mailed, so nobody can use it; confirming re-checks the address anyway).
 * Bounded per member (the mails it sends).
 */
export async function requestEmailChange(args: RequestArgs, member: Member, newEmail: string, now = new Date()): Promise<EmailChangeRequest> {
  const limited = await consume(LIMITS.emailChangeUser, member.id, now);
  if (!limited.allowed) {
    await auditTrip(LIMITS.emailChangeUser, member.id, { from: args, userId: member.id, email: member.email, detail: "e-mail change: link requests limit reached" }, now);
    return { status: "limited" };
  }
  const origin = mailLinkOrigin(args.request);
  const taken = await addressTaken(member.id, newEmail);
  const token = await transaction((tx) => issueToken(tx, { userId: member.id, purpose: "email-change", ttlMs: EMAIL_CHANGE_TTL_MS, newEmail }, now));
  if (taken) {
    await audit({ kind: "ACCOUNT_CHANGE", from: args, userId: member.id, email: member.email, detail: "asked to change e-mail to an address already in use; no link sent" });
    const delivery = deliver(
      letter(
        newEmail,
        "Someone tried to use this address on WealthMatch",
        [
          "A WealthMatch member asked to change their account's email address to this one. This address already belongs to a WealthMatch account, so nothing was changed.",
          "If it was you, sign in with this address instead (or reset its password). If it was not you, you need do nothing.",
        ],
        { href: `${origin}/login`, label: "Sign in" },
      ),
    );
    return { status: "sent", delivery };
  }
  await audit({ kind: "ACCOUNT_CHANGE", from: args, userId: member.id, email: member.email, detail: "asked to change e-mail; confirmation link sent to the new address" });
  const delivery = deliver(
    letter(
      newEmail,
      "Confirm your new email address for WealthMatch",
      [
        `You asked to sign in to WealthMatch with this address instead of ${member.email}.`,
        "Open this link within 24 hours and press 'Confirm my new address'. The link works once. Until then your account keeps its current address.",
        "If you did not ask for this, you can ignore this email: nothing changes.",
      ],
      { href: `${origin}/account/confirm-email?token=${token}`, label: "Confirm my new address" },
    ),
  );
  return { status: "sent", delivery };
}

/** The change waiting for its link, if any: the address and until when the link works. */
export async function pendingEmailChange(userId: string, now = new Date()): Promise<{ newEmail: string; sentAt: Date; expiresAt: Date } | null> {
  const open = await openToken(userId, "email-change", now);
  return open?.newEmail ? { newEmail: open.newEmail, sentAt: open.createdAt, expiresAt: open.expiresAt } : null;
}

/** 'Cancel this change': the link stops working and the address stays. Returns whether a change was waiting. */
export async function cancelEmailChange(args: RequestArgs, member: Member, now = new Date()): Promise<boolean> {
  const pending = await pendingEmailChange(member.id, now);
  if (!pending) return false;
  await retireTokens(db(), member.id, "email-change", now);
  await audit({ kind: "ACCOUNT_CHANGE", from: args, userId: member.id, email: member.email, detail: "cancelled a pending e-mail change; its link no longer works" });
  return true;
}

/** Whether a change link can still be used, and the address it confirms. Reading it (a GET, a mail scanner) uses nothing up. */
export async function checkEmailChangeToken(token: string | null | undefined, now = new Date()): Promise<{ valid: true; newEmail: string } | { valid: false }> {
  const state = await checkToken(token, "email-change", now);
  return state.valid && state.newEmail ? { valid: true, newEmail: state.newEmail } : { valid: false };
}

export type EmailChangeResult = { ok: true; userId: string; oldEmail: string; newEmail: string } | { ok: false; reason: "invalid" | "taken" };

/**
 * Uses a change link once (the POST of 'Confirm my new address'): the account, its profile and its
 * directory entry take the new address, which counts as confirmed (the link reached it). Refused when
 * the link is unknown, used or expired, or when the address was taken meanwhile (the link is spent
 * either way). The old address is told.
 */
export async function confirmEmailChange(args: RequestArgs, token: string, now = new Date()): Promise<EmailChangeResult> {
  const result = await transaction(async (tx): Promise<EmailChangeResult> => {
    const claimed = await claimToken(tx, token, "email-change", now);
    if (!claimed.valid || !claimed.newEmail) return { ok: false, reason: "invalid" };
    const newEmail = claimed.newEmail;
    if (await addressTaken(claimed.userId, newEmail, tx)) return { ok: false, reason: "taken" };
    await tx.update(users).set({ email: newEmail, emailConfirmedAt: now }).where(eq(users.id, claimed.userId));
    await tx.update(profiles).set({ email: newEmail }).where(eq(profiles.userId, claimed.userId));
    await tx.update(professionals).set({ email: newEmail }).where(and(eq(professionals.userId, claimed.userId), ne(professionals.email, newEmail)));
    return { ok: true, userId: claimed.userId, oldEmail: claimed.email, newEmail };
  });
  if (!result.ok) {
    if (result.reason === "taken") await audit({ kind: "ACCOUNT_CHANGE", from: args, detail: "e-mail change refused at confirmation: the address was taken meanwhile" });
    return result;
  }
  await audit({ kind: "ACCOUNT_CHANGE", from: args, userId: result.userId, email: result.newEmail, detail: `e-mail changed with the link (was ${result.oldEmail})` });
  const origin = mailLinkOrigin(args.request);
  await deliver(
    letter(
      result.oldEmail,
      "Your WealthMatch email address was changed",
      [
        `The email address of your WealthMatch account was changed from this address to ${result.newEmail}. From now on, sign in with the new address.`,
        "If you did not make this change, someone else may know your password: write to our team at once (answer this email, or use the contact page) and we will secure your account.",
      ],
      { href: `${origin}/contact`, label: "Contact our team" },
    ),
  );
  return result;
}

/** GET /account/confirm-email?token=: shows a button; opening the link changes nothing (mail scanners open links too). */
export async function emailChangeLoader({ request }: RequestArgs) {
  const token = pageUrl(request).searchParams.get("token");
  const state = await checkEmailChangeToken(token);
  return data(state.valid ? { token, newEmail: state.newEmail } : { token: null, newEmail: null }, { status: state.valid ? 200 : 400 });
}

/** POST /account/confirm-email: 'Confirm my new address'. */
export async function emailChangeAction(args: RequestArgs) {
  const { request } = args;
  const token = (await readFormData(request)).get("token");
  const result = typeof token === "string" ? await confirmEmailChange(args, token) : ({ ok: false, reason: "invalid" } as const);
  if (!result.ok) {
    const message = result.reason === "taken" ? ACCOUNT_MESSAGES.addressTaken : ACCOUNT_MESSAGES.linkInvalid;
    return data({ failed: message }, { status: result.reason === "taken" ? 409 : 400 });
  }
  const user = await getUser(request);
  const description = `From now on, sign in with ${result.newEmail}.`;
  return user?.id === result.userId
    ? redirectWithToast(request, "/account", { type: "success", title: "Email address changed", description }, { status: 303 })
    : redirectWithToast(request, "/login", { type: "success", title: "Email address changed", description }, { status: 303 });
}
