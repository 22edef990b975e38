// One fixed zone (UTC), so the server's render and the browser's hydration print the same text.
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
