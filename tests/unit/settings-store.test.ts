import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { DEFAULT_SETTINGS, shortlistPromise } from "~/platform/settings";
import { getSettings, saveSettings, seedSettings } from "~/platform/settings.server";

const sqlite = () => db().$client;
const writeRaw = (key: string, value: string) =>
  sqlite().prepare("INSERT INTO site_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, value);

describe("settings store", () => {
  it("answers the spec's values on an empty store, and seeding writes them as rows", () => {
    expect(getSettings()).toEqual(DEFAULT_SETTINGS);
    seedSettings();
    const keys = (sqlite().prepare("SELECT key FROM site_settings ORDER BY key").all() as { key: string }[]).map((r) => r.key);
    expect(keys).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect(getSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it("reads what an admin saved", () => {
    const next = structuredClone(DEFAULT_SETTINGS);
    next.marketingStats.assets = { value: "$3B+", label: "Assets Matched" };
    next.contact.city = "Zurich";
    saveSettings(next);
    expect(getSettings().marketingStats.assets).toEqual({ value: "$3B+", label: "Assets Matched" });
    expect(getSettings().contact.city).toBe("Zurich");
    saveSettings(DEFAULT_SETTINGS);
  });

  it("refuses to save values that break the schema, and keeps the old ones", () => {
    const bad = structuredClone(DEFAULT_SETTINGS);
    bad.marketingStats.assets.value = "";
    expect(() => saveSettings(bad)).toThrow();
    expect(getSettings().marketingStats).toEqual(DEFAULT_SETTINGS.marketingStats);
  });

  it("falls back to the seeded values when a row has the wrong shape", () => {
    writeRaw("marketingStats", JSON.stringify([{ not: "an object" }]));
    expect(getSettings().marketingStats).toEqual(DEFAULT_SETTINGS.marketingStats);
    writeRaw("marketingStats", JSON.stringify(DEFAULT_SETTINGS.marketingStats));
  });

  it("falls back to the seeded values when a row is not JSON at all", () => {
    writeRaw("supportHours", "{broken");
    expect(getSettings().supportHours).toEqual(DEFAULT_SETTINGS.supportHours);
    writeRaw("supportHours", JSON.stringify(DEFAULT_SETTINGS.supportHours));
  });

  it("keeps the other saved settings when one row is damaged", () => {
    const next = structuredClone(DEFAULT_SETTINGS);
    next.contact.city = "Geneva";
    saveSettings(next);
    writeRaw("marketingStats", "not json");
    const read = getSettings();
    expect(read.contact.city).toBe("Geneva");
    expect(read.marketingStats).toEqual(DEFAULT_SETTINGS.marketingStats);
    saveSettings(DEFAULT_SETTINGS);
  });

  it("one set of figures: an existing database's home-page set is removed at start-up, the rest kept, and a second run changes nothing", () => {
    const next = structuredClone(DEFAULT_SETTINGS);
    next.contact.city = "Boston";
    saveSettings(next);
    // What a database of an earlier version holds: the home page's own, contradicting figures.
    writeRaw("homeStats", JSON.stringify([{ value: "$50B+", label: "Assets Under Management" }, { value: "99%", label: "Client Satisfaction" }]));
    seedSettings();
    const keys = () => (sqlite().prepare("SELECT key FROM site_settings ORDER BY key").all() as { key: string }[]).map((r) => r.key);
    expect(keys()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect(getSettings().contact.city).toBe("Boston");
    seedSettings();
    expect(keys()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    saveSettings(DEFAULT_SETTINGS);
  });

  it("defaults to the About page's set: $2B+ and 98%", () => {
    expect(DEFAULT_SETTINGS.marketingStats.assets.value).toBe("$2B+");
    expect(DEFAULT_SETTINGS.marketingStats.satisfaction.value).toBe("98%");
    expect(JSON.stringify(DEFAULT_SETTINGS)).not.toMatch(/\$50B|99%/);
  });
});

describe("the shortlist time promise", () => {
  it("is one business day while support is closed on a day (the default: Sundays), else 24 hours", () => {
    expect(shortlistPromise(DEFAULT_SETTINGS.supportHours)).toBe("within one business day");
    expect(shortlistPromise({ ...DEFAULT_SETTINGS.supportHours, sunday: "Sunday: 10:00 AM - 2:00 PM EST" })).toBe("within 24 hours");
    expect(shortlistPromise({ ...DEFAULT_SETTINGS.supportHours, saturday: "Saturday: closed" , sunday: "Sunday: 10 - 2" })).toBe("within one business day");
  });
});

describe("the shared-cache times (docs/decisions/032)", () => {
  it("are whole seconds within their bounds, and what the admin form sends (text) is read as numbers", async () => {
    const { SiteSettingsSchema } = await import("~/platform/settings-schema");
    const { parseWithZod } = await import("@conform-to/zod/v4");
    const shape = SiteSettingsSchema.shape.sharedCache;
    expect(shape.safeParse({ maxAgeSeconds: 0, staleWhileRevalidateSeconds: 604_800 }).success).toBe(true);
    for (const bad of [{ maxAgeSeconds: -1 }, { maxAgeSeconds: 1.5 }, { maxAgeSeconds: 86_401 }, { staleWhileRevalidateSeconds: 604_801 }]) {
      expect(shape.safeParse({ maxAgeSeconds: 60, staleWhileRevalidateSeconds: 300, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
    const form = new FormData();
    form.set("sharedCache.maxAgeSeconds", "120");
    form.set("sharedCache.staleWhileRevalidateSeconds", "");
    const submission = parseWithZod(form, { schema: SiteSettingsSchema.pick({ sharedCache: true }) });
    expect(submission.status === "error" && submission.error?.["sharedCache.staleWhileRevalidateSeconds"]).toEqual(["Stale time is required"]);
    form.set("sharedCache.staleWhileRevalidateSeconds", "30");
    const ok = parseWithZod(form, { schema: SiteSettingsSchema.pick({ sharedCache: true }) });
    expect(ok.status === "success" && ok.value).toEqual({ sharedCache: { maxAgeSeconds: 120, staleWhileRevalidateSeconds: 30 } });
  });
});
