import { sql } from "drizzle-orm";

// What both engines' schemas (sqlite.ts, postgres.ts) share: the value lists their checks hold and the JSON shapes.

/** One uploaded featured image: its files are `${base}-${width}.webp` under UPLOADS_DIR, one per width. */
export type FeaturedImageMeta = { base: string; widths: number[]; width: number; height: number };

export const SHORTLIST_STATUSES = ["proposed", "released"] as const;
export type ShortlistStatus = (typeof SHORTLIST_STATUSES)[number];

/**
 * An introduction a client asked for (docs/decisions/022): requested by the client, then accepted or
 * declined by the professional; the client may withdraw a request (or an accepted introduction). It is
 * `ended` when either side deleted their account (`end_reason` says which).
 */
export const INTRODUCTION_STATUSES = ["requested", "accepted", "declined", "withdrawn", "ended"] as const;
export type IntroductionStatus = (typeof INTRODUCTION_STATUSES)[number];

export const INTRODUCTION_END_REASONS = ["professional-deleted", "client-deleted"] as const;
export type IntroductionEndReason = (typeof INTRODUCTION_END_REASONS)[number];

/** The two people of an introduction: who wrote a message, who cancelled a call, who answered. */
export const SIDES = ["client", "professional"] as const;
export type Side = (typeof SIDES)[number];

/** How a first call takes place; a professional offers one or more (their weekly availability). */
export const MEETING_KINDS = ["video", "phone", "in-person"] as const;
export type MeetingKind = (typeof MEETING_KINDS)[number];

export const BOOKING_STATUSES = ["booked", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** One weekly opening: a weekday (0 Sunday to 6 Saturday) and local hours "HH:MM" in the availability's time zone. */
export type WeeklyOpening = { day: number; start: string; end: string };

export const AUDIT_KINDS = [
  "LOGIN_SUCCESS",
  "LOGIN_FAILED",
  "LOGOUT",
  "PASSWORD_RESET_REQUEST",
  "ACCOUNT_CREATION",
  "SUSPICIOUS_ACTIVITY",
  /** A change an admin made (roles, directory entries, site settings): who did it and to what. */
  "ADMIN_ACTION",
  /** An account was deleted (by its owner or an admin): the record names no one, only what went. */
  "ACCOUNT_DELETION",
  /** A professional's subscription changed (a Stripe event) or an admin changed a plan: what, never card data. */
  "BILLING",
  /** A member changed their own account (name, e-mail, password, sessions, two-factor) from /account. */
  "ACCOUNT_CHANGE",
  /** A regulator's record changed for a verified professional (a register import), or an admin decided on it. */
  "REGISTER_CHECK",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const inList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v}'`).join(", "));

/** How a blog post's `content` is written: older posts are HTML, new ones Markdown (both sanitised to the same allowlist). */
export const POST_FORMATS = ["html", "markdown"] as const;
export type PostFormat = (typeof POST_FORMATS)[number];

/** A newsletter address: pending until its owner confirms from the mail (double opt-in), then confirmed, or unsubscribed. */
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** `email-change` links carry the address they confirm (`new_email`): it replaces the account's when followed. */
export const TOKEN_PURPOSES = ["password-reset", "email-confirmation", "email-change"] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

