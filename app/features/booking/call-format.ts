import type { MeetingKind } from "~/platform/schema/vocabulary";
import { formatterIn } from "~/platform/ui/format";

export const KIND_LABELS: Record<MeetingKind, string> = { video: "Video call", phone: "Phone call", "in-person": "In person" };

// Calls read the British way: "Tuesday 1 December 2026, 09:30".
const fmt = (timeZone: string, options: Intl.DateTimeFormatOptions) => formatterIn(timeZone, options, "en-GB");

/** "Tuesday 1 December 2026" in a zone. */
export const callDay = (iso: string, timeZone: string) => fmt(timeZone, { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(new Date(iso));

/** "09:30" (24-hour clock) in a zone. */
export const callTime = (iso: string, timeZone: string) => fmt(timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));

/** The local date key "2026-12-01" of an instant in a zone, for grouping slots by day. */
export function dayKey(iso: string, timeZone: string): string {
  const parts = fmt(timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** "Tuesday 1 December 2026, 09:30–10:00 (Europe/London)". */
export const callWhen = (startsAt: string, endsAt: string, timeZone: string) =>
  `${callDay(startsAt, timeZone)}, ${callTime(startsAt, timeZone)}–${callTime(endsAt, timeZone)} (${timeZone.replace(/_/g, " ")})`;

/** "24 Nov, 22:10" in a zone: when a message was written, for a reader who knows their zone. */
export const messageTime = (iso: string, timeZone: string) =>
  fmt(timeZone, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));

export type SlotDay = { key: string; label: string; slots: { value: string; time: string }[] };

/** Slot instants (ISO) grouped by their local day in a zone, each with its local time. */
export function groupByDay(slots: readonly (Date | string)[], timeZone: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const s of slots) {
    const iso = typeof s === "string" ? s : s.toISOString();
    const key = dayKey(iso, timeZone);
    let day = days.at(-1);
    if (day?.key !== key) {
      day = { key, label: callDay(iso, timeZone), slots: [] };
      days.push(day);
    }
    day.slots.push({ value: iso, time: callTime(iso, timeZone) });
  }
  return days;
}
