import { letter, sendMail, type OutgoingMail } from "~/platform/mail.server";
import { mailLinkOrigin } from "~/platform/site-url.server";
import { memberTime, memberZone } from "./member-time.server";
import { logFor } from "~/platform/log.server";

const log = logFor("account");

type Member = { id: string; email: string; fullName: string | null };

/**
 * The notice a password change sends to the account's address: when, and what to do if it was not the
 * member: reset the password (the reset link goes to this same mailbox) and tell our team.
 */
export function passwordChangedMail(origin: string, member: Member, at: Date, timeZone: string | null): OutgoingMail {
  return letter(
    member.email,
    "Your WealthMatch password was changed",
    [
      `The password of your WealthMatch account (${member.email}) was changed on ${memberTime(at, timeZone)}. Every other device signed in to your account was signed out.`,
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
  const delivery = sendMail(passwordChangedMail(mailLinkOrigin(request), member, at, await memberZone(member.id))).catch((error: unknown) => {
    log.error({ err: error }, "could not send the password change notice");
  });
  return { delivery };
}
