import { z } from "zod";
import { minutesOf, type Opening } from "~/domain/slots";
import { timeZoneField } from "~/domain/fields";

/** The lengths a first call may have, in minutes. */
export const MEETING_LENGTHS = [20, 30, 45, 60] as const;

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The order the form lists the days in: the working week first. */
export const FORM_DAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Rows a day shows without JavaScript (empty ones are ignored); with it, "Add a range" adds up to the most. */
export const ROWS_WITHOUT_SCRIPT = 3;
export const MOST_RANGES_A_DAY = 6;

/** One start/end pair as the form holds it: "HH:MM" from an <input type="time">, or empty. */
export type RangeRow = { start: string; end: string };

/**
 * An <input type="time"> value ("09:00", or "09:00:00" with seconds) to "HH:MM", or null. An end of
 * 00:00 means midnight at the end of the day, stored "24:00" (what the slot code reads).
 */
export function timeOfInput(value: string | undefined, as: "start" | "end"): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value?.trim() ?? "");
  if (!m) return null;
  const hhmm = `${m[1]!.padStart(2, "0")}:${m[2]}`;
  if (as === "end" && hhmm === "00:00") return "24:00";
  const minutes = minutesOf(hhmm);
  return minutes === null || (hhmm === "24:00" && as === "start") ? null : hhmm;
}

/** A stored "HH:MM" back into an <input type="time"> ("24:00", the end of the day, reads 00:00 there). */
export const inputOfTime = (hhmm: string) => (hhmm === "24:00" ? "00:00" : hhmm);

/** "09:00–12:00", as messages name a range (an end of the day reads "midnight"). */
const rangeWords = (start: string, end: string) => `${start}–${end === "24:00" ? "midnight" : end}`;

type RowIssue = { index: number; field: "start" | "end"; message: string };

/**
 * The rows of one weekday to its openings, sorted, or the messages that say what is wrong with which
 * row's start or end. Rows with both times empty are ignored.
 */
export function rowsToOpenings(day: number, rows: readonly (Partial<RangeRow> | undefined)[]): { openings: Opening[]; issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  const kept: { index: number; opening: Opening }[] = [];
  rows.forEach((row, index) => {
    const rawStart = row?.start?.trim() ?? "";
    const rawEnd = row?.end?.trim() ?? "";
    if (!rawStart && !rawEnd) return;
    const start = timeOfInput(rawStart, "start");
    const end = timeOfInput(rawEnd, "end");
    if (!rawStart) issues.push({ index, field: "start", message: "Give the start of this range too." });
    else if (!start) issues.push({ index, field: "start", message: "Enter a time like 09:00." });
    if (!rawEnd) issues.push({ index, field: "end", message: "Give the end of this range too." });
    else if (!end) issues.push({ index, field: "end", message: "Enter a time like 17:00." });
    if (!start || !end) return;
    if (end <= start) {
      issues.push({ index, field: "end", message: `The end must come after the start (${start}).` });
      return;
    }
    kept.push({ index, opening: { day, start, end } });
  });
  const sorted = [...kept].sort((a, b) => a.opening.start.localeCompare(b.opening.start));
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1]!;
    const here = sorted[i]!;
    if (here.opening.start < before.opening.end) {
      // The message goes on the row the person typed later, naming the one it runs into.
      const later = here.index > before.index ? here : before;
      const other = later === here ? before : here;
      issues.push({ index: later.index, field: "start", message: `This range overlaps ${rangeWords(other.opening.start, other.opening.end)}.` });
    }
  }
  if (kept.length > MOST_RANGES_A_DAY) issues.push({ index: kept.at(-1)!.index, field: "start", message: `Up to ${MOST_RANGES_A_DAY} ranges a day.` });
  return { openings: sorted.map((k) => k.opening), issues };
}

