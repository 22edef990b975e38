import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/platform/db.server";
import { DEFAULT_SETTINGS, shortlistPromise } from "~/platform/settings";
import { getSettings, saveSettings, seedSettings } from "~/platform/settings.server";
import { onPostgres } from "./engine";

const writeRaw = (key: string, value: string) =>
  queryRows(sql`INSERT INTO site_settings (key, value) VALUES (${key}, ${value}) ON CONFLICT(key) DO UPDATE SET value = excluded.value`);
const storedKeys = async () => (await queryRows<{ key: string }>(sql`SELECT key FROM site_settings ORDER BY key`)).map((r) => r.key);

describe("settings store", () => {
  it("answers the spec's values on an empty store, and seeding writes them as rows", async () => {
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS);
    await seedSettings();
    expect(await storedKeys()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it("reads what an admin saved", async () => {
    const next = structuredClone(DEFAULT_SETTINGS);
    next.marketingStats.assets = { value: "$3B+", label: "Assets Matched", source: "set", asOf: "2026-11-20", citation: "Audited accounts, 2026" };
    next.contact.city = "Zurich";
    next.figures.minimumLiveCount = 25;
    await saveSettings(next);
    expect((await getSettings()).marketingStats.assets).toEqual({ value: "$3B+", label: "Assets Matched", source: "set", asOf: "2026-11-20", citation: "Audited accounts, 2026" });
    expect((await getSettings()).figures).toEqual({ minimumLiveCount: 25 });
    expect((await getSettings()).contact.city).toBe("Zurich");
    await saveSettings(DEFAULT_SETTINGS);
  });

  it("refuses to save values that break the schema, and keeps the old ones", async () => {
    const bad = structuredClone(DEFAULT_SETTINGS);
    bad.marketingStats.assets.label = "";
    await expect(saveSettings(bad)).rejects.toThrow();
    expect((await getSettings()).marketingStats).toEqual(DEFAULT_SETTINGS.marketingStats);
  });

  it("falls back to the seeded values when a row has the wrong shape", async () => {
    await writeRaw("marketingStats", JSON.stringify([{ not: "an object" }]));
    expect((await getSettings()).marketingStats).toEqual(DEFAULT_SETTINGS.marketingStats);
    await writeRaw("marketingStats", JSON.stringify(DEFAULT_SETTINGS.marketingStats));
  });

  // SQLite only: PostgreSQL's jsonb column refuses text that is not JSON, so no such row can exist there.
  it.skipIf(onPostgres)("falls back to the seeded values when a row is not JSON at all", async () => {
    await writeRaw("supportHours", "{broken");
    expect((await getSettings()).supportHours).toEqual(DEFAULT_SETTINGS.supportHours);
    await writeRaw("supportHours", JSON.stringify(DEFAULT_SETTINGS.supportHours));
  });

  it("keeps the other saved settings when one row is damaged", async () => {
    const next = structuredClone(DEFAULT_SETTINGS);
    next.contact.city = "Geneva";
    await saveSettings(next);
    // PostgreSQL's jsonb column refuses text that is not JSON: a value of the wrong shape is its damage.
    await writeRaw("marketingStats", onPostgres ? JSON.stringify("not an object") : "not json");
    const read = await getSettings();
    expect(read.contact.city).toBe("Geneva");
    expect(read.marketingStats).toEqual(DEFAULT_SETTINGS.marketingStats);
    await saveSettings(DEFAULT_SETTINGS);
  });

  it("one set of figures: an existing database's home-page set is removed at start-up, the rest kept, and a second run changes nothing", async () => {
    const next = structuredClone(DEFAULT_SETTINGS);
    next.contact.city = "Boston";
    await saveSettings(next);
    // What a database of an earlier version holds: the home page's own, contradicting figures.
    await writeRaw("homeStats", JSON.stringify([{ value: "$50B+", label: "Assets Under Management" }, { value: "99%", label: "Client Satisfaction" }]));
    await seedSettings();
    expect(await storedKeys()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect((await getSettings()).contact.city).toBe("Boston");
    await seedSettings();
    expect(await storedKeys()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    await saveSettings(DEFAULT_SETTINGS);
  });

  it("defaults to no figure anyone has to take on trust: the counts live, the rest empty", () => {
    for (const figure of Object.values(DEFAULT_SETTINGS.marketingStats)) {
      expect(figure).toMatchObject({ value: "", asOf: null, citation: "" });
    }
    expect(DEFAULT_SETTINGS.marketingStats.vettedProfessionals.source).toBe("live");
    expect(DEFAULT_SETTINGS.marketingStats.assets.source).toBe("set");
    expect(DEFAULT_SETTINGS.figures.minimumLiveCount).toBe(10);
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
