import { and, eq, isNull, sql } from "drizzle-orm";
import { audit } from "~/platform/audit.server";
import { preparedRead, transaction } from "~/platform/db.server";
import type { Queryable } from "~/features/auth/users.data.server";
import { users } from "~/platform/schema";
import { letter, sendMail } from "~/platform/mail.server";
import { auditTrip, consume, LIMITS } from "~/platform/rate-limit.server";
import { mailLinkOrigin } from "~/platform/site-url.server";
import { clientAddress, type RequestArgs } from "~/platform/http/client-address.server";
import { checkToken, claimToken, issueToken } from "./one-time-token.server";
import { logFor } from "~/platform/log.server";

const log = logFor("email-confirmation");

export const EMAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60_000;

/**
 * Whether the person has proved they read mail at their account's address (a confirmation link, or an
 * operator made the account). Until then the account works, but nothing is introduced to anyone, and a
 * professional cannot claim a directory entry by its e-mail (docs/decisions/023).
 */
export async function isEmailConfirmed(userId: string, q?: Queryable): Promise<boolean> {
  const [row] = await (q ? confirmedAtQuery(q).execute({ userId }) : confirmedAt({ userId }));
  return !!row?.at;
}

const confirmedAtQuery = (q: Queryable) => q.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, sql.placeholder("userId"))).limit(1).prepare();
// Read on most member pages.
const confirmedAt = preparedRead(confirmedAtQuery);

/** `name`: what the mail greets the person by ("Hello Clara,"); "Hello," when it is not known. */
type Account = { id: string; email: string; name?: string | null };

/**
 * Issues a new 24-hour confirmation link (retiring any earlier one) and e-mails it. The mail leaves in
 * the background; `delivery` settles when it has been handed over (tests await it).
 */
export async function sendConfirmationLink(args: RequestArgs, account: Account, now = new Date()): Promise<{ delivery: Promise<void> }> {
  const token = await transaction((tx) =>
    issueToken(tx, { userId: account.id, purpose: "email-confirmation", ttlMs: EMAIL_CONFIRMATION_TTL_MS }, now),
  );
  const link = `${mailLinkOrigin(args.request)}/confirm-email?token=${token}`;
  const mail = letter(
    account.email,
    "Confirm your email address for WealthMatch",
    [
      "Please confirm that this is your email address, so we can introduce you to the right people.",
      "Open this link within 24 hours and press 'Confirm my email'. The link works once.",
      "If you did not create a WealthMatch account, you can ignore this email.",
    ],
    { href: link, label: "Confirm my email" },
    { name: account.name },
  );
  const delivery = sendMail(mail).catch((error: unknown) => {
    // Never the link itself: it is a credential.
    log.error({ err: error }, "could not send the confirmation email");
  });
  return { delivery };
}

export type ResendResult =
  | { status: "sent"; delivery: Promise<void> }
  | { status: "already-confirmed" }
  | { status: "limited"; retryAt: Date | null };

/**
 * 'Resend the link' from a member home. Bounded per client address (someone signed in to many accounts)
 * and per e-mail address, which is the account's (so deleting and re-registering does not reset it).
 */
export async function resendConfirmationLink(args: RequestArgs, account: Account, now = new Date()): Promise<ResendResult> {
  if (await isEmailConfirmed(account.id)) return { status: "already-confirmed" };
  const ip = clientAddress(args);
  const address = account.email.trim().toLowerCase();
  const byIp = await consume(LIMITS.confirmEmailIp, ip, now);
  if (!byIp.allowed) {
    await auditTrip(LIMITS.confirmEmailIp, ip, { from: args, userId: account.id, email: address, detail: "confirmation link requests limit reached for this client address" }, now);
    return { status: "limited", retryAt: byIp.retryAt };
  }
  const byAddress = await consume(LIMITS.confirmEmailAddress, address, now);
  if (!byAddress.allowed) {
    await auditTrip(LIMITS.confirmEmailAddress, address, { from: args, userId: account.id, email: address, detail: "confirmation link requests limit reached" }, now);
    return { status: "limited", retryAt: byAddress.retryAt };
  }
  const { delivery } = await sendConfirmationLink(args, account, now);
  await audit({ kind: "ACCOUNT_CREATION", from: args, userId: account.id, email: address, detail: "email confirmation link sent again" });
  return { status: "sent", delivery };
}

/** Whether a confirmation link can still be used. Reading it (a GET, a mail scanner) uses nothing up. */
export async function checkConfirmationToken(token: string | null | undefined, now = new Date()) {
  return checkToken(token, "email-confirmation", now);
}

/**
 * Uses a confirmation link once (the POST of 'Confirm my email'): marks the address confirmed and
 * retires the person's other links. Unknown, used and expired links are refused alike.
 */
export async function confirmEmail(
  args: RequestArgs,
  token: string,
  now = new Date(),
): Promise<{ ok: true; userId: string; email: string } | { ok: false }> {
  const result = await transaction(async (tx) => {
    const claimed = await claimToken(tx, token, "email-confirmation", now);
    if (!claimed.valid) return { ok: false as const };
    await tx
      .update(users)
      .set({ emailConfirmedAt: now })
      .where(and(eq(users.id, claimed.userId), isNull(users.emailConfirmedAt)));
    return { ok: true as const, userId: claimed.userId, email: claimed.email };
  });
  if (result.ok) await audit({ kind: "ACCOUNT_CREATION", from: args, userId: result.userId, email: result.email, detail: "email address confirmed with the link" });
  return result;
}
