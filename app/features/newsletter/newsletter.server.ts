import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { readFormData } from "~/platform/http/form-data.server";
import { clientAddress, type RequestArgs } from "~/platform/http/client-address.server";
import { consume, type Limit } from "~/platform/rate-limit.server";
import { letter, sendMail } from "~/platform/mail.server";
import { mailLinkOrigin } from "~/platform/site-url.server";
import { fileHeaders } from "~/platform/http/headers.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { audit } from "~/platform/audit.server";
import { requireAdmin } from "~/features/auth/permissions.server";
import { getPostById } from "~/features/blog/posts.data.server";
import { SubscribeSchema } from "./newsletter-schema";
import {
  allSubscribers,
  confirmedCount,
  confirmSubscription,
  listSubscribers,
  requestSubscription,
  subscriberById,
  unsubscribe,
  type Subscriber,
} from "./newsletter.data.server";
import { newsletterToken, tokenSubscriberId, verifyNewsletterToken } from "./tokens.server";
import { enqueuePostForSubscribers } from "./newsletter-jobs.server";
import { csvDocument } from "./csv";
import { pageUrl } from "~/platform/http/page-url.server";
import { isFieldOnlyHoneypotHit } from "~/platform/http/honeypot.server";
import { logFor } from "~/platform/log.server";

const log = logFor("newsletter");

/** Subscriptions per client address: an office shares one, a script flooding addresses with mail does not get far. */
const SUBSCRIBE_IP: Limit = { bucket: "newsletter:ip", max: 10, windowMs: 60 * 60_000 };
/** Confirmation mails per address: past it the request is answered alike and sends nothing. */
const SUBSCRIBE_EMAIL: Limit = { bucket: "newsletter:email", max: 3, windowMs: 60 * 60_000 };

export type SubscribeActionData = { result: SubmissionResult<string[]>; sent: boolean };

export const TOO_MANY_SUBSCRIBES = "Too many requests from your network. Please try again in an hour.";

/**
 * POST /newsletter: asks to subscribe. Every valid address gets the same answer (check your inbox),
 * whether it was new, pending, confirmed or unsubscribed, so the form tells no one who subscribes; the
 * mail leaves after the answer for the same reason.
 */
export async function subscribeAction(args: RequestArgs) {
  const { request } = args;
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: SubscribeSchema });
  // A bot that filled the hidden field gets the usual answer; nothing is stored or sent. (No CSRF token:
  // the form is on cached pages and acts on no session; React Router refuses a post from another origin.)
  if (await isFieldOnlyHoneypotHit(formData)) {
    await auditSubscribeHoneypot(args, submission.status === "success" ? submission.value.email : null);
    return data<SubscribeActionData>({ result: submission.reply({ resetForm: true }), sent: true });
  }
  if (submission.status !== "success") {
    return data<SubscribeActionData>({ result: submission.reply(), sent: false }, { status: 400 });
  }
  if (!(await consume(SUBSCRIBE_IP, clientAddress(args))).allowed) {
    return data<SubscribeActionData>({ result: submission.reply({ formErrors: [TOO_MANY_SUBSCRIBES] }), sent: false }, { status: 429 });
  }
  const { email } = submission.value;
  if ((await consume(SUBSCRIBE_EMAIL, email)).allowed) {
    const pending = await requestSubscription(email, new Date());
    if (pending) {
      sendMail(confirmationMail(pending, mailLinkOrigin(request))).catch((error: unknown) => log.error({ err: error }, "confirmation mail failed"));
    }
  }
  return data<SubscribeActionData>({ result: submission.reply({ resetForm: true }), sent: true });
}

/** One audit row per address an hour at most: a bot hammering the form does not fill the log. */
const HONEYPOT_AUDIT: Limit = { bucket: "newsletter:honeypot-audit", max: 1, windowMs: 60 * 60_000 };

