import { eq, inArray, sql } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { contentVersion } from "~/platform/content-version.server";
import { siteSettings } from "~/platform/schema";
import { DEFAULT_SETTINGS, RETIRED_SETTING_KEYS, type SiteSettings } from "~/platform/settings";
import { SiteSettingsSchema } from "~/platform/settings-schema";

type SettingKey = keyof SiteSettings;
const KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

let cached: { version: number; settings: SiteSettings } | undefined;

/**
 * Kept in memory until the content version moves on (any write to site_settings bumps it, whichever
 * process makes it), so a save shows on the next page view without every page reading and checking
 * every row. Every page reads marketing figures and contact details from here; admins edit them. Each key is
 * read and checked on its own: a damaged row (not JSON, wrong shape) falls back to the seeded value
 * for that key only, and never takes a page down or discards the other saved settings.
 */
export function getSettings(): SiteSettings {
  const version = contentVersion();
  if (cached?.version === version) return cached.settings;
  const settings = readSettings();
  cached = { version, settings };
  return settings;
}

function readSettings(): SiteSettings {
  // Raw text, not Drizzle's JSON column: its parser would throw on a damaged row.
  const rows = db().select({ key: siteSettings.key, value: sql<string>`${siteSettings.value}` }).from(siteSettings).all();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const result: Record<string, unknown> = {};
  for (const key of KEYS) {
    const text = stored.get(key);
    const parsed = text === undefined ? undefined : SiteSettingsSchema.shape[key].safeParse(parseJson(text));
    result[key] = parsed?.success ? parsed.data : DEFAULT_SETTINGS[key];
  }
  return SiteSettingsSchema.parse(result);
}

export function saveSettings(next: SiteSettings) {
  const value = SiteSettingsSchema.parse(next);
  db().transaction((tx) => {
    for (const [key, v] of Object.entries(value)) {
      tx.insert(siteSettings)
        .values({ key, value: v, updatedAt: new Date() })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: v, updatedAt: new Date() } })
        .run();
    }
  });
}

/**
 * Runs at every start-up: writes the seeded value of each missing key, so an operator sees real rows
 * to edit, and removes keys of earlier versions (the home page's second set of figures), so an
 * existing database ends up with the one set. Running it again changes nothing.
 */
export function seedSettings() {
  db().transaction((tx) => {
    tx.delete(siteSettings).where(inArray(siteSettings.key, [...RETIRED_SETTING_KEYS])).run();
    const existing = tx.select({ key: siteSettings.key }).from(siteSettings).all();
    const have = new Set(existing.map((r) => r.key));
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      if (!have.has(key)) tx.insert(siteSettings).values({ key, value }).run();
    }
  });
}

/** Whether every admin must have a second factor (one key read: every admin request asks). */
export function adminTwoFactorRequired(): boolean {
  const row = db()
    .select({ value: sql<string>`${siteSettings.value}` })
    .from(siteSettings)
    .where(eq(siteSettings.key, "security"))
    .get();
  const parsed = row ? SiteSettingsSchema.shape.security.safeParse(parseJson(row.value)) : undefined;
  return parsed?.success ? parsed.data.requireAdminTwoFactor : DEFAULT_SETTINGS.security.requireAdminTwoFactor;
}
