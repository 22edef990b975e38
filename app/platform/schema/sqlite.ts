import { sql } from "drizzle-orm";
import {
  blob,
  check,
  customType,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import type {
  Channel,
  ClientProfile,
  ServedCountry,
  Service,
  ShortlistItem,
  PendingMatching,
} from "~/domain/matching-engine";
import { AUM_RANGES, EXPERIENCE_RANGES, FEE_MODELS, ROLES, SUBMISSION_STATUSES } from "~/domain/vocabulary";
import { BLOG_CATEGORIES } from "~/domain/blog-categories";
import { PLAN_CURRENCIES, PLAN_INTERVALS, SUBSCRIPTION_STATES } from "~/domain/billing";
import { REGISTERS } from "~/domain/registrations";
import { RECORD_SOURCES, type Baseline, type RecordChange, type RecordContent } from "~/domain/register-records";
import { VETTING_ITEMS, type StoredVettingCheck } from "~/domain/vetting";
import { currentTimeZone } from "~/domain/time-zones";
import {
  AUDIT_KINDS,
  BOOKING_STATUSES,
  INTRODUCTION_END_REASONS,
  INTRODUCTION_STATUSES,
  MEETING_KINDS,
  SHORTLIST_STATUSES,
  POST_FORMATS,
  SIDES,
  SUBSCRIBER_STATUSES,
  TOKEN_PURPOSES,
  inList,
  type FeaturedImageMeta,
  type WeeklyOpening,
} from "./vocabulary";

/**
 * An IANA time zone as text, always under its current name (docs/decisions/056): a retired alias
 * ("Asia/Calcutta") is written as, and a value stored before reads as, today's name ("Asia/Kolkata").
 */
const timeZoneText = customType<{ data: string; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => currentTimeZone(value) ?? value,
  fromDriver: (value) => currentTimeZone(value) ?? value,
});

// Timestamps are unix milliseconds: sortable, comparable and unambiguous across time zones.
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** When the person proved they read mail at `email` (a confirmation link, or an operator made the account); null until then. */
    emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_nocase").on(sql`${t.email} collate nocase`)],
);

export const profiles = sqliteTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    fullName: text("full_name"),
    /** The IANA time zone calls are shown in (asked once, the browser's by default); null until known. */
    timeZone: timeZoneText("time_zone"),
    createdAt: createdAt(),
  },
  (t) => [
    index("profiles_created_at").on(t.createdAt),
    index("profiles_email").on(t.email),
  ],
);

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    index("user_roles_role").on(t.role),
    check("user_roles_role_valid", sql`${t.role} in (${inList(ROLES)})`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    persistent: integer("persistent", { mode: "boolean" }).notNull().default(false),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_id").on(t.userId), index("sessions_expires_at").on(t.expiresAt)],
);

/**
 * Single-use links e-mailed to a person (app/features/auth/one-time-token.server.ts), stored hashed. The table
 * kept the name it had when password resets were its only use (docs/decisions/023).
 */
export const oneTimeTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull().default("password-reset"),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    /** The address an `email-change` link confirms; null for the other purposes. */
    newEmail: text("new_email"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_id").on(t.userId)],
);

