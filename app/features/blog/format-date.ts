const LONG_US = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  // One fixed zone, so the server and every visitor see the same day for the same post.
  timeZone: "UTC",
});

/** "March 4, 2026" */
export function formatLongDate(date: Date): string {
  return LONG_US.format(date);
}

const SHORT_US = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** "Mar 4, 2026": for dense admin tables. */
export function formatShortDate(date: Date): string {
  return SHORT_US.format(date);
}
