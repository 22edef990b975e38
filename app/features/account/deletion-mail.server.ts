import { type OutgoingMail, letter, sendMail } from "~/platform/mail.server";
import { mailLinkOrigin } from "~/platform/site-url.server";
import type { DeletionNotice } from "./account.data.server";
import { logFor } from "~/platform/log.server";

const log = logFor("account");

const callLine = (count: number, who: string) =>
  count === 0 ? [] : [count === 1 ? `The call you had booked with ${who} is cancelled.` : `The ${count} calls you had booked with ${who} are cancelled.`];

/**
 * The e-mail for one person the deletion concerns. A client learns which professional left (the name was
 * read before it was erased); a professional is never told who the client was (docs/decisions/022).
 */
export function deletionMail(origin: string, notice: DeletionNotice): OutgoingMail {
  if (notice.kind === "professional-left") {
    return letter(
      notice.to,
      `${notice.professionalName} has left WealthMatch; your introduction has ended`,
      [
        `${notice.professionalName} deleted their WealthMatch account, so your introduction to them has ended and they are no longer on your shortlist.`,
        ...callLine(notice.cancelledCalls, "them"),
        "The other professionals on your shortlist are still there for you, and our client support team can help you find another.",
      ],
      { href: `${origin}/client-welcome#shortlist`, label: "See your shortlist" },
    );
  }
  return letter(
    notice.to,
    "A client has left WealthMatch; your introduction has ended",
    [
      "A client who had asked to be introduced to you deleted their WealthMatch account, so the introduction has ended. Their details and their messages are no longer shown to you.",
      ...callLine(notice.cancelledCalls, "this client"),
    ],
    { href: `${origin}/professional-dashboard#introductions`, label: "Open your introductions" },
  );
}

/** Sends the notices of a committed deletion; a failed delivery is logged and never undoes the deletion. */
export async function sendDeletionNotices(request: Request, notices: readonly DeletionNotice[]): Promise<void> {
  const origin = mailLinkOrigin(request);
  for (const notice of notices) {
    try {
      await sendMail(deletionMail(origin, notice));
    } catch (error) {
      log.error({ err: error }, `could not send the ${notice.kind} email`);
    }
  }
}