/** Every answer of the registration wizard, kept whole so admins can vet the person. */
export const registrationAnswers = sqliteTable(
  "registration_answers",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    userType: text("user_type", { enum: ["client", "professional"] }).notNull(),
    answers: text("answers", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  // Clients waiting for a shortlist are listed oldest first.
  (t) => [index("registration_answers_type_created").on(t.userType, t.createdAt)],
);

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt"),
    content: text("content").notNull(),
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    featuredImage: text("featured_image"),
    /** The featured image's alt text (like Ghost's and WordPress's), shown to screen readers and search engines. */
    featuredImageAlt: text("featured_image_alt"),
    /** The generated WebP files behind featured_image (app/platform/uploads/images.server.ts); null for an outside URL. */
    featuredImageMeta: text("featured_image_meta", { mode: "json" }).$type<FeaturedImageMeta>(),
    /** content sanitised to the allowlist at save time, and the version of the rules that made it. */
    contentHtml: text("content_html"),
    sanitizerVersion: integer("sanitizer_version").notNull().default(0),
    category: text("category", { enum: BLOG_CATEGORIES }).notNull().default("general"),
    /** How `content` is written; content_html is always the sanitised rendering. */
    format: text("format", { enum: POST_FORMATS }).notNull().default("html"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [
    index("blog_posts_published_created").on(t.published, t.createdAt),
    index("blog_posts_category_published_created").on(t.category, t.published, t.createdAt),
    index("blog_posts_created_at").on(t.createdAt),
    check("blog_posts_category_valid", sql`${t.category} in (${inList(BLOG_CATEGORIES)})`),
    check("blog_posts_format_valid", sql`${t.format} in (${inList(POST_FORMATS)})`),
  ],
);

/**
 * Newsletter addresses (double opt-in): `subscribed_at` is the latest request, signed into its confirm link
 * so that a link from an earlier subscription does not confirm a later one.
 */
export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    status: text("status", { enum: SUBSCRIBER_STATUSES }).notNull().default("pending"),
    subscribedAt: integer("subscribed_at", { mode: "timestamp_ms" }).notNull(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("newsletter_subscribers_status_created").on(t.status, t.createdAt),
    check("newsletter_subscribers_status_valid", sql`${t.status} in (${inList(SUBSCRIBER_STATUSES)})`),
  ],
);

export const formSubmissions = sqliteTable(
  "form_submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    /** The sender's firm, as typed; null when they left it empty. */
    company: text("company"),
    formType: text("form_type").notNull().default("contact"),
    userType: text("user_type"),
    status: text("status", { enum: SUBMISSION_STATUSES }).notNull().default("new"),
    createdAt: createdAt(),
  },
  (t) => [
    index("form_submissions_created_at").on(t.createdAt),
    index("form_submissions_status_created").on(t.status, t.createdAt),
    check("form_submissions_status_valid", sql`${t.status} in (${inList(SUBMISSION_STATUSES)})`),
  ],
);

/** An admin's e-mailed reply to a contact message: the message's history, oldest first. */
export const submissionReplies = sqliteTable(
  "submission_replies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => formSubmissions.id, { onDelete: "cascade" }),
    authorUserId: text("author_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who wrote it, as they were named then: the line stays when their account goes. */
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("submission_replies_submission_created").on(t.submissionId, t.createdAt)],
);