async function auditSubscribeHoneypot(args: RequestArgs, email: string | null): Promise<void> {
  if (!(await consume(HONEYPOT_AUDIT, clientAddress(args))).allowed) return;
  await audit({ kind: "SUSPICIOUS_ACTIVITY", from: args, email, detail: "newsletter form: honeypot filled, nothing sent" });
}

export const confirmPath = (token: string) => `/newsletter/confirm?token=${encodeURIComponent(token)}`;

function confirmationMail(subscriber: Subscriber, origin: string) {
  const token = newsletterToken("confirm", subscriber.id, String(subscriber.subscribedAt.getTime()));
  return letter(
    subscriber.email,
    "Confirm your WealthMatch Journal subscription",
    [
      "Someone, hopefully you, asked to receive new WealthMatch Journal articles at this address.",
      "Confirm with the link below and we will send you new articles as they are published. If it was not you, ignore this message: nothing will be sent.",
    ],
    { href: `${origin}${confirmPath(token)}`, label: "Confirm my subscription" },
  );
}

/** What a confirm or unsubscribe page can show: the link works, was already used, or is not valid. */
export type LinkState = "ready" | "done" | "invalid";

async function confirmTarget(token: string | null) {
  const id = tokenSubscriberId(token);
  const row = id === null ? null : await subscriberById(id);
  if (!token || !row || row.status === "unsubscribed") return null;
  return verifyNewsletterToken("confirm", token, row.id, String(row.subscribedAt.getTime())) ? row : null;
}

async function unsubscribeTarget(token: string | null) {
  const id = tokenSubscriberId(token);
  const row = id === null ? null : await subscriberById(id);
  if (!token || !row) return null;
  return verifyNewsletterToken("unsubscribe", token, row.id) ? row : null;
}

const tokenOf = (request: Request) => pageUrl(request).searchParams.get("token");

/** GET /newsletter/confirm?token=: a button to confirm (a mail scanner opening the link confirms nothing). */
export async function confirmLoader(request: Request) {
  const token = tokenOf(request);
  const row = await confirmTarget(token);
  const state: LinkState = !row ? "invalid" : row.status === "confirmed" ? "done" : "ready";
  return data({ state, token: row ? token : null }, { status: row ? 200 : 404 });
}

/**
 * What a confirm or unsubscribe post answers once done. The page posts to its own address, token
 * included, and is rendered again with the result. A post carrying the token only in its body (another
 * client) is sent to that address, whose page says what was done, instead of a 404 page from the loader
 * of an address without a token.
 */
function doneAnswer(request: Request, token: string, path: string) {
  if (tokenOf(request) !== token) throw redirect(`${path}?token=${encodeURIComponent(token)}`, 303);
  return { state: "done" as LinkState };
}

export async function confirmAction(args: RequestArgs) {
  const formData = await readFormData(args.request);
  const token = formData.get("token");
  const row = await confirmTarget(typeof token === "string" ? token : null);
  if (!row || typeof token !== "string") return data({ state: "invalid" as LinkState }, { status: 404 });
  if (row.status === "pending") await confirmSubscription(row.id, row.subscribedAt, new Date());
  return doneAnswer(args.request, token, "/newsletter/confirm");
}

/** GET /newsletter/unsubscribe?token=: the confirm button; the link in every newsletter mail. */
export async function unsubscribeLoader(request: Request) {
  const token = tokenOf(request);
  const row = await unsubscribeTarget(token);
  const state: LinkState = !row ? "invalid" : row.status === "unsubscribed" ? "done" : "ready";
  return data({ state, token: row ? token : null }, { status: row ? 200 : 404 });
}

export async function unsubscribeAction(args: RequestArgs) {
  const formData = await readFormData(args.request);
  const token = formData.get("token");
  const row = await unsubscribeTarget(typeof token === "string" ? token : null);
  if (!row || typeof token !== "string") return data({ state: "invalid" as LinkState }, { status: 404 });
  await unsubscribe(row.id, new Date());
  return doneAnswer(args.request, token, "/newsletter/unsubscribe");
}

