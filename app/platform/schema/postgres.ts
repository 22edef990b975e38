import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
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

/*
 * The PostgreSQL twin of sqlite.ts (docs/decisions/033-two-engines.md): the same tables, column names,
 * constraint names and value types, so the app written against the SQLite tables runs on either.
 * sqlite.ts says what each column means; tests/unit/schema-drift.test.ts keeps the two alike.
 */

// SQLite's time-zone column: read and written under the current IANA name.
const timeZoneText = customType<{ data: string; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => currentTimeZone(value) ?? value,
  fromDriver: (value) => currentTimeZone(value) ?? value,
});

// The same Dates as SQLite's unix milliseconds: millisecond precision, so a value read back equals the one written.
const instant = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });
const createdAt = () => instant("created_at").notNull().defaultNow();

// By default, not always: copying a SQLite database over keeps its ids (the sequence is reset after).
const serialId = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

// pg-core has no bytea column; node-postgres reads bytea as a Buffer and writes a Buffer as one.
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    emailConfirmedAt: instant("email_confirmed_at"),
    createdAt: createdAt(),
  },
  // SQLite's `collate nocase`: one account per address whatever its case.
  (t) => [uniqueIndex("users_email_nocase").on(sql`lower(${t.email})`)],
);

export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    fullName: text("full_name"),
    timeZone: timeZoneText("time_zone"),
    createdAt: createdAt(),
  },
  (t) => [
    index("profiles_created_at").on(t.createdAt),
    index("profiles_email").on(t.email),
  ],
);

export const userRoles = pgTable(
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

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at").notNull(),
    persistent: boolean("persistent").notNull().default(false),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_id").on(t.userId), index("sessions_expires_at").on(t.expiresAt)],
);

