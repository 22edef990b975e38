import { data } from "react-router";
import { readFormData } from "~/platform/http/form-data.server";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { audit } from "~/platform/audit.server";
import { consume, type Limit } from "~/platform/rate-limit.server";
import { sendMail } from "~/platform/mail.server";
import { getSettings } from "~/platform/settings.server";
import { mailLinkOrigin } from "~/platform/site-url.server";
import { clientAddress, type RequestArgs } from "~/platform/http/client-address.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { NOT_SAVED_INIT } from "~/platform/http/not-saved.server";
import { ContactSchema, type ContactInput } from "./contact-schema";
import { checkContent } from "./content-check";
import { csrfToken, freshCsrfCookie, verifyCsrf } from "./csrf.server";
import { honeypotInputProps, isHoneypotHit } from "~/platform/http/honeypot.server";
import { INQUIRY_TYPE_LABELS } from "~/domain/inquiry-types";
import { tooManyMessage } from "./retry-time";
import { cleanMessage, joinName, storedCompany } from "./stored-message";
import { storeSubmission, type StoreOutcome } from "./submissions.data.server";
import { logFor } from "~/platform/log.server";

const log = logFor("contact");

/** What the contact form says after a post: sent, blocked, refused for too many posts, or an error. */
const CONTACT_TEXTS = {
  sentTitle: "Message Sent",
  sentBody: "Thank you for your message. We'll get back to you within 24 hours.",
  errorTitle: "Error",
  errorBody: "Failed to send message. Please try again.",
  tooManyTitle: "Too Many Submissions",
  blockedTitle: "Content Blocked",
} as const;

type ContactAlert = { title: string; description: string };
export type ContactActionData = {
  result: SubmissionResult<string[]>;
  alert?: ContactAlert;
  /** Set when the page's token was refused: the page loads a fresh one. */
  csrfRefused?: true;
};

/** The page's token and honeypot fields; the token's cookie is set when the visitor has none yet. */
export async function contactLoader(request: Request) {
  const { token, setCookie } = await csrfToken(request);
  const honeypot = await honeypotInputProps();
  return data({ csrf: token, honeypot }, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

// A flood of forged or automated posts must not flood the audit log too: at most this many
// records of one kind per address per window.
const AUDIT_BUDGET: Limit = { bucket: "contact:audit", max: 10, windowMs: 5 * 60_000 };

async function auditSuspicious(args: RequestArgs, what: string, detail: string, email?: string): Promise<void> {
  if (!(await consume(AUDIT_BUDGET, `${what}:${clientAddress(args)}`)).allowed) return;
  await audit({ kind: "SUSPICIOUS_ACTIVITY", from: args, email: email ?? null, detail: `contact form: ${detail}` });
}

const typedEmail = (form: FormData) => {
  const value = form.get("email");
  return typeof value === "string" && value.length <= 254 ? value.trim() : undefined;
};

/** The success every sender sees (a honeypot hit too): the flash message and a fresh token. */
async function sent(request: Request) {
  return redirectWithToast(
    request,
    "/contact",
    // The form's address ends in #send-message, which the browser keeps across this redirect.
    { type: "success", title: CONTACT_TEXTS.sentTitle, description: CONTACT_TEXTS.sentBody, anchor: "send-message" },
    { headers: { "Set-Cookie": await freshCsrfCookie(request) } },
  );
}

/**
 * Tells the team (the contact address in the site settings) about a new message. Never mailed to the
 * address the visitor typed: the form must not become a way to send mail to strangers.
 */
async function notifyTeam(request: Request, id: number, input: ContactInput, createdAt: Date): Promise<void> {
  const type = INQUIRY_TYPE_LABELS[input.inquiryType];
  const name = joinName(input.firstName, input.lastName);
  try {
    const to = (await getSettings()).contact.email;
    await sendMail({
      to,
      subject: `New contact message: ${type} from ${name}`,
      text: [
        "A new message arrived through the contact form.",
        "",
        `Name: ${name}`,
        `Email: ${input.email}`,
        `Company: ${storedCompany(input.company) ?? "none given"}`,
        `Inquiry type: ${type}`,
        `Received: ${createdAt.toISOString()}`,
        "",
        cleanMessage(input.message),
        "",
        `Open it in the admin area: ${mailLinkOrigin(request)}/admin/submissions/${id}`,
      ].join("\n"),
    });
  } catch (error) {
    // The message is already stored and waits in the admin inbox; only the notice is lost.
    log.error({ err: error }, `could not email the notice for submission ${id}`);
  }
}

/** The last notice sent, so tests can wait for the mail without sleeping. */
export let lastNotice: Promise<void> = Promise.resolve();

export async function contactAction(args: RequestArgs) {
  const { request } = args;
  const form = await readFormData(request);

  // 1. The token: a post forged on another site has no matching cookie and stores nothing.
  const csrf = await verifyCsrf(request, form);
  if (!csrf.ok) {
    await auditSuspicious(args, "csrf", `CSRF check failed (${csrf.code})`, typedEmail(form));
    const submission = parseWithZod(form, { schema: ContactSchema });
    return data<ContactActionData>(
      {
        result: submission.reply({ formErrors: [CONTACT_TEXTS.errorBody] }),
        alert: { title: CONTACT_TEXTS.errorTitle, description: CONTACT_TEXTS.errorBody },
        csrfRefused: true,
      },
      { status: 403 },
    );
  }

  // 2. The honeypot: a bot sees the usual success; nothing is stored.
  if (await isHoneypotHit(form)) {
    await auditSuspicious(args, "honeypot", "honeypot filled, message dropped", typedEmail(form));
    return sent(request);
  }

  // 3. The fields.
  const submission = parseWithZod(form, { schema: ContactSchema });
  if (submission.status !== "success") {
    return data<ContactActionData>({ result: submission.reply() }, { status: 400 });
  }
  const input = submission.value;

  // 4. The content check (content-check.ts): too long, spam words, or too many links and numbers.
  const verdict = checkContent(input.message);
  if (!verdict.ok) {
    return data<ContactActionData>(
      { result: submission.reply({ formErrors: [verdict.reason] }), alert: { title: verdict.title, description: verdict.reason } },
      { status: 422 },
    );
  }

  // 5. The limits and the row, together.
  const now = new Date();
  let outcome: StoreOutcome;
  try {
    outcome = await storeSubmission(input, clientAddress(args), now);
  } catch (error) {
    log.error({ err: error }, "could not store a message");
    return data<ContactActionData>(
      {
        result: submission.reply({ formErrors: [CONTACT_TEXTS.errorBody] }),
        alert: { title: CONTACT_TEXTS.errorTitle, description: CONTACT_TEXTS.errorBody },
      },
      NOT_SAVED_INIT,
    );
  }
  if (!outcome.stored) {
    await auditSuspicious(
      args,
      `limit-${outcome.which}`,
      outcome.which === "email" ? "rate limit reached for this email" : "rate limit reached for this address",
      input.email,
    );
    const description = tooManyMessage(outcome.retryAt, now);
    const seconds = Math.max(1, Math.ceil((outcome.retryAt.getTime() - now.getTime()) / 1000));
    return data<ContactActionData>(
      { result: submission.reply({ formErrors: [description] }), alert: { title: CONTACT_TEXTS.tooManyTitle, description } },
      { status: 429, headers: { "Retry-After": String(seconds) } },
    );
  }

  // 6. Stored first, mailed after: a failed notice never loses the message.
  lastNotice = notifyTeam(request, outcome.id, input, outcome.createdAt);
  return sent(request);
}
