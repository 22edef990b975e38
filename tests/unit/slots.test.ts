import { describe, expect, it } from "vitest";
import { bookableSlots, wallTimeToInstant, type Opening, type SlotRules } from "~/domain/slots";

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const rules = (over: Partial<SlotRules> & Pick<SlotRules, "timeZone" | "weekly" | "now">): SlotRules => ({
  meetingMinutes: 30,
  booked: [],
  ...over,
});
const everyDay = (start: string, end: string): Opening[] => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start, end }));

describe("bookable slots across daylight-saving changes", () => {
  it("Europe/London: 9:00 local is 09:00Z before the spring change (29 March 2026) and 08:00Z after", () => {
    const slots = iso(bookableSlots(rules({ timeZone: "Europe/London", weekly: [{ day: 5, start: "09:00", end: "09:30" }, { day: 1, start: "09:00", end: "09:30" }], now: new Date("2026-03-20T00:00:00Z") })));
    expect(slots).toContain("2026-03-27T09:00:00.000Z"); // Friday, GMT
    expect(slots).toContain("2026-03-30T08:00:00.000Z"); // Monday, BST
    expect(slots).not.toContain("2026-03-30T09:00:00.000Z");
  });

  it("Europe/London in autumn (25 October 2026): back to 09:00Z, and the repeated hour gives its first instant only", () => {
    const slots = iso(bookableSlots(rules({ timeZone: "Europe/London", weekly: [{ day: 0, start: "01:00", end: "02:00" }, { day: 1, start: "09:00", end: "09:30" }], now: new Date("2026-10-20T00:00:00Z") })));
    expect(slots).toContain("2026-10-25T00:00:00.000Z"); // 01:00 BST
    expect(slots).toContain("2026-10-25T00:30:00.000Z"); // 01:30 BST
    expect(slots).not.toContain("2026-10-25T01:00:00.000Z"); // 01:00 GMT, the same wall time again
    expect(slots).toContain("2026-10-26T09:00:00.000Z"); // Monday, GMT
    expect(slots).toContain("2026-11-01T01:00:00.000Z"); // the next Sunday's 01:00 GMT
  });

  it("America/New_York: 9:00 is 14:00Z in EST and 13:00Z after 8 March 2026; the skipped 2:00-3:00 hour has no slot", () => {
    const slots = iso(bookableSlots(rules({ timeZone: "America/New_York", weekly: [{ day: 1, start: "09:00", end: "09:30" }, { day: 0, start: "02:00", end: "03:00" }], now: new Date("2026-03-01T00:00:00Z") })));
    expect(slots).toContain("2026-03-02T14:00:00.000Z");
    expect(slots).toContain("2026-03-09T13:00:00.000Z");
    expect(slots.filter((s) => s.startsWith("2026-03-08"))).toEqual([]);
    expect(slots).toContain("2026-03-15T06:00:00.000Z"); // the next Sunday's 02:00 EDT
    expect(slots).toContain("2026-03-15T06:30:00.000Z");
  });

  it("America/New_York in November: 9:00 moves from 13:00Z to 14:00Z after 1 November 2026", () => {
    const slots = iso(bookableSlots(rules({ timeZone: "America/New_York", weekly: [{ day: 5, start: "09:00", end: "09:30" }], now: new Date("2026-10-26T00:00:00Z") })));
    expect(slots.slice(0, 2)).toEqual(["2026-10-30T13:00:00.000Z", "2026-11-06T14:00:00.000Z"]);
  });

  it("wall times: a skipped one is null, a repeated one is its first instant", () => {
    expect(wallTimeToInstant("America/New_York", 2026, 3, 8, 2 * 60 + 30)).toBeNull();
    expect(new Date(wallTimeToInstant("America/New_York", 2026, 11, 1, 60 + 30)!).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(new Date(wallTimeToInstant("Asia/Kolkata", 2026, 1, 1, 9 * 60)!).toISOString()).toBe("2026-01-01T03:30:00.000Z");
  });
});

describe("zones ahead of and behind UTC", () => {
  it("Asia/Tokyo (UTC+9): Monday 08:00 local is Sunday 23:00Z", () => {
    const slots = iso(bookableSlots(rules({ timeZone: "Asia/Tokyo", weekly: [{ day: 1, start: "08:00", end: "08:30" }], now: new Date("2026-06-01T00:00:00Z") })));
    expect(slots).toEqual(["2026-06-07T23:00:00.000Z", "2026-06-14T23:00:00.000Z", "2026-06-21T23:00:00.000Z"]);
  });

  it("Pacific/Auckland (ahead, southern summer ends 5 April 2026): Monday 9:00 is Sunday 20:00Z then 21:00Z", () => {
    const slots = iso(bookableSlots(rules({ timeZone: "Pacific/Auckland", weekly: [{ day: 1, start: "09:00", end: "09:30" }], now: new Date("2026-03-25T00:00:00Z") })));
    expect(slots.slice(0, 2)).toEqual(["2026-03-29T20:00:00.000Z", "2026-04-05T21:00:00.000Z"]);
  });

  it("America/Los_Angeles (behind): Friday 17:00 local is Saturday 00:00Z in summer", () => {
    const slots = iso(bookableSlots(rules({ timeZone: "America/Los_Angeles", weekly: [{ day: 5, start: "17:00", end: "17:30" }], now: new Date("2026-06-01T00:00:00Z") })));
    expect(slots[0]).toBe("2026-06-06T00:00:00.000Z");
    expect(new Date(slots[0]!).getUTCDay()).toBe(6);
  });
});

describe("notice, horizon, length and booked calls", () => {
  const monday = new Date("2026-06-01T00:00:00Z");

  it("gives nothing sooner than 12 hours from now (exactly 12 hours is fine)", () => {
    const slots = iso(bookableSlots(rules({ timeZone: "UTC", meetingMinutes: 60, weekly: [{ day: 1, start: "11:00", end: "13:00" }], now: monday, horizonDays: 1 })));
    expect(slots).toEqual(["2026-06-01T12:00:00.000Z"]);
  });

  it("gives nothing at or after 21 days from now", () => {
    const now = new Date("2026-06-01T09:00:00Z");
    const slots = iso(bookableSlots(rules({ timeZone: "UTC", meetingMinutes: 60, weekly: [{ day: 1, start: "09:00", end: "10:00" }], now })));
    expect(slots).toEqual(["2026-06-08T09:00:00.000Z", "2026-06-15T09:00:00.000Z"]);
    // A millisecond later, the 22nd's 09:00 is just inside the 21 days.
    const later = iso(bookableSlots(rules({ timeZone: "UTC", meetingMinutes: 60, weekly: [{ day: 1, start: "09:00", end: "10:00" }], now: new Date(now.getTime() + 1) })));
    expect(later).toEqual(["2026-06-08T09:00:00.000Z", "2026-06-15T09:00:00.000Z", "2026-06-22T09:00:00.000Z"]);
  });

  it("a zone far ahead still reaches the last of the 21 days", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const slots = bookableSlots(rules({ timeZone: "Pacific/Kiritimati", weekly: everyDay("00:00", "24:00"), meetingMinutes: 60, now }));
    expect(slots[0]!.toISOString()).toBe("2026-06-02T00:00:00.000Z");
    expect(slots.at(-1)!.toISOString()).toBe("2026-06-22T11:00:00.000Z");
    expect(slots).toHaveLength(21 * 24 - 12);
  });

  it("fits whole meetings into each range, several ranges a day", () => {
    const slots = iso(bookableSlots(rules({
      timeZone: "UTC",
      meetingMinutes: 45,
      weekly: [{ day: 2, start: "09:00", end: "10:40" }, { day: 2, start: "14:00", end: "14:45" }],
      now: monday,
      horizonDays: 7,
    })));
    expect(slots).toEqual(["2026-06-02T09:00:00.000Z", "2026-06-02T09:45:00.000Z", "2026-06-02T14:00:00.000Z"]);
  });

  it("never overlaps a booked call, even one not on the slot grid", () => {
    const slots = iso(bookableSlots(rules({
      timeZone: "UTC",
      weekly: [{ day: 2, start: "09:00", end: "11:00" }],
      booked: [{ startsAt: new Date("2026-06-02T09:15:00Z"), endsAt: new Date("2026-06-02T09:45:00Z") }, { startsAt: new Date("2026-06-02T10:30:00Z"), endsAt: new Date("2026-06-02T11:00:00Z") }],
      now: monday,
      horizonDays: 7,
    })));
    expect(slots).toEqual(["2026-06-02T10:00:00.000Z"]);
  });

  it("a call ending as a slot starts does not block it", () => {
    const slots = iso(bookableSlots(rules({
      timeZone: "UTC",
      weekly: [{ day: 2, start: "09:00", end: "10:00" }],
      booked: [{ startsAt: new Date("2026-06-02T08:30:00Z"), endsAt: new Date("2026-06-02T09:00:00Z") }],
      now: monday,
      horizonDays: 7,
    })));
    expect(slots).toEqual(["2026-06-02T09:00:00.000Z", "2026-06-02T09:30:00.000Z"]);
  });

  it("an unknown zone, a bad range or no length gives no slots", () => {
    expect(bookableSlots(rules({ timeZone: "Mars/Olympus", weekly: everyDay("09:00", "17:00"), now: monday }))).toEqual([]);
    expect(bookableSlots(rules({ timeZone: "UTC", weekly: [{ day: 2, start: "17:00", end: "09:00" }], now: monday }))).toEqual([]);
    expect(bookableSlots(rules({ timeZone: "UTC", weekly: everyDay("09:00", "17:00"), now: monday, meetingMinutes: 0 }))).toEqual([]);
  });
});
