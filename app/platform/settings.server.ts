import { eq, inArray } from "drizzle-orm";
import { db, transaction } from "~/platform/db.server";
import { contentVersion } from "~/platform/content-version.server";
import { siteSettings } from "~/platform/schema";
import { jsonText } from "~/platform/sql-dialect.server";
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
 * Cached in memory until the content version moves on (any write to site_settings bumps it, whichever
 * process makes it), so a save shows on the next page view without every page reading and checking
 * every row. Every page reads marketing figures and contact details from here; admins edit them. Each key is
 * read and checked on its own: a damaged row (not JSON, wrong shape) falls back to the seeded value
 * for that key only, and never takes a page down or discards the other saved settings.
 */
export async function getSettings(): Promise<SiteSettings> {
  const version = contentVersion();
  if (cached?.version === version) return cached.settings;
  const settings = await readSettings();
  // A negative version is not known yet (PostgreSQL's follower has not read it): nothing is cached.
  cached = version < 0 ? undefined : { version, settings };
  return settings;
}

/**
 * The settings getSettings read for the current content version, or undefined when they have not been
 * read since it moved: for code that cannot wait for a read, such as the page cache's headers, which go
 * out after the root loader (which awaits getSettings) has rendered the page.
 */
export function settingsAlreadyRead(): SiteSettings | undefined {
  return cached?.version === contentVersion() ? cached.settings : undefined;
}

async function readSettings(): Promise<SiteSettings> {
  // Raw text, not Drizzle's JSON column: its parser would throw on a damaged row.
  const rows = await db().select({ key: siteSettings.key, value: jsonText(siteSettings.value) }).from(siteSettings);
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const result: Record<string, unknown> = {};
  for (const key of KEYS) {
    const text = stored.get(key);
    const parsed = text === undefined ? undefined : SiteSettingsSchema.shape[key].safeParse(parseJson(text));
    result[key] = parsed?.success ? parsed.data : DEFAULT_SETTINGS[key];
  }
  return SiteSettingsSchema.parse(result);
}

async function writeSettings(next: SiteSettings): Promise<void> {
  const value = SiteSettingsSchema.parse(next);
  for (const [key, v] of Object.entries(value)) {
    await db()
      .insert(siteSettings)
      .values({ key, value: v, updatedAt: new Date() })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: v, updatedAt: new Date() } });
  }
}

export async function saveSettings(next: SiteSettings): Promise<void> {
  await transaction(() => writeSettings(next));
  // PostgreSQL's new version reaches this process a moment later: the saver reads its own change at once.
  cached = undefined;
}

/**
 * Applies `change` to the settings as stored now, read and written in one transaction: a field another
 * admin saved a moment ago (on another server, whose notification has not reached this one's cache)
 * is kept, not written back to what this server last read.
 */
export async function updateSettings(change: (stored: SiteSettings) => SiteSettings): Promise<void> {
  await transaction(async () => writeSettings(change(await readSettings())));
  cached = undefined;
}

/**
 * Runs at every start-up: writes the seeded value of each missing key, so an operator sees real rows
 * to edit, and removes keys of earlier versions (the home page's second set of figures), so an
 * existing database ends up with the one set. Running it again changes nothing.
 */
export async function seedSettings(): Promise<void> {
  await transaction(async (tx) => {
    await tx.delete(siteSettings).where(inArray(siteSettings.key, [...RETIRED_SETTING_KEYS]));
    const existing = await tx.select({ key: siteSettings.key }).from(siteSettings);
    const have = new Set(existing.map((r) => r.key));
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      if (!have.has(key)) await tx.insert(siteSettings).values({ key, value });
    }
  });
  cached = undefined;
}

/** Whether every admin must have a second factor (one key read: every admin request asks). */
export async function adminTwoFactorRequired(): Promise<boolean> {
  const [row] = await db()
    .select({ value: jsonText(siteSettings.value) })
    .from(siteSettings)
    .where(eq(siteSettings.key, "security"))
    .limit(1);
  const parsed = row ? SiteSettingsSchema.shape.security.safeParse(parseJson(row.value)) : undefined;
  return parsed?.success ? parsed.data.requireAdminTwoFactor : DEFAULT_SETTINGS.security.requireAdminTwoFactor;
}
