import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { profiles } from "~/platform/schema";
import { callDay, callTime } from "~/features/booking/call-format";

/** The zone the member's times are shown in: theirs once known (asked when booking a call), else null (UTC). */
export async function memberZone(userId: string): Promise<string | null> {
  const [profile] = await db().select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return profile?.timeZone ?? null;
}

/** "Tuesday, 1 December 2026 at 09:30 (Europe/London)": in the member's zone when known, else UTC, named either way. */
export function memberTime(at: Date, timeZone: string | null): string {
  const zone = timeZone ?? "UTC";
  const iso = at.toISOString();
  return `${callDay(iso, zone)} at ${callTime(iso, zone)} (${zone.replace(/_/g, " ")})`;
}
