import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { siteSettings } from "~/db/schema";
import { SiteSettingsSchema, DEFAULT_SETTINGS, type SiteSettings } from "~/settings";

/** Every page reads marketing figures and contact details from here; admins edit them. */
export function getSettings(): SiteSettings {
  const rows = db().select().from(siteSettings).all();
  const stored: Record<string, unknown> = {};
  for (const row of rows) stored[row.key] = row.value;
  const merged = { ...DEFAULT_SETTINGS, ...stored };
  const parsed = SiteSettingsSchema.safeParse(merged);
  // A damaged row must never take the site down: fall back to the seeded values.
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
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

/** Writes the spec's values into an empty store so an operator sees real rows to edit. */
export function seedSettings() {
  const existing = db().select({ key: siteSettings.key }).from(siteSettings).all();
  const have = new Set(existing.map((r) => r.key));
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
    if (!have.has(key)) db().insert(siteSettings).values({ key, value }).run();
  }
}

export function deleteSetting(key: keyof SiteSettings) {
  db().delete(siteSettings).where(eq(siteSettings.key, key)).run();
}