/** A weekday's stored openings as form rows, at least `atLeast` of them (the empty ones after). */
export function openingsToRows(weekly: readonly Opening[], day: number, atLeast = ROWS_WITHOUT_SCRIPT): RangeRow[] {
  const rows = weekly
    .filter((o) => o.day === day)
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((o) => ({ start: inputOfTime(o.start), end: inputOfTime(o.end) }));
  while (rows.length < atLeast) rows.push({ start: "", end: "" });
  return rows;
}

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

const optionalText = (max: number) => z.string().trim().max(max, `Up to ${max} characters.`).optional();

const time = z.string().max(12, "Enter a time like 09:00.").optional();
const dayRows = z
  .array(z.object({ start: time, end: time }).optional())
  .max(MOST_RANGES_A_DAY + ROWS_WITHOUT_SCRIPT, `Up to ${MOST_RANGES_A_DAY} ranges a day.`)
  .optional();
const dayFields = { day0: dayRows, day1: dayRows, day2: dayRows, day3: dayRows, day4: dayRows, day5: dayRows, day6: dayRows };
export type DayKey = keyof typeof dayFields;
export const dayKey = (day: number) => `day${day}` as DayKey;

/** The professional's weekly availability: the form and its action read it with this one schema. */
export const AvailabilitySchema = z
  .object({
    timeZone: timeZoneField,
    meetingMinutes: z.enum(MEETING_LENGTHS.map(String) as [string, ...string[]], { error: "Choose how long a first call lasts." }),
    ...dayFields,
    offersVideo: checkbox,
    videoLink: optionalText(500),
    offersPhone: checkbox,
    offersInPerson: checkbox,
    inPersonAddress: optionalText(300),
  })
  .superRefine((v, ctx) => {
    let any = false;
    WEEKDAYS.forEach((_, day) => {
      const { openings, issues } = rowsToOpenings(day, v[dayKey(day)] ?? []);
      for (const issue of issues) ctx.addIssue({ code: "custom", path: [dayKey(day), issue.index, issue.field], message: issue.message });
      if (openings.length) any = true;
    });
    if (!any) ctx.addIssue({ code: "custom", path: ["day1"], message: "Give the hours of at least one day." });
    if (!v.offersVideo && !v.offersPhone && !v.offersInPerson) {
      ctx.addIssue({ code: "custom", path: ["offersVideo"], message: "Offer at least one way to meet." });
    }
    if (v.offersVideo) {
      let url: URL | null = null;
      try {
        url = v.videoLink ? new URL(v.videoLink) : null;
      } catch {
        url = null;
      }
      if (!url || url.protocol !== "https:" || !url.hostname.includes(".") || url.username || url.password) {
        ctx.addIssue({ code: "custom", path: ["videoLink"], message: "Give your video meeting link, starting with https://" });
      }
    }
    if (v.offersInPerson && !v.inPersonAddress) {
      ctx.addIssue({ code: "custom", path: ["inPersonAddress"], message: "Give the address where you meet in person." });
    }
  })
  .transform((v) => ({
    timeZone: v.timeZone,
    meetingMinutes: Number(v.meetingMinutes),
    weekly: WEEKDAYS.flatMap((_, day) => rowsToOpenings(day, v[dayKey(day)] ?? []).openings),
    offersVideo: v.offersVideo,
    videoLink: v.offersVideo && v.videoLink ? v.videoLink : null,
    offersPhone: v.offersPhone,
    offersInPerson: v.offersInPerson,
    inPersonAddress: v.offersInPerson && v.inPersonAddress ? v.inPersonAddress : null,
  }));

export type AvailabilityValue = z.output<typeof AvailabilitySchema>;

/** The form's fields as the form shows them first (and as a browser posts them): text, and each day's rows. */
export type AvailabilityFormValues = Record<"timeZone" | "meetingMinutes" | "offersVideo" | "videoLink" | "offersPhone" | "offersInPerson" | "inPersonAddress", string> &
  Record<DayKey, RangeRow[]>;
