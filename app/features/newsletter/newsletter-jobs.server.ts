import { enqueueJob, registerJob, type JobPlan } from "~/platform/jobs.server";
import { transaction } from "~/platform/db.server";
import { escapeHtml, type OutgoingMail } from "~/platform/mail.server";
import { renderPostHtml } from "~/features/blog/render.server";
import { confirmedSubscriberIds, publishedPostForMail, subscriberById } from "./newsletter.data.server";
import { newsletterToken } from "./tokens.server";

/** One post to one subscriber: a job each, keyed by both, so each is mailed once however often it is asked. */
export const NEWSLETTER_POST_JOB = "newsletter-post";

export const newsletterJobKey = (postId: number, subscriberId: number) => `newsletter:${postId}:${subscriberId}`;

type Payload = { postId: number; subscriberId: number; origin: string };

function payloadOf(raw: Record<string, unknown>): Payload | null {
  const { postId, subscriberId, origin } = raw;
  if (typeof postId !== "number" || typeof subscriberId !== "number" || typeof origin !== "string") return null;
  return { postId, subscriberId, origin };
}

export const unsubscribePath = (token: string) => `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
export const oneClickPath = (token: string) => `/newsletter/unsubscribe/one-click?token=${encodeURIComponent(token)}`;

/**
 * Enqueues the post for every confirmed subscriber (in one transaction) and returns how many that is.
 * A second click, or another server doing the same, enqueues nothing new: the keys are taken.
 */
export async function enqueuePostForSubscribers(postId: number, origin: string, now = new Date()): Promise<number> {
  const ids = await confirmedSubscriberIds();
  await transaction(async () => {
    for (const subscriberId of ids) await enqueueJob(NEWSLETTER_POST_JOB, newsletterJobKey(postId, subscriberId), now, { postId, subscriberId, origin });
  });
  return ids.length;
}

/** The mail for one subscriber, decided when it is sent: someone who unsubscribed since, or a post taken down, gets nothing. */
async function newsletterPost(raw: Record<string, unknown>): Promise<JobPlan> {
  const payload = payloadOf(raw);
  if (!payload) return {};
  const [subscriber, post] = await Promise.all([subscriberById(payload.subscriberId), publishedPostForMail(payload.postId)]);
  if (!subscriber || subscriber.status !== "confirmed" || !post) return {};
  const token = newsletterToken("unsubscribe", subscriber.id);
  const postUrl = `${payload.origin}/blog/${encodeURIComponent(post.slug)}`;
  const unsubscribeUrl = `${payload.origin}${unsubscribePath(token)}`;
  const mail: OutgoingMail = {
    to: subscriber.email,
    subject: post.title,
    text: [
      post.title,
      "",
      ...(post.excerpt ? [post.excerpt, ""] : []),
      `Read it on WealthMatch: ${postUrl}`,
      "",
      "You receive this because you subscribed to the WealthMatch Journal.",
      `Unsubscribe (one click): ${unsubscribeUrl}`,
    ].join("\n"),
    html: [
      `<h1>${escapeHtml(post.title)}</h1>`,
      post.excerpt ? `<p><em>${escapeHtml(post.excerpt)}</em></p>` : "",
      // The same sanitised rendering as the post's page.
      renderPostHtml(post.content, post.format),
      `<p><a href="${escapeHtml(postUrl)}">Read it on WealthMatch</a></p>`,
      `<p>You receive this because you subscribed to the WealthMatch Journal. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`,
    ].join(""),
    headers: {
      "List-Unsubscribe": `<${payload.origin}${oneClickPath(token)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
  return { mail: [mail] };
}

export function registerNewsletterJobs(): void {
  registerJob(NEWSLETTER_POST_JOB, (job) => newsletterPost(job.payload));
}