export const professionals = sqliteTable(
  "professionals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    title: text("title"),
    company: text("company"),
    email: text("email").notNull(),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    profileImage: text("profile_image"),
    bio: text("bio"),
    phone: text("phone"),
    location: text("location"),
    experienceYears: integer("experience_years"),
    /** The wizard's range ("3-5") when experience was given as one; experience_years then holds its lower bound. Null: an exact number. */
    experienceRange: text("experience_range", { enum: EXPERIENCE_RANGES }),
    specialties: text("specialties", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    certifications: text("certifications", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    // What matching reads (app/domain/matching-engine.ts). Values outside the option lists are dropped when read.
    services: text("services", { mode: "json" }).$type<Service[]>().notNull().default(sql`'[]'`),
    aumRange: text("aum_range", { enum: AUM_RANGES }),
    clientProfiles: text("client_profiles", { mode: "json" }).$type<ClientProfile[]>().notNull().default(sql`'[]'`),
    communication: text("communication", { mode: "json" }).$type<Channel[]>().notNull().default(sql`'[]'`),
    countriesServed: text("countries_served", { mode: "json" }).$type<ServedCountry[]>().notNull().default(sql`'[]'`),
    feeModel: text("fee_model", { enum: FEE_MODELS }),
    impactInvesting: integer("impact_investing", { mode: "boolean" }).notNull().default(false),
    languages: text("languages", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** A disclosed disciplinary action keeps the professional out of matching until an admin clears it. */
    disciplinaryDisclosed: integer("disciplinary_disclosed", { mode: "boolean" }).notNull().default(false),
    disciplinaryCleared: integer("disciplinary_cleared", { mode: "boolean" }).notNull().default(false),
    /** The admin's note on a disclosed disciplinary matter, shown with it on the profile clients see. */
    disciplinaryNote: text("disciplinary_note"),
    /** How they are paid beyond the fee model: a minimum (US dollars) and a short schedule in their words. */
    feeMinimum: integer("fee_minimum"),
    feeSchedule: text("fee_schedule"),
    /** Set when the account behind the entry was deleted: its personal data is gone and it is never shown. */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    /**
     * A verified professional's own edit to their matching data, waiting for an admin's approval; matching
     * reads the columns above until it is approved (docs/decisions/021). Null when nothing waits.
     */
    pendingMatching: text("pending_matching", { mode: "json" }).$type<PendingMatching>(),
    pendingMatchingAt: integer("pending_matching_at", { mode: "timestamp_ms" }),
    /**
     * Set while a change in a regulator's record waits for an admin (register_alerts): the entry is left
     * out of new shortlists until then. Null: not paused.
     */
    pausedAt: integer("paused_at", { mode: "timestamp_ms" }),
    /** The admin's reason why no regulator registration applies (shown to clients beside the Verified badge). */
    registerExemption: text("register_exemption"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** When and by which admin the entry was last verified; both null while unverified. */
    verifiedAt: integer("verified_at", { mode: "timestamp_ms" }),
    verifiedBy: text("verified_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("professionals_email_nocase").on(sql`${t.email} collate nocase`),
    index("professionals_created_at").on(t.createdAt),
    // The account linked to an entry: the member nav's unread count and the professional's own pages.
    index("professionals_user_id").on(t.userId),
  ],
);

/** A professional's regulator registrations (app/domain/registrations.ts), one per register, shown to clients with a link to check it. */
export const professionalRegistrations = sqliteTable(
  "professional_registrations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    register: text("register", { enum: REGISTERS }).notNull(),
    /** Normalised: no spaces or separators, letters upper case. */
    number: text("number").notNull(),
    /** The register's record as an admin last accepted it (at verification, or clearing a change); null before. */
    baseline: text("baseline", { mode: "json" }).$type<Baseline>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("professional_registrations_professional_register").on(t.professionalId, t.register),
    check("professional_registrations_register_valid", sql`${t.register} in (${inList(REGISTERS)})`),
  ],
);

/**
 * The admins' vetting checklist of a professional as it stands (app/domain/vetting.ts): one row per ticked
 * item, with who ticked it and when; unticking deletes the row. Verifying copies the rows into
 * `verifications` and clears them, so a renewal goes through the checklist again.
 */
export const vettingChecks = sqliteTable(
  "vetting_checks",
  {
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    item: text("item", { enum: VETTING_ITEMS }).notNull(),
    checkedAt: integer("checked_at", { mode: "timestamp_ms" }).notNull(),
    checkedBy: text("checked_by").references(() => users.id, { onDelete: "set null" }),
    /** The register item: the day the record was looked at (YYYY-MM-DD) and what was found. */
    checkedOn: text("checked_on"),
    note: text("note"),
  },
  (t) => [
    primaryKey({ columns: [t.professionalId, t.item] }),
    check("vetting_checks_item_valid", sql`${t.item} in (${inList(VETTING_ITEMS)})`),
  ],
);

/** Each verification given: when, by whom, and the checklist it rested on (what the client-facing profile names). */
export const verifications = sqliteTable(
  "verifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    verifiedAt: integer("verified_at", { mode: "timestamp_ms" }).notNull(),
    verifiedBy: text("verified_by").references(() => users.id, { onDelete: "set null" }),
    checks: text("checks", { mode: "json" }).$type<StoredVettingCheck[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("verifications_professional_verified").on(t.professionalId, t.verifiedAt)],
);

/** A client's shortlist: proposed by the engine, reviewed and released by an admin. One per client. */
export const shortlists = sqliteTable(
  "shortlists",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    clientUserId: text("client_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: SHORTLIST_STATUSES }).notNull().default("proposed"),
    /** The ranked professionals with their scores and the explanation of each factor. */
    items: text("items", { mode: "json" }).$type<ShortlistItem[]>().notNull(),
    /** The engine's message when fewer than three firms matched; null otherwise. */
    note: text("note"),
    createdAt: createdAt(),
    releasedAt: integer("released_at", { mode: "timestamp_ms" }),
    releasedBy: text("released_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("shortlists_client_user_id").on(t.clientUserId),
    index("shortlists_status_created").on(t.status, t.createdAt),
    // Times a professional was shortlisted in the last 90 days (their home page).
    index("shortlists_status_released").on(t.status, t.releasedAt),
    check("shortlists_status_valid", sql`${t.status} in (${inList(SHORTLIST_STATUSES)})`),
  ],
);

/** One per client and professional: the client's consent to be shown to that professional, and its answer. */
export const introductions = sqliteTable(
  "introductions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Null once the client deleted their account: the professional keeps a line saying so (end_reason). */
    clientUserId: text("client_user_id").references(() => users.id, { onDelete: "set null" }),
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    status: text("status", { enum: INTRODUCTION_STATUSES }).notNull().default("requested"),
    /** When the client (last) asked; a withdrawn request asked again moves it. */
    requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
    /** When the professional accepted or declined. */
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
    withdrawnAt: integer("withdrawn_at", { mode: "timestamp_ms" }),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    endReason: text("end_reason", { enum: INTRODUCTION_END_REASONS }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("introductions_client_professional").on(t.clientUserId, t.professionalId),
    // The professional's 'Introductions' list: their visible rows, newest request first.
    index("introductions_professional_status_requested").on(t.professionalId, t.status, t.requestedAt),
    // The admin dashboard's share accepted.
    index("introductions_status").on(t.status),
    check("introductions_status_valid", sql`${t.status} in (${inList(INTRODUCTION_STATUSES)})`),
    check("introductions_end_reason_valid", sql`${t.endReason} is null or ${t.endReason} in (${inList(INTRODUCTION_END_REASONS)})`),
  ],
);

export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: AUDIT_KINDS }).notNull(),
    userId: text("user_id"),
    email: text("email"),
    ip: text("ip"),
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_events_created_at").on(t.createdAt),
    index("audit_events_kind_created").on(t.kind, t.createdAt),
    index("audit_events_email_created").on(t.email, t.createdAt),
    check("audit_events_kind_valid", sql`${t.kind} in (${inList(AUDIT_KINDS)})`),
  ],
);

