import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { profiles } from "~/platform/schema";
import { letter, sendMail, type OutgoingMail } from "~/platform/mail.server";
import { mailLinkOrigin } from "~/platform/site-url.server";
import { callDay, callTime } from "~/features/booking/call-format";

type Member = { id: string; email: string; fullName: string | null };

/** "Tuesday, 1 December 2026 at 09:30 (Europe/London)": in the member's own zone once known, else UTC. */
export function changeTime(at: Date, timeZone: string | null): string {
  const zone = timeZone ?? "UTC";
  const iso = at.toISOString();
  return `${callDay(iso, zone)} at ${callTime(iso, zone)} (${zone.replace(/_/g, " ")})`;
}

/**
 * The notice a password change sends to the account's address: when, and what to do if it was not the
 * member (a reset link goes to this same address, which the person changing the password cannot read
 * unless they also hold the mailbox; then our team).
 */
export function passwordChangedMail(origin: string, member: Member, at: Date, timeZone: string | null): OutgoingMail {
  return letter(
    member.email,
    "Your WealthMatch password was changed",
    [
      `The password of your WealthMatch account (${member.email}) was changed on ${changeTime(at, timeZone)}. Every other device signed in to your account was signed out.`,
      "If you made this change, you need do nothing.",
      `If you did not, someone else may know your password: choose a new one at once with the link below (we send it to this address), then write to our team (answer this email, or use ${origin}/contact) so we can secure your account.`,
    ],
    { href: `${origin}/forgot-password`, label: "Reset my password" },
    { name: member.fullName },
  );
}

/**
 * Sends the notice after the change has committed. It leaves in the background like the e-mail change's
 * mails (the server waits for it before stopping); a failed delivery is logged and undoes nothing.
 */
export async function tellPasswordChanged(request: Request, member: Member, at = new Date()): Promise<{ delivery: Promise<void> }> {
  const [profile] = await db().select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.userId, member.id)).limit(1);
  const delivery = sendMail(passwordChangedMail(mailLinkOrigin(request), member, at, profile?.timeZone ?? null)).catch((error: unknown) => {
    console.error("[account] could not send the password change notice:", error instanceof Error ? error.message : error);
  });
  return { delivery };
}