export const oneTimeTokens = pgTable(
  "password_reset_tokens",
  {
    id: serialId(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull().default("password-reset"),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    /** The address an `email-change` link confirms; null for the other purposes. */
    newEmail: text("new_email"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_id").on(t.userId)],
);

export const registrationAnswers = pgTable(
  "registration_answers",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    userType: text("user_type", { enum: ["client", "professional"] }).notNull(),
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("registration_answers_type_created").on(t.userType, t.createdAt)],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serialId(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt"),
    content: text("content").notNull(),
    published: boolean("published").notNull().default(false),
    publishedAt: instant("published_at"),
    featuredImage: text("featured_image"),
    featuredImageAlt: text("featured_image_alt"),
    featuredImageMeta: jsonb("featured_image_meta").$type<FeaturedImageMeta>(),
    contentHtml: text("content_html"),
    sanitizerVersion: integer("sanitizer_version").notNull().default(0),
    category: text("category", { enum: BLOG_CATEGORIES }).notNull().default("general"),
    /** How `content` is written; content_html is always the sanitised rendering. */
    format: text("format", { enum: POST_FORMATS }).notNull().default("html"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
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
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serialId(),
    email: text("email").notNull().unique(),
    status: text("status", { enum: SUBSCRIBER_STATUSES }).notNull().default("pending"),
    subscribedAt: instant("subscribed_at").notNull(),
    confirmedAt: instant("confirmed_at"),
    unsubscribedAt: instant("unsubscribed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("newsletter_subscribers_status_created").on(t.status, t.createdAt),
    check("newsletter_subscribers_status_valid", sql`${t.status} in (${inList(SUBSCRIBER_STATUSES)})`),
  ],
);

export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: serialId(),
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
export const submissionReplies = pgTable(
  "submission_replies",
  {
    id: serialId(),
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

export const professionals = pgTable(
  "professionals",
  {
    id: serialId(),
    name: text("name").notNull(),
    title: text("title"),
    company: text("company"),
    email: text("email").notNull(),
    verified: boolean("verified").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    profileImage: text("profile_image"),
    bio: text("bio"),
    phone: text("phone"),
    location: text("location"),
    experienceYears: integer("experience_years"),
    /** The wizard's range ("3-5") when experience was given as one; experience_years then holds its lower bound. Null: an exact number. */
    experienceRange: text("experience_range", { enum: EXPERIENCE_RANGES }),
    specialties: jsonb("specialties").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    certifications: jsonb("certifications").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    services: jsonb("services").$type<Service[]>().notNull().default(sql`'[]'::jsonb`),
    aumRange: text("aum_range", { enum: AUM_RANGES }),
    clientProfiles: jsonb("client_profiles").$type<ClientProfile[]>().notNull().default(sql`'[]'::jsonb`),
    communication: jsonb("communication").$type<Channel[]>().notNull().default(sql`'[]'::jsonb`),
    countriesServed: jsonb("countries_served").$type<ServedCountry[]>().notNull().default(sql`'[]'::jsonb`),
    feeModel: text("fee_model", { enum: FEE_MODELS }),
    impactInvesting: boolean("impact_investing").notNull().default(false),
    languages: jsonb("languages").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    disciplinaryDisclosed: boolean("disciplinary_disclosed").notNull().default(false),
    disciplinaryCleared: boolean("disciplinary_cleared").notNull().default(false),
    disciplinaryNote: text("disciplinary_note"),
    feeMinimum: integer("fee_minimum"),
    feeSchedule: text("fee_schedule"),
    deletedAt: instant("deleted_at"),
    pendingMatching: jsonb("pending_matching").$type<PendingMatching>(),
    pendingMatchingAt: instant("pending_matching_at"),
    pausedAt: instant("paused_at"),
    registerExemption: text("register_exemption"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    verifiedAt: instant("verified_at"),
    verifiedBy: text("verified_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("professionals_email_nocase").on(sql`lower(${t.email})`),
    index("professionals_created_at").on(t.createdAt),
    // The account linked to an entry: the member nav's unread count and the professional's own pages.
    index("professionals_user_id").on(t.userId),
  ],
);

/** A professional's regulator registrations (app/domain/registrations.ts), one per register, shown to clients with a link to check it. */
export const professionalRegistrations = pgTable(
  "professional_registrations",
  {
    id: serialId(),
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    register: text("register", { enum: REGISTERS }).notNull(),
    /** Normalised: no spaces or separators, letters upper case. */
    number: text("number").notNull(),
    baseline: jsonb("baseline").$type<Baseline>(),
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
export const vettingChecks = pgTable(
  "vetting_checks",
  {
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    item: text("item", { enum: VETTING_ITEMS }).notNull(),
    checkedAt: instant("checked_at").notNull(),
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
export const verifications = pgTable(
  "verifications",
  {
    id: serialId(),
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    verifiedAt: instant("verified_at").notNull(),
    verifiedBy: text("verified_by").references(() => users.id, { onDelete: "set null" }),
    checks: jsonb("checks").$type<StoredVettingCheck[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("verifications_professional_verified").on(t.professionalId, t.verifiedAt)],
);

export const shortlists = pgTable(
  "shortlists",
  {
    id: serialId(),
    clientUserId: text("client_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: SHORTLIST_STATUSES }).notNull().default("proposed"),
    items: jsonb("items").$type<ShortlistItem[]>().notNull(),
    note: text("note"),
    createdAt: createdAt(),
    releasedAt: instant("released_at"),
    releasedBy: text("released_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("shortlists_client_user_id").on(t.clientUserId),
    index("shortlists_status_created").on(t.status, t.createdAt),
    index("shortlists_status_released").on(t.status, t.releasedAt),
    check("shortlists_status_valid", sql`${t.status} in (${inList(SHORTLIST_STATUSES)})`),
  ],
);

export const introductions = pgTable(
  "introductions",
  {
    id: serialId(),
    clientUserId: text("client_user_id").references(() => users.id, { onDelete: "set null" }),
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    status: text("status", { enum: INTRODUCTION_STATUSES }).notNull().default("requested"),
    requestedAt: instant("requested_at").notNull(),
    answeredAt: instant("answered_at"),
    withdrawnAt: instant("withdrawn_at"),
    endedAt: instant("ended_at"),
    endReason: text("end_reason", { enum: INTRODUCTION_END_REASONS }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("introductions_client_professional").on(t.clientUserId, t.professionalId),
    index("introductions_professional_status_requested").on(t.professionalId, t.status, t.requestedAt),
    index("introductions_status").on(t.status),
    check("introductions_status_valid", sql`${t.status} in (${inList(INTRODUCTION_STATUSES)})`),
    check("introductions_end_reason_valid", sql`${t.endReason} is null or ${t.endReason} in (${inList(INTRODUCTION_END_REASONS)})`),
  ],
);

export const auditEvents = pgTable(
  "audit_events",
  {
    id: serialId(),
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

export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: serialId(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_hits_bucket_key_created").on(t.bucket, t.key, t.createdAt)],
);

export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

export const twoFactor = pgTable("two_factor", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: instant("confirmed_at"),
  lastStep: integer("last_step"),
  createdAt: createdAt(),
});

export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serialId(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash").on(t.userId, t.codeHash)],
);

export const storedFiles = pgTable("stored_files", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: createdAt(),
});

export const shortlistDeclines = pgTable(
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

export const availability = pgTable("availability", {
  id: serialId(),
  professionalId: integer("professional_id")
    .notNull()
    .unique()
    .references(() => professionals.id, { onDelete: "cascade" }),
  timeZone: timeZoneText("time_zone").notNull(),
  meetingMinutes: integer("meeting_minutes").notNull(),
  weekly: jsonb("weekly").$type<WeeklyOpening[]>().notNull(),
  videoLink: text("video_link"),
  offersPhone: boolean("offers_phone").notNull().default(false),
  inPersonAddress: text("in_person_address"),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

export const bookings = pgTable(
  "bookings",
  {
    id: serialId(),
    introductionId: integer("introduction_id")
      .notNull()
      .references(() => introductions.id, { onDelete: "cascade" }),
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    kind: text("kind", { enum: MEETING_KINDS }).notNull(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("booked"),
    uid: text("uid").notNull().unique(),
    sequence: integer("sequence").notNull().default(0),
    cancelledAt: instant("cancelled_at"),
    cancelledBy: text("cancelled_by", { enum: SIDES }),
    clientHeld: boolean("client_held"),
    professionalHeld: boolean("professional_held"),
    clientContinuing: boolean("client_continuing"),
    professionalContinuing: boolean("professional_continuing"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bookings_professional_slot").on(t.professionalId, t.startsAt).where(sql`status = 'booked'`),
    index("bookings_introduction").on(t.introductionId),
    index("bookings_status_starts").on(t.status, t.startsAt),
    index("bookings_professional_starts").on(t.professionalId, t.startsAt),
    check("bookings_kind_valid", sql`${t.kind} in (${inList(MEETING_KINDS)})`),
    check("bookings_status_valid", sql`${t.status} in (${inList(BOOKING_STATUSES)})`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: serialId(),
    introductionId: integer("introduction_id")
      .notNull()
      .references(() => introductions.id, { onDelete: "cascade" }),
    sender: text("sender", { enum: SIDES }).notNull(),
    body: text("body").notNull(),
    readAt: instant("read_at"),
    reportedAt: instant("reported_at"),
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

export const jobs = pgTable(
  "jobs",
  {
    id: serialId(),
    kind: text("kind").notNull(),
    key: text("key").notNull().unique(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    runAt: instant("run_at").notNull(),
    leaseOwner: text("lease_owner"),
    leaseUntil: instant("lease_until"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    doneAt: instant("done_at"),
    createdAt: createdAt(),
  },
  (t) => [index("jobs_due").on(t.runAt).where(sql`done_at is null`)],
);

export const plans = pgTable(
  "plans",
  {
    id: serialId(),
    name: text("name").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency", { enum: PLAN_CURRENCIES }).notNull(),
    interval: text("billing_interval", { enum: PLAN_INTERVALS }).notNull(),
    active: boolean("active").notNull().default(true),
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

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serialId(),
    professionalId: integer("professional_id")
      .notNull()
      .unique()
      .references(() => professionals.id, { onDelete: "cascade" }),
    planId: integer("plan_id").references(() => plans.id, { onDelete: "set null" }),
    state: text("state", { enum: SUBSCRIPTION_STATES }).notNull(),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    currentPeriodEnd: instant("current_period_end"),
    lapsedAt: instant("lapsed_at"),
    updatedAt: instant("updated_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("subscriptions_state").on(t.state),
    index("subscriptions_customer").on(t.stripeCustomerId),
    index("subscriptions_stripe_id").on(t.stripeSubscriptionId),
    check("subscriptions_state_valid", sql`${t.state} in (${inList(SUBSCRIPTION_STATES)})`),
  ],
);

export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/**
 * The regulators' public records (app/domain/register-records.ts), one per register and number, as the
 * newest import read them: an SEC bulk feed or the FCA register's API. `digest` is the record's content,
 * so an import of the same data changes nothing.
 */
export const registerRecords = pgTable(
  "register_records",
  {
    source: text("source", { enum: RECORD_SOURCES }).notNull(),
    number: text("number").notNull(),
    /** The record as read (name, other names, current, status, since, firms, disclosures): only the app reads inside it. */
    record: jsonb("record").$type<RecordContent>().notNull(),
    /** The day the register produced the data (the feed's generation date, or the API's answer). */
    feedDate: text("feed_date").notNull(),
    digest: text("digest").notNull(),
    importedAt: instant("imported_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.number] }),
    check("register_records_source_valid", sql`${t.source} in (${inList(RECORD_SOURCES)})`),
  ],
);

/** Records read from a file or the API but not yet applied: an import is applied whole or not at all. */
export const registerStaging = pgTable(
  "register_staging",
  {
    batch: text("batch").notNull(),
    source: text("source", { enum: RECORD_SOURCES }).notNull(),
    number: text("number").notNull(),
    /** The record as read (name, other names, current, status, since, firms, disclosures): only the app reads inside it. */
    record: jsonb("record").$type<RecordContent>().notNull(),
    feedDate: text("feed_date").notNull(),
    digest: text("digest").notNull(),
    importedAt: instant("imported_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.batch, t.number] })],
);

/** Each import applied: the source, the feed's date and what it changed (the admin's dashboard and the CLI print it). */
export const registerImports = pgTable(
  "register_imports",
  {
    id: serialId(),
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
export const registerAlerts = pgTable(
  "register_alerts",
  {
    id: serialId(),
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    register: text("register", { enum: REGISTERS }).notNull(),
    number: text("number").notNull(),
    changes: jsonb("changes").$type<RecordChange[]>().notNull(),
    feedDate: text("feed_date").notNull(),
    decision: text("decision", { enum: ["cleared", "ended"] }),
    decidedAt: instant("decided_at"),
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