/** One row per counted attempt; a sliding window is a count over `created_at`. */
export const rateLimitHits = sqliteTable(
  "rate_limit_hits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_hits_bucket_key_created").on(t.bucket, t.key, t.createdAt)],
);

export const siteSettings = sqliteTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
});

/**
 * An admin's TOTP second factor (docs/decisions/024-admin-two-factor.md). A row without
 * `confirmed_at` is an enrolment in progress: the secret shown as a QR code, not yet proven by a code.
 * `last_step` is the time step of the last code accepted: a code of that step or an earlier one is
 * refused, so a code seen over a shoulder cannot be used again.
 */
export const twoFactor = sqliteTable("two_factor", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The shared secret (20 random bytes, base32). The authenticator app holds the same. */
  secret: text("secret").notNull(),
  confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  lastStep: integer("last_step"),
  createdAt: createdAt(),
});

/** Single-use recovery codes of a second factor, stored as SHA-256 hashes (they are random, 50 bits each). */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash").on(t.userId, t.codeHash)],
);

/**
 * Uploaded files (featured and profile images), kept in the database so that every app server serves
 * them and one backup holds them with the rows that name them (docs/decisions/033). `name` is the file
 * name in its /uploads/ URL.
 */
export const storedFiles = sqliteTable("stored_files", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: blob("bytes", { mode: "buffer" }).$type<Buffer>().notNull(),
  createdAt: createdAt(),
});

