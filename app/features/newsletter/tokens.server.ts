import crypto from "node:crypto";
import { config } from "~/platform/config.server";

/**
 * Signed links for the newsletter, usable without signing in: `{id}.{signature}`. The signature covers
 * the purpose, the subscriber and, for confirming, the moment of the subscription it confirms, so a link
 * cannot be turned into another subscriber's or another purpose's, and an old confirmation link does not
 * confirm a later subscription.
 */
export type NewsletterTokenPurpose = "confirm" | "unsubscribe";

function signature(purpose: NewsletterTokenPurpose, id: number, stamp: string): string {
  return crypto.createHmac("sha256", config().sessionSecret).update(`newsletter:${purpose}:${id}:${stamp}`).digest("base64url");
}

export function newsletterToken(purpose: NewsletterTokenPurpose, id: number, stamp = ""): string {
  return `${id}.${signature(purpose, id, stamp)}`;
}

/** The subscriber id a token names, if well formed; `verifyNewsletterToken` then checks its signature. */
export function tokenSubscriberId(token: unknown): number | null {
  if (typeof token !== "string") return null;
  const match = /^([1-9]\d{0,9})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? Number(match[1]) : null;
}

export function verifyNewsletterToken(purpose: NewsletterTokenPurpose, token: string, id: number, stamp = ""): boolean {
  const expected = Buffer.from(newsletterToken(purpose, id, stamp));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
