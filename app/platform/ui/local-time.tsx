import { dateIn, dateTimeIn, timeIn } from "./format";

/**
 * A moment in the reader's zone, as a `<time>` whose machine value is the instant: "Dec 3, 2026, 1:57 AM
 * CET", or the day and the time on two lines for a table cell (`stacked`). The zone comes from the
 * loader, so server and browser print the same time; a browser whose ICU names the zone otherwise
 * ("GMT+1" for "CET") keeps the server's text rather than failing the hydration.
 */
export function LocalTime({
  iso,
  zone,
  stacked = false,
  seconds = false,
  className,
}: {
  iso: string;
  zone: string;
  /** The day and the time on two lines (a table cell). */
  stacked?: boolean;
  /** The time to the second (the audit log). */
  seconds?: boolean;
  className?: string;
}) {
  if (!stacked) {
    return (
      <time dateTime={iso} className={className} suppressHydrationWarning>
        {dateTimeIn(iso, zone)}
      </time>
    );
  }
  return (
    <time dateTime={iso} title={dateTimeIn(iso, zone)} className={className} suppressHydrationWarning>
      <span className="block text-ink-800" suppressHydrationWarning>
        {dateIn(iso, zone)}
      </span>
      <span className="block text-xs" suppressHydrationWarning>
        {timeIn(iso, zone, { seconds })}
      </span>
    </time>
  );
}