/** A client's 'not for me' on a shortlisted professional, with their optional reason; the admin reads it. */
export const shortlistDeclines = sqliteTable(
  "shortlist_declines",
  {
    clientUserId: text("client_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientUserId, t.professionalId] })],
);

/** A professional's weekly availability for first calls (one row each; none means 'cannot be booked yet'). */
export const availability = sqliteTable("availability", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  professionalId: integer("professional_id")
    .notNull()
    .unique()
    .references(() => professionals.id, { onDelete: "cascade" }),
  /** The IANA time zone the weekly hours are in. */
  timeZone: timeZoneText("time_zone").notNull(),
  meetingMinutes: integer("meeting_minutes").notNull(),
  weekly: text("weekly", { mode: "json" }).$type<WeeklyOpening[]>().notNull(),
  /** The kinds offered: video (with their link), phone, in person (at their address). At least one is set. */
  videoLink: text("video_link"),
  offersPhone: integer("offers_phone", { mode: "boolean" }).notNull().default(false),
  inPersonAddress: text("in_person_address"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
});

/**
 * A first call booked on an accepted introduction. One professional, one start: a slot is booked at most
 * once (the partial unique index), whatever the number of servers. A reschedule moves starts_at and raises
 * `sequence` (the calendar invitation keeps its `uid`); a cancellation keeps the row.
 */
export const bookings = sqliteTable(
  "bookings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    introductionId: integer("introduction_id")
      .notNull()
      .references(() => introductions.id, { onDelete: "cascade" }),
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
    kind: text("kind", { enum: MEETING_KINDS }).notNull(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("booked"),
    uid: text("uid").notNull().unique(),
    sequence: integer("sequence").notNull().default(0),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    cancelledBy: text("cancelled_by", { enum: SIDES }),
    /** The answers to 'Did the call take place?' and 'Are you continuing together?', per side; null until answered. */
    clientHeld: integer("client_held", { mode: "boolean" }),
    professionalHeld: integer("professional_held", { mode: "boolean" }),
    clientContinuing: integer("client_continuing", { mode: "boolean" }),
    professionalContinuing: integer("professional_continuing", { mode: "boolean" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bookings_professional_slot").on(t.professionalId, t.startsAt).where(sql`status = 'booked'`),
    index("bookings_introduction").on(t.introductionId),
    index("bookings_status_starts").on(t.status, t.startsAt),
    // A professional's calls of the last 90 days on their home page.
    index("bookings_professional_starts").on(t.professionalId, t.startsAt),
    check("bookings_kind_valid", sql`${t.kind} in (${inList(MEETING_KINDS)})`),
    check("bookings_status_valid", sql`${t.status} in (${inList(BOOKING_STATUSES)})`),
  ],
);

/**
 * Private messages of an accepted introduction: text only, between its client and its professional.
 * Admins read a message only once a side reported it (reported_at).
 */
export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    introductionId: integer("introduction_id")
      .notNull()
      .references(() => introductions.id, { onDelete: "cascade" }),
    sender: text("sender", { enum: SIDES }).notNull(),
    body: text("body").notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    reportedAt: integer("reported_at", { mode: "timestamp_ms" }),
    reportReason: text("report_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_introduction_created").on(t.introductionId, t.createdAt),
    // Only the messages nobody has opened yet: the member nav counts them on every member page (decision 059).
    index("messages_unread").on(t.introductionId, t.sender).where(sql`read_at is null`),
    index("messages_reported").on(t.reportedAt),
    check("messages_sender_valid", sql`${t.sender} in (${inList(SIDES)})`),
  ],
);

/**
 * Scheduled work (app/platform/jobs.server.ts): one row per thing to do once. `key` makes it once (a
 * second enqueue of the same key is ignored); a process claims a due job by setting a lease, so two
 * processes never run it at the same time, and one that died lets it go when the lease runs out.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    key: text("key").notNull().unique(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    runAt: integer("run_at", { mode: "timestamp_ms" }).notNull(),
    leaseOwner: text("lease_owner"),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("jobs_due").on(t.runAt).where(sql`done_at is null`)],
);

/** A plan professionals subscribe to (docs/decisions/041): its price in minor units and Stripe's price id. */
export const plans = sqliteTable(
  "plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency", { enum: PLAN_CURRENCIES }).notNull(),
    interval: text("billing_interval", { enum: PLAN_INTERVALS }).notNull(),
    /** Offered to professionals and shown on /professionals; an inactive plan keeps its subscribers. */
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    stripePriceId: text("stripe_price_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("plans_active").on(t.active),
    check("plans_currency_valid", sql`${t.currency} in (${inList(PLAN_CURRENCIES)})`),
    check("plans_interval_valid", sql`${t.interval} in (${inList(PLAN_INTERVALS)})`),
    check("plans_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A professional's subscription as Stripe last told it (its webhook events): state, plan, period end and
 * customer id. Never card data: Stripe keeps that. `lapsed_at` is when a payment first failed (the grace
 * period counts from it); null while paying.
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    professionalId: integer("professional_id")
      .notNull()
      .unique()
      .references(() => professionals.id, { onDelete: "cascade" }),
    planId: integer("plan_id").references(() => plans.id, { onDelete: "set null" }),
    state: text("state", { enum: SUBSCRIPTION_STATES }).notNull(),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    currentPeriodEnd: integer("current_period_end", { mode: "timestamp_ms" }),
    lapsedAt: integer("lapsed_at", { mode: "timestamp_ms" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    createdAt: createdAt(),
  },
  (t) => [
    index("subscriptions_state").on(t.state),
    index("subscriptions_customer").on(t.stripeCustomerId),
    index("subscriptions_stripe_id").on(t.stripeSubscriptionId),
    check("subscriptions_state_valid", sql`${t.state} in (${inList(SUBSCRIPTION_STATES)})`),
  ],
);

/** Each Stripe webhook event handled, by its id: an event delivered again is recognised and changes nothing. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/**
 * The regulators' public records (app/domain/register-records.ts), one per register and number, as the
 * newest import read them: an SEC bulk feed or the FCA register's API. `digest` is the record's content,
 * so an import of the same data changes nothing.
 */
export const registerRecords = sqliteTable(
  "register_records",
  {
    source: text("source", { enum: RECORD_SOURCES }).notNull(),
    number: text("number").notNull(),
    /** The record as read (name, other names, current, status, since, firms, disclosures): only the app reads inside it. */
    record: text("record", { mode: "json" }).$type<RecordContent>().notNull(),
    /** The day the register produced the data (the feed's generation date, or the API's answer). */
    feedDate: text("feed_date").notNull(),
    digest: text("digest").notNull(),
    importedAt: integer("imported_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.number] }),
    check("register_records_source_valid", sql`${t.source} in (${inList(RECORD_SOURCES)})`),
  ],
);

/** Records read from a file or the API but not yet applied: an import is applied whole or not at all. */
export const registerStaging = sqliteTable(
  "register_staging",
  {
    batch: text("batch").notNull(),
    source: text("source", { enum: RECORD_SOURCES }).notNull(),
    number: text("number").notNull(),
    /** The record as read (name, other names, current, status, since, firms, disclosures): only the app reads inside it. */
    record: text("record", { mode: "json" }).$type<RecordContent>().notNull(),
    feedDate: text("feed_date").notNull(),
    digest: text("digest").notNull(),
    importedAt: integer("imported_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.batch, t.number] })],
);

/** Each import applied: the source, the feed's date and what it changed (the admin's dashboard and the CLI print it). */
export const registerImports = sqliteTable(
  "register_imports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    source: text("source", { enum: RECORD_SOURCES }).notNull(),
    feedDate: text("feed_date").notNull(),
    origin: text("origin").notNull(),
    records: integer("records").notNull(),
    added: integer("added").notNull(),
    changed: integer("changed").notNull(),
    removed: integer("removed").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("register_imports_source_created").on(t.source, t.createdAt)],
);

/**
 * A change in a verified professional's register record that paused them (app/domain/register-records
 * recordChanges): raised once per registration and feed, decided by an admin (cleared: they stay
 * verified; ended: their verification ends). The client's card says what changed once it is decided.
 */
export const registerAlerts = sqliteTable(
  "register_alerts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    register: text("register", { enum: REGISTERS }).notNull(),
    number: text("number").notNull(),
    changes: text("changes", { mode: "json" }).$type<RecordChange[]>().notNull(),
    feedDate: text("feed_date").notNull(),
    decision: text("decision", { enum: ["cleared", "ended"] }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** The admin's words to the client and the professional with the decision. */
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("register_alerts_once").on(t.professionalId, t.register, t.feedDate),
    index("register_alerts_open").on(t.decision, t.createdAt),
    check("register_alerts_decision_valid", sql`${t.decision} is null or ${t.decision} in ('cleared', 'ended')`),
  ],
);
