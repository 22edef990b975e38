import { and, eq, inArray, sql } from "drizzle-orm";
import { numbered, placeholders, preparedReadByShape } from "~/platform/db.server";
import { professionals, shortlistDeclines } from "~/platform/schema";
import { verificationInForce } from "~/domain/vetting";

// One prepared query per shortlist length (a handful): it is read on every view of the client's home.
const choicesOf = preparedReadByShape((database, count: number) =>
  database
    .select({
      id: professionals.id,
      verified: professionals.verified,
      verifiedAt: professionals.verifiedAt,
      deletedAt: professionals.deletedAt,
      declined: shortlistDeclines.professionalId,
    })
    .from(professionals)
    .leftJoin(
      shortlistDeclines,
      and(eq(shortlistDeclines.professionalId, professionals.id), eq(shortlistDeclines.clientUserId, sql.placeholder("clientUserId"))),
    )
    .where(inArray(professionals.id, placeholders("id", count)))
    .prepare(),
);

/**
 * The client's shortlist entries with what changed since release: a professional unverified or deleted
 * since (or whose verification lapsed) is 'no longer available' (no button that would only be refused), and the ones the client
 * declined are marked. One query for both: the shortlist page is read far more than it changes.
 */
export async function withClientChoices<E extends { id: number }>(
  clientUserId: string,
  entries: readonly E[],
): Promise<(E & { available: boolean; declined: boolean })[]> {
  if (entries.length === 0) return [];
  const rows = await choicesOf(entries.length, { clientUserId, ...numbered("id", entries.map((e) => e.id)) });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return entries.map((e) => {
    const row = byId.get(e.id);
    return { ...e, available: Boolean(row && verificationInForce(row) && row.deletedAt === null), declined: row?.declined != null };
  });
}
