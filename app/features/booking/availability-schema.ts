import { z } from "zod";
import { minutesOf, type Opening } from "~/domain/slots";
import { timeZoneField } from "~/domain/fields";

/** The lengths a first call may have, in minutes. */
export const MEETING_LENGTHS = [20, 30, 45, 60] as const;

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The order the form lists the days in: the working week first. */
export const FORM_DAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export const HOURS_FORMAT = "Write hours like 09:00-12:00, 14:00-17:30 (24-hour clock).";

/** "09:00-12:00, 14:00-17:00" to openings of one weekday, or a message saying what is wrong. */
export function parseDayHours(day: number, text: string): { ok: true; openings: Opening[] } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, openings: [] };
  const openings: Opening[] = [];
  for (const part of trimmed.split(/[,;]/).map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\d{1,2}:\d{2})\s*[-–to]+\s*(\d{1,2}:\d{2})$/.exec(part);
    const pad = (t: string) => (t.length === 4 ? `0${t}` : t);
    const start = m ? pad(m[1]!) : "";
    const end = m ? pad(m[2]!) : "";
    const from = minutesOf(start);
    const to = minutesOf(end);
    if (from === null || to === null) return { ok: false, message: `"${part}" is not a time range. ${HOURS_FORMAT}` };
    if (to <= from) return { ok: false, message: `${part}: the end must come after the start.` };
    openings.push({ day, start, end });
  }
  const sorted = [...openings].sort((a, b) => a.start.localeCompare(b.start));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start < sorted[i - 1]!.end) return { ok: false, message: "Two ranges of this day overlap." };
  }
  if (openings.length > 6) return { ok: false, message: "Up to six ranges a day." };
  return { ok: true, openings: sorted };
}

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

const optionalText = (max: number) => z.string().trim().max(max, `Up to ${max} characters.`).optional();

const dayHours = z.string().max(200, "Up to 200 characters.").optional();
const dayFields = { day0: dayHours, day1: dayHours, day2: dayHours, day3: dayHours, day4: dayHours, day5: dayHours, day6: dayHours };
type DayKey = keyof typeof dayFields;
const dayKey = (day: number) => `day${day}` as DayKey;

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
      const parsed = parseDayHours(day, v[dayKey(day)] ?? "");
      if (!parsed.ok) ctx.addIssue({ code: "custom", path: [`day${day}`], message: parsed.message });
      else if (parsed.openings.length) any = true;
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
    weekly: WEEKDAYS.flatMap((_, day) => {
      const parsed = parseDayHours(day, v[dayKey(day)] ?? "");
      return parsed.ok ? parsed.openings : [];
    }),
    offersVideo: v.offersVideo,
    videoLink: v.offersVideo && v.videoLink ? v.videoLink : null,
    offersPhone: v.offersPhone,
    offersInPerson: v.offersInPerson,
    inPersonAddress: v.offersInPerson && v.inPersonAddress ? v.inPersonAddress : null,
  }));

export type AvailabilityValue = z.output<typeof AvailabilitySchema>;

/** A weekday's openings written back as the form shows them. */
export const dayHoursText = (weekly: readonly Opening[], day: number) =>
  weekly
    .filter((o) => o.day === day)
    .map((o) => `${o.start}-${o.end}`)
    .join(", ");

/** The form's fields as text (what the form shows first, and what a browser posts). */
export type AvailabilityFormValues = Record<
  "timeZone" | "meetingMinutes" | DayKey | "offersVideo" | "videoLink" | "offersPhone" | "offersInPerson" | "inPersonAddress",
  string
>;
