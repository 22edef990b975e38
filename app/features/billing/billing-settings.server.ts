import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/platform/db.server";
import { siteSettings } from "~/platform/schema";
import { jsonText } from "~/platform/sql-dialect.server";

/**
 * Billing's own row of site_settings (key "billing"), edited on /admin/plans: the days a professional
 * whose payment failed stays in matching while Stripe retries. Kept out of the site-wide settings form,
 * whose every field public pages read.
 */
export const DEFAULT_GRACE_DAYS = 7;

const BillingSettings = z.object({ graceDays: z.number().int().min(0).max(365) });

export async function graceDays(): Promise<number> {
  const [row] = await db().select({ value: jsonText(siteSettings.value) }).from(siteSettings).where(eq(siteSettings.key, "billing")).limit(1);
  if (!row) return DEFAULT_GRACE_DAYS;
  try {
    const parsed = BillingSettings.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data.graceDays : DEFAULT_GRACE_DAYS;
  } catch {
    return DEFAULT_GRACE_DAYS;
  }
}

export async function saveGraceDays(days: number): Promise<void> {
  const value = { graceDays: days };
  await db()
    .insert(siteSettings)
    .values({ key: "billing", value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
}
