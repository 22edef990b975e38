import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { AvailabilitySchema, inputOfTime, openingsToRows, rowsToOpenings, timeOfInput } from "~/features/booking/availability-schema";
import { bookableSlots } from "~/domain/slots";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return parseWithZod(data, { schema: AvailabilitySchema });
};
const errorsOf = (r: ReturnType<typeof form>) => (r.status === "success" ? {} : (r.error ?? {}));
const base = { timeZone: "Europe/London", meetingMinutes: "30", offersPhone: "on" };

describe("time inputs to stored openings", () => {
  it("reads an <input type=time> value, with or without seconds; an end of 00:00 is midnight", () => {
    expect(timeOfInput("09:00", "start")).toBe("09:00");
    expect(timeOfInput("09:30:00", "end")).toBe("09:30");
    expect(timeOfInput("00:00", "end")).toBe("24:00");
    expect(timeOfInput("00:00", "start")).toBe("00:00");
    expect(timeOfInput("25:00", "start")).toBeNull();
    expect(timeOfInput("nine", "start")).toBeNull();
    expect(inputOfTime("24:00")).toBe("00:00");
  });

  it("ignores empty rows, sorts, and says which row is wrong", () => {
    expect(rowsToOpenings(1, [{ start: "14:00", end: "17:00" }, { start: "", end: "" }, { start: "09:00", end: "12:00" }])).toEqual({
      openings: [
        { day: 1, start: "09:00", end: "12:00" },
        { day: 1, start: "14:00", end: "17:00" },
      ],
      issues: [],
    });
    expect(rowsToOpenings(1, [{ start: "12:00", end: "09:00" }]).issues).toEqual([{ index: 0, field: "end", message: "The end must come after the start (12:00)." }]);
    expect(rowsToOpenings(1, [{ start: "09:00", end: "12:00" }, { start: "11:00", end: "13:00" }]).issues).toEqual([
      { index: 1, field: "start", message: "This range overlaps 09:00–12:00." },
    ]);
    // Touching ranges do not overlap.
    expect(rowsToOpenings(1, [{ start: "09:00", end: "12:00" }, { start: "12:00", end: "13:00" }]).issues).toEqual([]);
    expect(rowsToOpenings(1, [{ start: "09:00" }]).issues).toEqual([{ index: 0, field: "end", message: "Give the end of this range too." }]);
  });

  it("turns stored openings back into rows, at least three a day", () => {
    expect(openingsToRows([{ day: 2, start: "08:00", end: "24:00" }, { day: 3, start: "09:00", end: "10:00" }], 2)).toEqual([
      { start: "08:00", end: "00:00" },
      { start: "", end: "" },
      { start: "", end: "" },
    ]);
  });
});

describe("the availability schema", () => {
  it("gives the stored format the slot code reads", () => {
    const result = form({ ...base, "day1[0].start": "09:00", "day1[0].end": "12:00", "day1[1].start": "", "day1[1].end": "", "day6[0].start": "22:00", "day6[0].end": "00:00" });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.weekly).toEqual([
      { day: 1, start: "09:00", end: "12:00" },
      { day: 6, start: "22:00", end: "24:00" },
    ]);
    const slots = bookableSlots({ timeZone: "UTC", meetingMinutes: 60, weekly: result.value.weekly, booked: [], now: new Date("2026-12-01T00:00:00Z") });
    expect(slots.map((s) => s.toISOString())).toContain("2026-12-05T23:00:00.000Z");
  });

  it("puts each message on the field it is about", () => {
    const result = form({
      ...base,
      "day1[0].start": "12:00",
      "day1[0].end": "09:00",
      "day2[0].start": "09:00",
      "day2[0].end": "12:00",
      "day2[1].start": "10:00",
      "day2[1].end": "11:00",
    });
    expect(result.status).toBe("error");
    expect(errorsOf(result)["day1[0].end"]).toEqual(["The end must come after the start (12:00)."]);
    expect(errorsOf(result)["day2[1].start"]).toEqual(["This range overlaps 09:00–12:00."]);
  });

  it("asks for at least one range", () => {
    const result = form({ ...base, "day1[0].start": "", "day1[0].end": "" });
    expect(errorsOf(result).day1).toEqual(["Give the hours of at least one day."]);
  });
});
