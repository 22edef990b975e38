import { and, desc, eq, sql } from "drizzle-orm";
import { preparedRead } from "~/platform/db.server";
import { introductions } from "~/platform/schema";

export type EndedIntroduction = { id: number; endedAt: string };

// Read on every view of the client's home.
const endedByDeparture = preparedRead((database) =>
  database
    .select({ id: introductions.id, endedAt: introductions.endedAt })
    .from(introductions)
    .where(and(eq(introductions.clientUserId, sql.placeholder("clientUserId")), eq(introductions.status, "ended"), eq(introductions.endReason, "professional-deleted")))
    .orderBy(desc(introductions.endedAt), desc(introductions.id))
    .prepare(),
);

/**
 * A client's introductions that ended because the professional deleted their account, newest first.
 * Their name is gone with the rest of their data (the client read it in the e-mail sent then).
 */
export async function introductionsEndedByDeparture(clientUserId: string): Promise<EndedIntroduction[]> {
  const rows = await endedByDeparture({ clientUserId });
  return rows.map((r) => ({ id: r.id, endedAt: (r.endedAt ?? new Date(0)).toISOString() }));
}
