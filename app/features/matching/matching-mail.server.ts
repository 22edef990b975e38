import { sendMail, type OutgoingMail } from "~/platform/mail.server";
import { mailLinkOrigin } from "~/platform/site-url.server";

/**
 * The e-mails of the matching flow, one per step, each to the person it concerns. None of them names
 * the client to a professional: a professional reads who asked only after signing in (docs/decisions/022).
 * A failed delivery is logged and never undoes the step.
 */
async function deliver(mail: OutgoingMail, what: string): Promise<void> {
  try {
    await sendMail(mail);
  } catch (error) {
    console.error(`[matching] could not send the ${what} e-mail:`, error instanceof Error ? error.message : error);
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function mail(to: string, subject: string, lines: string[], link: { href: string; label: string }): OutgoingMail {
  return {
    to,
    subject,
    text: ["Hello,", "", ...lines, "", `${link.label}: ${link.href}`, "", "WealthMatch"].join("\n"),
    html: `<p>Hello,</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p><p>WealthMatch</p>`,
  };
}

export function mailShortlistReleased(request: Request, to: string, count: number) {
  const href = `${mailLinkOrigin(request)}/client-welcome`;
  return deliver(
    mail(
      to,
      "Your WealthMatch shortlist is ready",
      [
        `Our team has reviewed your matches: ${count} verified ${count === 1 ? "professional is" : "professionals are"} waiting on your page, with the reasons each one fits you.`,
        "No professional sees anything about you until you ask for an introduction to them.",
      ],
      { href, label: "See your shortlist" },
    ),
    "shortlist released",
  );
}

export function mailIntroductionRequested(request: Request, to: string) {
  const href = `${mailLinkOrigin(request)}/professional-dashboard#introductions`;
  return deliver(
    mail(
      to,
      "A client asked WealthMatch for an introduction to you",
      ["A client on WealthMatch has asked to be introduced to you.", "Sign in to your dashboard to see who they are and to accept or decline."],
      { href, label: "Open your introductions" },
    ),
    "introduction requested",
  );
}

export function mailIntroductionAnswered(request: Request, to: string, professionalName: string, accepted: boolean) {
  const href = `${mailLinkOrigin(request)}/client-welcome#shortlist`;
  return deliver(
    mail(
      to,
      accepted ? `${professionalName} accepted your introduction` : `${professionalName} declined your introduction`,
      accepted
        ? [`${professionalName} accepted your request and will contact you the way you prefer.`]
        : [`${professionalName} declined your request. The others on your shortlist are still there for you.`],
      { href, label: "See your shortlist" },
    ),
    accepted ? "introduction accepted" : "introduction declined",
  );
}

export function mailIntroductionWithdrawn(request: Request, to: string) {
  const href = `${mailLinkOrigin(request)}/professional-dashboard#introductions`;
  return deliver(
    mail(
      to,
      "A client withdrew an introduction request",
      ["A client who had asked to be introduced to you has withdrawn the request. Their details are no longer shown to you."],
      { href, label: "Open your introductions" },
    ),
    "introduction withdrawn",
  );
}
