/**
 * Bookable first-call slots: pure (no clock, no I/O; `now` comes in). Weekly openings are wall-clock hours
 * in the professional's IANA time zone; a slot is a UTC instant. Wall times are turned into instants with
 * Intl, so the hours stay put across daylight-saving changes: a wall time that does not exist that day
 * (the hour skipped in spring) gives no slot, one that exists twice (autumn) gives its first instant.
 */

export type Opening = { day: number; start: string; end: string };
export type BusyPeriod = { startsAt: Date; endsAt: Date };

export type SlotRules = {
  timeZone: string;
  meetingMinutes: number;
  weekly: readonly Opening[];
  /** Calls already booked with this professional (any client): no slot overlaps one. */
  booked: readonly BusyPeriod[];
  now: Date;
  /** How far ahead a client may book (default 21 days from now). */
  horizonDays?: number;
  /** The least time between booking and the call (default 12 hours). */
  minimumNoticeHours?: number;
};

export const BOOKING_HORIZON_DAYS = 21;
export const MINIMUM_NOTICE_HOURS = 12;

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether Intl knows this IANA zone name. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a zone. */
export function wallClock(instant: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return { year: parts.year ?? 0, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0, minute: parts.minute ?? 0 };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const whole = Math.floor(instant / MINUTE) * MINUTE;
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - whole;
}

/**
 * The instant a wall time in a zone names (month 1-12), or null when that wall time does not exist
 * (skipped by a daylight-saving change). A repeated wall time gives its earlier instant.
 */
export function wallTimeToInstant(timeZone: string, year: number, month: number, day: number, minutes: number): number | null {
  const local = Date.UTC(year, month - 1, day, 0, minutes);
  // A transition moves the offset at most once in a day either side: the two candidates cover it.
  const candidates = new Set([offsetAt(local - DAY, timeZone), offsetAt(local + DAY, timeZone), offsetAt(local, timeZone)]);
  const valid = [...candidates].map((offset) => local - offset).filter((t) => offsetAt(t, timeZone) === local - t);
  return valid.length ? Math.min(...valid) : null;
}

/** "HH:MM" (00:00 to 24:00) to minutes after midnight, or null. */
export function minutesOf(hhmm: string): number | null {
  const m = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(hhmm);
  if (!m) return null;
  const total = Number(m[1]) * 60 + Number(m[2]);
  return total <= 24 * 60 ? total : null;
}

/** The bookable slot starts, earliest first: inside an opening, after the notice, within the horizon, overlapping no booked call. */
export function bookableSlots(rules: SlotRules): Date[] {
  const { timeZone, meetingMinutes, weekly, booked } = rules;
  if (!isTimeZone(timeZone) || !Number.isInteger(meetingMinutes) || meetingMinutes <= 0) return [];
  const now = rules.now.getTime();
  const earliest = now + (rules.minimumNoticeHours ?? MINIMUM_NOTICE_HOURS) * 3_600_000;
  const latest = now + (rules.horizonDays ?? BOOKING_HORIZON_DAYS) * DAY;
  const length = meetingMinutes * MINUTE;
  const busy = booked.map((b) => [b.startsAt.getTime(), b.endsAt.getTime()] as const);
  const today = wallClock(now, timeZone);
  const found = new Set<number>();
  // One local calendar day more than the horizon: a zone far from UTC starts its days hours apart from it.
  const horizon = (rules.horizonDays ?? BOOKING_HORIZON_DAYS) + 2;
  for (let i = -1; i <= horizon; i++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + i));
    const weekday = date.getUTCDay();
    for (const opening of weekly) {
      if (opening.day !== weekday) continue;
      const from = minutesOf(opening.start);
      const to = minutesOf(opening.end);
      if (from === null || to === null || to <= from) continue;
      for (let start = from; start + meetingMinutes <= to; start += meetingMinutes) {
        const at = wallTimeToInstant(timeZone, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), start);
        if (at === null || at < earliest || at >= latest) continue;
        if (busy.some(([s, e]) => at < e && s < at + length)) continue;
        found.add(at);
      }
    }
  }
  return [...found].sort((a, b) => a - b).map((t) => new Date(t));
}
