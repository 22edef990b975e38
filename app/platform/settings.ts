import { z } from "zod";

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

const Stat = z.object({
  value: text("Figure", 1, 20),
  label: text("Label", 1, 60),
});

/** The one set of marketing figures, in the order the settings page lists them. */
export const STAT_KEYS = [
  "vettedProfessionals",
  "matches",
  "assets",
  "satisfaction",
  "longTermRelationships",
  "renewal",
  "activeClients",
  "averageClientAum",
] as const;
export type StatKey = (typeof STAT_KEYS)[number];

/** The four figures of the home page's strip, taken from the one set. */
export const HOME_STAT_KEYS = ["vettedProfessionals", "assets", "matches", "satisfaction"] as const satisfies readonly StatKey[];

export const SiteSettingsSchema = z.object({
  /**
   * The one set of marketing figures every page quotes, the home page included (decisions §4: the
   * spec's two differing sets became one, seeded with the About page's).
   */
  marketingStats: z.object({
    vettedProfessionals: Stat,
    matches: Stat,
    assets: Stat,
    satisfaction: Stat,
    longTermRelationships: Stat,
    renewal: Stat,
    activeClients: Stat,
    averageClientAum: Stat,
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
  /** Admin sign-in (docs/decisions/024). A checkbox: absent from the form means off. */
  security: z.object({
    /** Every admin must enrol a second factor before using any other admin page. */
    requireAdminTwoFactor: z.boolean().default(false),
  }),
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const DEFAULT_SETTINGS: SiteSettings = {
  marketingStats: {
    vettedProfessionals: { value: "500+", label: "Vetted Professionals" },
    matches: { value: "1000+", label: "Successful Matches" },
    assets: { value: "$2B+", label: "Assets Matched" },
    satisfaction: { value: "98%", label: "Client Satisfaction" },
    longTermRelationships: { value: "85%", label: "Long-term Relationships" },
    renewal: { value: "95%", label: "Professional Renewal Rate" },
    activeClients: { value: "2,000+", label: "Active Clients" },
    averageClientAum: { value: "$2.5M", label: "Average Client AUM" },
  },
  contact: {
    email: "contact@wealthmatch.com",
    phone: "+1 (212) 555-0147",
    city: "New York, NY",
  },
  support: {
    email: "support@wealthmatch.com",
    phone: "+1 (212) 555-0148",
  },
  supportHours: {
    weekdays: "Monday - Friday: 9:00 AM - 6:00 PM EST",
    saturday: "Saturday: 10:00 AM - 2:00 PM EST",
    sunday: "Sunday: Closed",
  },
  // Off on a fresh install: the first admin enrols, then an operator may make it mandatory.
  security: { requireAdminTwoFactor: false },
};

/**
 * Keys earlier versions stored that no longer exist. `homeStats` was the home page's own figures
 * ($50B+, 99%), which contradicted every other page; start-up removes it from existing databases.
 */
export const RETIRED_SETTING_KEYS = ["homeStats"] as const;

/**
 * When a client can expect their shortlist. Admins review every shortlist, so the promise follows the
 * support hours: when support is closed on some day (the default: Sundays), 24 hours cannot always be
 * kept, and the promise is one business day.
 */
export function shortlistPromise(hours: SiteSettings["supportHours"]): string {
  return [hours.weekdays, hours.saturday, hours.sunday].some((line) => /closed/i.test(line)) ? "within one business day" : "within 24 hours";
}
