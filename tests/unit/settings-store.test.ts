import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { DEFAULT_SETTINGS } from "~/platform/settings";
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
    next.homeStats = [{ value: "42+", label: "Answers" }];
    next.contact.city = "Zurich";
    saveSettings(next);
    expect(getSettings().homeStats).toEqual([{ value: "42+", label: "Answers" }]);
    expect(getSettings().contact.city).toBe("Zurich");
    saveSettings(DEFAULT_SETTINGS);
  });

  it("refuses to save values that break the schema, and keeps the old ones", () => {
    const bad = structuredClone(DEFAULT_SETTINGS);
    bad.homeStats = [];
    expect(() => saveSettings(bad)).toThrow();
    expect(getSettings().homeStats).toEqual(DEFAULT_SETTINGS.homeStats);
  });

  it("falls back to the seeded values when a row has the wrong shape", () => {
    writeRaw("homeStats", JSON.stringify({ not: "a list" }));
    expect(getSettings().homeStats).toEqual(DEFAULT_SETTINGS.homeStats);
    writeRaw("homeStats", JSON.stringify(DEFAULT_SETTINGS.homeStats));
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
    writeRaw("homeStats", "not json");
    const read = getSettings();
    expect(read.contact.city).toBe("Geneva");
    expect(read.homeStats).toEqual(DEFAULT_SETTINGS.homeStats);
    saveSettings(DEFAULT_SETTINGS);
  });
});
