import { formatterIn, zoneName } from "~/platform/ui/format";

const CALL_START: Intl.DateTimeFormatOptions = { weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" };

/** A call's start in the reader's time zone (UTC when they set none or it is unknown), zone named: "Tuesday, December 1 at 9:30 AM CET". */
export function callTime(iso: string, timeZone: string | null): string {
  const zone = timeZone ?? "UTC";
  return `${formatterIn(zone, CALL_START).format(new Date(iso))} ${zoneName(iso, zone)}`;
}
