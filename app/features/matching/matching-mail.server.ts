import { type OutgoingMail, letter, sendMail } from "~/platform/mail.server";
import { mailLinkOrigin } from "~/platform/site-url.server";
import { HOW_WE_ARE_PAID_PATH, HOW_WE_ARE_PAID_TITLE, PAID_DETAIL, PAID_LEAD } from "./how-we-are-paid";
import { logFor } from "~/platform/log.server";

const log = logFor("matching");

/**
 * The e-mails of the matching flow, one per step, each to the person it concerns. None of them names
 * the client to a professional: a professional reads who asked only after signing in (docs/decisions/022).
 * A failed delivery is logged and never undoes the step.
 */
async function deliver(mail: OutgoingMail, what: string): Promise<void> {
  try {
    await sendMail(mail);
  } catch (error) {
    log.error({ err: error }, `could not send the ${what} email`);
  }
}

export function mailShortlistReleased(request: Request, to: string, count: number) {
  const origin = mailLinkOrigin(request);
  const href = `${origin}/client-welcome`;
  return deliver(
    letter(
      to,
      "Your WealthMatch shortlist is ready",
      [
        `Our team has reviewed your matches: ${count} verified ${count === 1 ? "professional is" : "professionals are"} waiting on your page, with the reasons each one fits you.`,
        "No professional sees anything about you until you ask for an introduction to them.",
        // The disclosure goes with the recommendation, in the same words as the page (how-we-are-paid.ts).
        `${PAID_LEAD} ${PAID_DETAIL}`,
        `${HOW_WE_ARE_PAID_TITLE}, in plain words: ${origin}${HOW_WE_ARE_PAID_PATH}`,
      ],
      { href, label: "See your shortlist" },
    ),
    "shortlist released",
  );
}

/** A professional added to a list the client already has. */
export function mailShortlistAddition(request: Request, to: string, professionalName: string) {
  const origin = mailLinkOrigin(request);
  return deliver(
    letter(
      to,
      "A new professional on your WealthMatch shortlist",
      [
        `Our team has added ${professionalName} to your shortlist, with the reasons they fit you.`,
        "No professional sees anything about you until you ask for an introduction to them.",
        `${PAID_LEAD} ${PAID_DETAIL}`,
        `${HOW_WE_ARE_PAID_TITLE}, in plain words: ${origin}${HOW_WE_ARE_PAID_PATH}`,
      ],
      { href: `${origin}/client-welcome`, label: "See your shortlist" },
    ),
    "shortlist addition",
  );
}

export function mailIntroductionRequested(request: Request, to: string) {
  const href = `${mailLinkOrigin(request)}/professional-dashboard#introductions`;
  return deliver(
    letter(
      to,
      "A client asked WealthMatch for an introduction to you",
      ["A client on WealthMatch has asked to be introduced to you.", "Sign in to your dashboard to see who they are and to accept or decline."],
      { href, label: "Open your introductions" },
    ),
    "introduction requested",
  );
}

/** How to reach the other side, as an accepted introduction shows it. */
export type ContactCard = { name: string; email: string; phone: string | null; channels: string[] };

export const contactLines = (c: ContactCard) => [
  `Name: ${c.name}`,
  `Email: ${c.email}`,
  ...(c.phone ? [`Phone: ${c.phone}`] : []),
  `Prefers: ${c.channels.length ? c.channels.join(", ") : "not stated"}`,
];

/**
 * To the client: the professional's answer. An acceptance carries the professional's contact details
 * and links to the introduction's page, where they can write to each other and book a first call.
 */
export function mailIntroductionAnswered(
  request: Request,
  to: string,
  professionalName: string,
  accepted: boolean,
  page?: { introductionId: number; contact: ContactCard },
) {
  const origin = mailLinkOrigin(request);
  const link =
    accepted && page ? { href: `${origin}/login?redirectTo=${encodeURIComponent(`/introductions/${page.introductionId}`)}`, label: "Open your introduction" } : { href: `${origin}/client-welcome#shortlist`, label: "See your shortlist" };
  return deliver(
    letter(
      to,
      accepted ? `${professionalName} accepted your introduction` : `${professionalName} declined your introduction`,
      accepted
        ? [
            `${professionalName} accepted your request. You can reach them directly:`,
            ...(page ? contactLines(page.contact) : []),
            "They have your details too. You can also write to each other and book a first call on the introduction's page.",
          ]
        : [`${professionalName} declined your request. The others on your shortlist are still there for you.`],
      link,
    ),
    accepted ? "introduction accepted" : "introduction declined",
  );
}

/** A new private message: who and where, never what (the text stays on the site). */
export function mailNewMessage(request: Request, to: string, introductionId: number) {
  // Through the sign-in page, which sends a signed-in reader straight on: the page is a 404 to anyone signed out.
  const href = `${mailLinkOrigin(request)}/login?redirectTo=${encodeURIComponent(`/introductions/${introductionId}`)}`;
  return deliver(
    letter(
      to,
      "You have a new message on WealthMatch",
      ["You have a new message in one of your introductions on WealthMatch.", "Sign in to read it and to reply."],
      { href, label: "Read your message" },
    ),
    "new message",
  );
}

export function mailIntroductionWithdrawn(request: Request, to: string) {
  const href = `${mailLinkOrigin(request)}/professional-dashboard#introductions`;
  return deliver(
    letter(
      to,
      "A client withdrew an introduction request",
      ["A client who had asked to be introduced to you has withdrawn the request. Their details are no longer shown to you."],
      { href, label: "Open your introductions" },
    ),
    "introduction withdrawn",
  );
}
