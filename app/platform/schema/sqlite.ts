import { sql } from "drizzle-orm";
import {
  blob,
  check,
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
import { AUM_RANGES, FEE_MODELS, ROLES, SUBMISSION_STATUSES } from "~/domain/vocabulary";
import { BLOG_CATEGORIES } from "~/domain/blog-categories";
import {
  AUDIT_KINDS,
  INTRODUCTION_STATUSES,
  SHORTLIST_STATUSES,
  TOKEN_PURPOSES,
  inList,
  type FeaturedImageMeta,
} from "./vocabulary";

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
  ],
);

export const formSubmissions = sqliteTable(
  "form_submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
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
    /**
     * A verified professional's own edit to their matching data, waiting for an admin's approval; matching
     * reads the columns above until it is approved (docs/decisions/021). Null when nothing waits.
     */
    pendingMatching: text("pending_matching", { mode: "json" }).$type<PendingMatching>(),
    pendingMatchingAt: integer("pending_matching_at", { mode: "timestamp_ms" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** When and by which admin the entry was last verified; both null while unverified. */
    verifiedAt: integer("verified_at", { mode: "timestamp_ms" }),
    verifiedBy: text("verified_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("professionals_email_nocase").on(sql`${t.email} collate nocase`),
    index("professionals_created_at").on(t.createdAt),
  ],
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
    check("shortlists_status_valid", sql`${t.status} in (${inList(SHORTLIST_STATUSES)})`),
  ],
);

/** One per client and professional: the client's consent to be shown to that professional, and its answer. */
export const introductions = sqliteTable(
  "introductions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    clientUserId: text("client_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    professionalId: integer("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    status: text("status", { enum: INTRODUCTION_STATUSES }).notNull().default("requested"),
    /** When the client (last) asked; a withdrawn request asked again moves it. */
    requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
    /** When the professional accepted or declined. */
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
    withdrawnAt: integer("withdrawn_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("introductions_client_professional").on(t.clientUserId, t.professionalId),
    // The professional's 'Introductions' list: their visible rows, newest request first.
    index("introductions_professional_status_requested").on(t.professionalId, t.status, t.requestedAt),
    // The admin dashboard's share accepted.
    index("introductions_status").on(t.status),
    check("introductions_status_valid", sql`${t.status} in (${inList(INTRODUCTION_STATUSES)})`),
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
