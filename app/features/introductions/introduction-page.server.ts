import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { getUser } from "~/features/auth/session.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { consume, type Limit } from "~/platform/rate-limit.server";
import { mailNewMessage } from "~/features/matching/matching-mail.server";
import { introductionForPerson, readThread, reportMessage, sendMessage } from "./introduction-page.data.server";
import { MESSAGE_MESSAGES, MessageSchema, ReportSchema } from "./message-schema";
import { callStatusFor } from "~/features/booking/booking.server";

/** Messages one person may send, across all their introductions: a conversation, not a flood. */
const MESSAGE_LIMIT: Limit = { bucket: "message:user", max: 30, windowMs: 10 * 60_000 };

const idOf = (value: string | undefined): number | null => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/**
 * Not a party, not signed in, an admin, or no such introduction: the same 404, page and .data alike,
 * so an id confirms nothing. (The e-mails link through /login?redirectTo=, so a signed-out party
 * signs in first.)
 */
const notFound = () => data({ error: "Not found" }, { status: 404 });

const pagePath = (id: number) => `/introductions/${id}`;

export async function introductionPageLoader({ request, params }: RequestArgs & { params: { id?: string } }) {
  const user = await getUser(request);
  const id = idOf(params.id);
  const intro = user && id ? await introductionForPerson(user.id, id) : null;
  if (!user || !intro) throw notFound();
  // Opening the page reads what the other side wrote: their unread count clears.
  const messages = intro.thread.visible ? await readThread(intro.id, intro.side) : [];
  const { call, zone } = intro.status === "accepted" ? await callStatusFor(user.id, intro.id) : { call: null, zone: null };
  return data({ found: true as const, intro, messages, call, zone });
}

export async function introductionPageAction(args: RequestArgs & { params: { id?: string } }) {
  const { request, params } = args;
  const user = await getUser(request);
  const id = idOf(params.id);
  const intro = user && id ? await introductionForPerson(user.id, id) : null;
  if (!user || !intro) throw notFound();
  const form = await readFormData(request);
  const back = `${pagePath(intro.id)}#messages`;

  if (form.get("intent") === "report") {
    const submission = parseWithZod(form, { schema: ReportSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), form: "report" as const }, { status: 400 });
    const reported = await reportMessage(user.id, intro.id, submission.value.messageId, submission.value.reason || null);
    return redirectWithToast(request, back, reported
      ? { type: "success", title: "Message reported", description: "Thank you. Our team will read the message you reported, and only that message." }
      : { type: "info", title: "Not reported", description: "That message cannot be reported: it was already reported, or it is not from the other side." });
  }

  const submission = parseWithZod(form, { schema: MessageSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), form: "message" as const }, { status: 400 });
  if (!intro.thread.open) {
    return data({ result: submission.reply({ formErrors: [MESSAGE_MESSAGES.closed] }), form: "message" as const }, { status: 409 });
  }
  const limit = await consume(MESSAGE_LIMIT, user.id);
  if (!limit.allowed) {
    return data({ result: submission.reply({ formErrors: [MESSAGE_MESSAGES.tooMany] }), form: "message" as const }, { status: 429 });
  }
  const sent = await sendMessage(user.id, intro.id, submission.value.body);
  if (!sent.ok) {
    if (sent.reason === "not-found") throw notFound();
    return data({ result: submission.reply({ formErrors: [MESSAGE_MESSAGES.closed] }), form: "message" as const }, { status: 409 });
  }
  if (sent.to) await mailNewMessage(request, sent.to, intro.id);
  return redirectWithToast(request, back, { type: "success", title: "Message sent", description: "Your message was sent. We emailed them that it is waiting." });
}
