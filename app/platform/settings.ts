// Client-safe: the settings' shape, keys and defaults. No zod here, so public pages ship without it.
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

type Stat = { value: string; label: string };

/** What an admin edits on /admin/settings (its rules: settings-schema.ts, kept out of the pages' bundles). */
export type SiteSettings = {
  /**
   * The one set of marketing figures every page quotes, the home page included. The home and About
   * pages once quoted two different sets, which made both doubtful; there is one, seeded with the About
   * page's figures.
   */
  marketingStats: Record<StatKey, Stat>;
  contact: { email: string; phone: string; city: string };
  support: { email: string; phone: string };
  supportHours: { weekdays: string; saturday: string; sunday: string };
  /** Admin sign-in (docs/decisions/024). */
  security: {
    /** Every admin must enrol a second factor before using any other admin page. */
    requireAdminTwoFactor: boolean;
  };
  /**
   * How long a shared cache in front of the site (a CDN or proxy) may keep a public page drawn for an
   * anonymous visitor, and serve it stale while it fetches a fresh one (docs/decisions/032).
   */
  sharedCache: { maxAgeSeconds: number; staleWhileRevalidateSeconds: number };
};

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
  // A minute in a shared cache; five more minutes stale while it fetches a fresh copy.
  sharedCache: { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 300 },
};

/** The longest a shared cache may keep a page, and serve it stale: a day and a week. */
export const SHARED_CACHE_LIMITS = { maxAgeSeconds: 86_400, staleWhileRevalidateSeconds: 604_800 } as const;

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
