import { and, count, eq, inArray } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { millisBetween } from "~/platform/sql-dialect.server";
import { introductions, registrationAnswers, shortlists } from "~/platform/schema";
import { waitingClients } from "~/features/matching/shortlists.data.server";

export type MatchingStats = {
  /** Clients without a released shortlist. */
  waiting: number;
  /** Released shortlists (the median is over these). */
  released: number;
  /** Median hours from registration to the release of the shortlist; null before the first release. */
  medianHoursToRelease: number | null;
  /** Introductions the professional accepted or declined. */
  answered: number;
  /** Accepted of those answered, 0 to 1; null while none is answered. */
  acceptedShare: number | null;
};

const HOUR = 3_600_000;

/** The admin dashboard's matching figures. Each is one query; the median sorts only the released rows. */
export async function matchingStats(): Promise<MatchingStats> {
  const waiting = (await waitingClients(1)).total;

  const wait = millisBetween(shortlists.releasedAt, registrationAnswers.createdAt);
  const releasedWhere = and(eq(shortlists.status, "released"), eq(registrationAnswers.userType, "client"));
  const released =
    (
      await db()
        .select({ n: count() })
        .from(shortlists)
        .innerJoin(registrationAnswers, eq(registrationAnswers.userId, shortlists.clientUserId))
        .where(releasedWhere)
    )[0]?.n ?? 0;
  let medianHoursToRelease: number | null = null;
  if (released > 0) {
    // The middle one (odd count) or the middle two (even count) of the waits, in order.
    const middle = await db()
      .select({ ms: wait })
      .from(shortlists)
      .innerJoin(registrationAnswers, eq(registrationAnswers.userId, shortlists.clientUserId))
      .where(releasedWhere)
      .orderBy(wait)
      .limit(released % 2 === 0 ? 2 : 1)
      .offset(Math.floor((released - 1) / 2));
    const ms = middle.reduce((sum, r) => sum + r.ms, 0) / Math.max(1, middle.length);
    medianHoursToRelease = Math.round((Math.max(0, ms) / HOUR) * 10) / 10;
  }

  const counts = await db()
    .select({ status: introductions.status, n: count() })
    .from(introductions)
    .where(inArray(introductions.status, ["accepted", "declined"]))
    .groupBy(introductions.status);
  const accepted = counts.find((c) => c.status === "accepted")?.n ?? 0;
  const declined = counts.find((c) => c.status === "declined")?.n ?? 0;
  const answered = accepted + declined;
  return { waiting, released, medianHoursToRelease, answered, acceptedShare: answered ? accepted / answered : null };
}
