import { z } from "zod";
import { SHARED_CACHE_LIMITS, type SiteSettings } from "./settings";
import { canBeLive, FIGURE_SOURCES, type StatKey } from "~/domain/marketing-figures";

const text = (label: string, min: number, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(min, min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be less than ${max} characters`);

const email = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .toLowerCase()
    .max(254, "Email must be less than 254 characters")
    .pipe(z.email("Please enter a valid email address"));

/** Whole seconds from 0 to `max`. */
const seconds = (label: string, max: number) =>
  z
    .number({ message: `${label} is required` })
    .int(`${label} must be a whole number of seconds`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} seconds`);

/** A calendar day, "2026-11-24"; an empty field is no date. */
const day = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z.iso.date("Enter the date as YYYY-MM-DD").nullable(),
);

/**
 * One figure: a set value (with the day it was true) or the database's live count, for the figures
 * that have one. Rows saved before the choice existed read as set values with no date.
 */
const Stat = (key: StatKey) =>
  z.object({
    value: text("Figure", 1, 20),
    label: text("Label", 1, 60),
    source: z
      .enum(FIGURE_SOURCES, { message: "Choose a set value or the live count" })
      .default("set")
      .refine((source) => source === "set" || canBeLive(key), "This figure has no live count"),
    asOf: day.default(null),
  });

// Checked against the SiteSettings type, so the two cannot drift apart.
export const SiteSettingsSchema = z.object({
  marketingStats: z.object({
    vettedProfessionals: Stat("vettedProfessionals"),
    matches: Stat("matches"),
    assets: Stat("assets"),
    satisfaction: Stat("satisfaction"),
    longTermRelationships: Stat("longTermRelationships"),
    renewal: Stat("renewal"),
    activeClients: Stat("activeClients"),
    averageClientAum: Stat("averageClientAum"),
  }),
  contact: z.object({
    email: email("Contact email"),
    phone: text("Phone", 3, 40),
    city: text("City", 2, 80),
  }),
  support: z.object({
    email: email("Support email"),
    phone: text("Phone", 3, 40),
  }),
  supportHours: z.object({
    weekdays: text("Weekday hours", 1, 60),
    saturday: text("Saturday hours", 1, 60),
    sunday: text("Sunday hours", 1, 60),
  }),
  /** A checkbox: absent from the form means off. */
  security: z.object({
    requireAdminTwoFactor: z.boolean().default(false),
  }),
  sharedCache: z.object({
    maxAgeSeconds: seconds("Shared cache time", SHARED_CACHE_LIMITS.maxAgeSeconds),
    staleWhileRevalidateSeconds: seconds("Stale time", SHARED_CACHE_LIMITS.staleWhileRevalidateSeconds),
  }),
}) satisfies z.ZodType<SiteSettings>;
