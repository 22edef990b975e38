// Without a zone, one fixed zone (UTC), so the server's render and the browser's hydration print the same
// text. With one (the reader's, handed down by a loader), both sides print that zone's time.
const SHORT = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const STAMP = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
  timeZone: "UTC",
});

/** "Nov 23, 2026" */
export const shortDate = (iso: string) => SHORT.format(new Date(iso));

/** "23/11/2026, 14:55:02 UTC" as "2026-11-23 14:55:02 UTC": sortable, unambiguous. */
export function timestamp(iso: string): string {
  const parts = Object.fromEntries(STAMP.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} UTC`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The one formatter of times in a reader's zone (made once per zone, locale and options): call times,
 * message times and the admin's lists all use it. A zone Intl does not know falls back to UTC, and the
 * zone's name printed beside the time (`zoneName`) then says UTC too.
 */
export function formatterIn(timeZone: string, options: Intl.DateTimeFormatOptions, locale = "en-US"): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    }
    formatters.set(key, f);
  }
  return f;
}

// English as read where each zone is: CLDR gives a zone's abbreviation ("CET", "EST", "IST", "AEDT") only
// in the locales of the places that use it, and "GMT+1" elsewhere.
const ABBREVIATION_LOCALES = ["en-US", "en-GB", "en-IN", "en-AU", "en-NZ", "en-CA", "en-ZA", "en-SG", "en-HK", "en-IE"];
const OFFSET_ONLY = /^(GMT|UTC)[+\-\u2212]/;

/** The zone's short name at that moment: "CET" in winter, "CEST" in summer; "GMT+9" where English has no abbreviation. */
export function zoneName(iso: string, timeZone: string): string {
  const at = new Date(iso);
  let fallback = "";
  for (const locale of ABBREVIATION_LOCALES) {
    const name = formatterIn(timeZone, { timeZoneName: "short" }, locale).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "";
    if (name && !OFFSET_ONLY.test(name)) return name;
    fallback ||= name;
  }
  return fallback || "UTC";
}

const DAY_AND_TIME: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" };

/** "Dec 3, 2026, 1:57 AM CET": a moment in the reader's zone, the zone named. */
export const dateTimeIn = (iso: string, timeZone: string) => `${formatterIn(timeZone, DAY_AND_TIME).format(new Date(iso))} ${zoneName(iso, timeZone)}`;

/** "Dec 3, 2026": the day it was in the reader's zone. */
export const dateIn = (iso: string, timeZone: string) => formatterIn(timeZone, { year: "numeric", month: "short", day: "numeric" }).format(new Date(iso));

/** "1:57 AM CET" ("1:57:30 AM CET" with seconds): the time of day in the reader's zone, the zone named. */
export function timeIn(iso: string, timeZone: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const time = formatterIn(timeZone, seconds ? { hour: "numeric", minute: "2-digit", second: "2-digit" } : { hour: "numeric", minute: "2-digit" });
  return `${time.format(new Date(iso))} ${zoneName(iso, timeZone)}`;
}
