// Client-safe: the settings' shape, keys and defaults. No zod here, so public pages ship without it.
import { DEFAULT_MINIMUM_LIVE_COUNT, STAT_KEYS, type Figure, type ShownFigures, type StatKey } from "~/domain/marketing-figures";

export { STAT_KEYS, type StatKey };

/** What an admin edits on /admin/settings (its rules: settings-schema.ts, kept out of the pages' bundles). */
export type SiteSettings = {
  /**
   * The one set of marketing figures every page quotes, the home page included (the spec's two sets
   * became one). A page shows a figure only when the database counts it or an admin gave its date and
   * source (domain/marketing-figures.ts, docs/decisions/054).
   */
  marketingStats: Record<StatKey, Figure>;
  /** A live count below `minimumLiveCount` is too small to quote: the pages leave that figure out. */
  figures: { minimumLiveCount: number };
  contact: { email: string; phone: string; city: string };
  support: { email: string; phone: string };
  supportHours: { weekdays: string; saturday: string; sunday: string };
  /** Admin sign-in (docs/decisions/024). */
  security: {
    /** Every admin must enrol a second factor before using any other admin page. */
    requireAdminTwoFactor: boolean;
  };
  /**
   * How long a shared cache in front of the site (a CDN or proxy) may cache a public page rendered for an
   * anonymous visitor, and serve it stale while it fetches a fresh one (docs/decisions/032).
   */
  sharedCache: { maxAgeSeconds: number; staleWhileRevalidateSeconds: number };
  /**
   * What a professional is told about our review on their dashboard's checklist, as a phrase that follows
   * "Our team reviews a complete profile": "within 3 business days".
   */
  vetting: { reviewTime: string };
};

export const DEFAULT_SETTINGS: SiteSettings = {
  // The counts are live; money and percentages wait for an admin to give a value, its date and its source.
  marketingStats: {
    vettedProfessionals: { value: "", label: "Vetted Professionals", source: "live", asOf: null, citation: "" },
    matches: { value: "", label: "Successful Matches", source: "live", asOf: null, citation: "" },
    assets: { value: "", label: "Assets Matched", source: "set", asOf: null, citation: "" },
    satisfaction: { value: "", label: "Client Satisfaction", source: "set", asOf: null, citation: "" },
    longTermRelationships: { value: "", label: "Long-term Relationships", source: "set", asOf: null, citation: "" },
    renewal: { value: "", label: "Professional Renewal Rate", source: "set", asOf: null, citation: "" },
    activeClients: { value: "", label: "Active Clients", source: "live", asOf: null, citation: "" },
    averageClientAum: { value: "", label: "Average Client AUM", source: "set", asOf: null, citation: "" },
  },
  figures: { minimumLiveCount: DEFAULT_MINIMUM_LIVE_COUNT },
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
  vetting: { reviewTime: "within 3 business days" },
};

/**
 * The settings as every page receives them (the root loader): the figures a page may quote, worked out
 * on the server, in place of the stored ones, so a figure nothing backs never reaches the browser.
 */
export type PageSettings = Omit<SiteSettings, "marketingStats" | "figures"> & { figures: ShownFigures };

/** The largest minimum an admin may set for a live count. */
export const MAX_MINIMUM_LIVE_COUNT = 100_000;

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
