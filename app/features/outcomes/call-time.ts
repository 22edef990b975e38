/** A call's start in the reader's time zone (UTC when they set none or it is unknown), zone named. */
export function callTime(iso: string, timeZone: string | null): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: zone, timeZoneName: "short" }).format(new Date(iso));
  try {
    return format(timeZone ?? "UTC");
  } catch {
    return format("UTC");
  }
}