/**
 * POST /newsletter/unsubscribe/one-click?token= (RFC 8058): what a mail program sends when the reader
 * presses its Unsubscribe button; no page, no sign-in, no same-site check (the mail program posts it).
 */
export async function oneClickAction(request: Request) {
  const row = await unsubscribeTarget(tokenOf(request));
  if (!row) return new Response("This unsubscribe link is not valid.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  await unsubscribe(row.id, new Date());
  return new Response("You are unsubscribed.", { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** A mail program that opens the one-click address instead of posting to it gets the page with the button. */
export function oneClickLoader(request: Request) {
  const token = tokenOf(request) ?? "";
  return redirect(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
}

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const day = (d: Date | null) => (d ? DATE.format(d) : null);

/** /admin/newsletter: the subscribers, 50 a page, newest first. */
export async function adminNewsletterLoader(args: RequestArgs) {
  await requireAdmin(args);
  const url = pageUrl(args.request);
  const raw = url.searchParams.get("page") ?? "";
  const page = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  const list = await listSubscribers(page);
  if (page > list.pageCount) throw data(null, { status: 404 });
  return {
    page,
    pageCount: list.pageCount,
    total: list.total,
    byStatus: list.byStatus,
    search: url.search,
    subscribers: list.rows.map((r) => ({
      id: r.id,
      email: r.email,
      status: r.status,
      subscribed: day(r.subscribedAt) ?? "",
      confirmed: day(r.confirmedAt),
      unsubscribed: day(r.unsubscribedAt),
    })),
  };
}

/** /admin/newsletter/subscribers.csv: every subscriber, one row each, safe to open in a spreadsheet. */
export async function subscribersCsvLoader(args: RequestArgs) {
  await requireAdmin(args);
  const rows: (string | null)[][] = [["email", "status", "subscribed_at", "confirmed_at", "unsubscribed_at"]];
  for await (const batch of allSubscribers()) {
    for (const r of batch) {
      rows.push([r.email, r.status, r.subscribedAt.toISOString(), r.confirmedAt?.toISOString() ?? null, r.unsubscribedAt?.toISOString() ?? null]);
    }
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(csvDocument(rows), {
    headers: fileHeaders({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${stamp}.csv"`,
      "Cache-Control": "private, no-store",
    }),
  });
}

function postIdOf(id: string | undefined): number | null {
  return typeof id === "string" && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

async function requirePostForSending(id: string | undefined) {
  const n = postIdOf(id);
  const post = n === null ? null : await getPostById(n);
  if (!post) throw data(null, { status: 404 });
  return post;
}

/** /admin/blog/{id}/send: asks before sending the post to the confirmed subscribers. */
export async function sendPostLoader(args: RequestArgs, id: string | undefined) {
  await requireAdmin(args);
  const post = await requirePostForSending(id);
  return { post: { id: post.id, title: post.title, published: post.published }, subscribers: await confirmedCount() };
}

/** Queues one mail per confirmed subscriber through the job loop; asking again sends nobody a second copy. */
export async function sendPostAction(args: RequestArgs, id: string | undefined) {
  const { request } = args;
  const admin = await requireAdmin(args);
  const post = await requirePostForSending(id);
  // Only the page's own button sends: every other post here (a stray or garbled form) changes nothing.
  if ((await readFormData(request)).get("intent") !== "send") return data({ error: "Unknown action" }, { status: 400 });
  const back = `/admin/blog/${post.id}`;
  if (!post.published) {
    return redirectWithToast(request, back, { type: "error", title: "Not sent", description: "Publish the post before sending it to subscribers." });
  }
  const queued = await enqueuePostForSubscribers(post.id, mailLinkOrigin(request));
  await audit({ kind: "ADMIN_ACTION", from: args, userId: admin.id, detail: `sent blog post ${post.id} to ${queued} newsletter subscribers` });
  return redirectWithToast(request, back, {
    type: "success",
    title: "Sending",
    description: `“${post.title}” is on its way to ${queued} confirmed ${queued === 1 ? "subscriber" : "subscribers"}. Each receives it once, even if you send again.`,
  });
}
