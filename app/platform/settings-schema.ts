import { z } from "zod";
import { MAX_MINIMUM_LIVE_COUNT, SHARED_CACHE_LIMITS, type SiteSettings } from "./settings";
import { canBeLive, FIGURE_SOURCES, missingProof, STAT_KEYS, type StatKey } from "~/domain/marketing-figures";

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
 * One figure: a set value (with the day it was true and its source) or the database's live count, for
 * the figures that have one. Stored rows are read leniently: a row saved before the choice, the date or
 * the source existed reads as a set value without them, which the pages leave out (figureToShow). What an
 * admin may save is stricter: SettingsFormSchema.
 */
const Stat = (key: StatKey) =>
  z.object({
    // Empty: no figure (conform hands an empty field over as undefined).
    value: z.string().trim().max(20, "Figure must be less than 20 characters").default(""),
    label: text("Label", 1, 60),
    source: z
      .enum(FIGURE_SOURCES, { message: "Choose a set value or the live count" })
      .default("set")
      .refine((source) => source === "set" || canBeLive(key), "This figure has no live count"),
    asOf: day.default(null),
    citation: z.string().trim().max(160, "Source must be less than 160 characters").default(""),
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
  figures: z.object({
    minimumLiveCount: z
      .number({ message: "Minimum is required" })
      .int("Minimum must be a whole number")
      .min(1, "Minimum must be at least 1")
      .max(MAX_MINIMUM_LIVE_COUNT, `Minimum must be at most ${MAX_MINIMUM_LIVE_COUNT.toLocaleString("en-US")}`),
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
  vetting: z.object({
    reviewTime: text("Review time", 3, 60),
  }),
}) satisfies z.ZodType<SiteSettings>;

/** "2026-11-24" for the day after `now` (UTC): a figure's date may not be later (a day's grace for time zones). */
const tomorrow = (now: Date) => new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);

/** A figure as the form showed it (the `baseline` field: the settings as they were rendered), if readable. */
function shownBefore(baseline: string | undefined, key: StatKey): unknown {
  if (!baseline) return undefined;
  try {
    return (JSON.parse(baseline) as { marketingStats?: Record<string, unknown> }).marketingStats?.[key];
  } catch {
    return undefined;
  }
}

const sameFigure = (a: unknown, b: SiteSettings["marketingStats"][StatKey]) => {
  if (!a || typeof a !== "object") return false;
  const f = a as Record<string, unknown>;
  return f.value === b.value && f.source === b.source && (f.asOf ?? null) === b.asOf && (f.citation ?? "") === b.citation;
};

/**
 * What the settings form may save: the stored rules, and a set figure with a value must say when it was
 * true (not in the future) and where it comes from, each asked for under its own field. A figure the
 * admin clears is simply not shown. A figure the admin left as the form showed it (an earlier version's
 * "500+" without either) is not in the way of saving something else: the pages leave it out and the
 * dashboard names it. `baseline` is the settings as the form drew them, sent back with it.
 */
export const SettingsFormSchema = SiteSettingsSchema.extend({ baseline: z.string().optional() }).superRefine((settings, ctx) => {
  for (const key of STAT_KEYS) {
    const figure = settings.marketingStats[key];
    if (figure.source !== "set" || !figure.value) continue;
    if (sameFigure(shownBefore(settings.baseline, key), figure)) continue;
    const path = (field: string) => ["marketingStats", key, field];
    for (const missing of missingProof(figure)) {
      ctx.addIssue({
        code: "custom",
        path: path(missing),
        message: missing === "asOf" ? "Add the date this figure was true, or clear the figure" : "Add the source of this figure, or clear the figure",
      });
    }
    if (figure.asOf && figure.asOf > tomorrow(new Date())) ctx.addIssue({ code: "custom", path: path("asOf"), message: "The date cannot be in the future" });
  }
});
