import { and, count, desc, eq, inArray, lte } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { bookings, introductions, professionals, shortlists } from "~/platform/schema";

/**
 * What matching did, newest first, a page at a time, for /admin/matches's history tabs. Each list is
 * ordered by an index (shortlists by status then creation, introductions and bookings by id, outcomes
 * by status then start) and reads only the columns the page shows; names are looked up for the page's rows.
 */

export async function releasedShortlists(limit: number, offset: number) {
  const where = eq(shortlists.status, "released");
  const [total] = await db().select({ n: count() }).from(shortlists).where(where);
  const rows = await db()
    .select({ id: shortlists.id, clientUserId: shortlists.clientUserId, releasedAt: shortlists.releasedAt, releasedBy: shortlists.releasedBy })
    .from(shortlists)
    .where(where)
    .orderBy(desc(shortlists.status), desc(shortlists.createdAt))
    .limit(limit)
    .offset(offset);
  return { rows, total: total?.n ?? 0 };
}

export async function introductionHistory(limit: number, offset: number) {
  const [total] = await db().select({ n: count() }).from(introductions);
  const rows = await db()
    .select({
      id: introductions.id,
      clientUserId: introductions.clientUserId,
      professionalId: introductions.professionalId,
      status: introductions.status,
      requestedAt: introductions.requestedAt,
      answeredAt: introductions.answeredAt,
      endReason: introductions.endReason,
    })
    .from(introductions)
    .orderBy(desc(introductions.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: total?.n ?? 0 };
}

export async function bookingHistory(limit: number, offset: number) {
  const [total] = await db().select({ n: count() }).from(bookings);
  const rows = await db()
    .select({
      id: bookings.id,
      clientUserId: introductions.clientUserId,
      professionalId: bookings.professionalId,
      startsAt: bookings.startsAt,
      kind: bookings.kind,
      status: bookings.status,
      sequence: bookings.sequence,
      cancelledBy: bookings.cancelledBy,
    })
    .from(bookings)
    .innerJoin(introductions, eq(introductions.id, bookings.introductionId))
    .orderBy(desc(bookings.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: total?.n ?? 0 };
}

/** Calls that have taken place (booked, started before now), with each side's answers. */
export async function outcomeHistory(limit: number, offset: number, now: Date) {
  const where = and(eq(bookings.status, "booked"), lte(bookings.startsAt, now));
  const [total] = await db().select({ n: count() }).from(bookings).where(where);
  const rows = await db()
    .select({
      id: bookings.id,
      clientUserId: introductions.clientUserId,
      professionalId: bookings.professionalId,
      startsAt: bookings.startsAt,
      clientHeld: bookings.clientHeld,
      clientContinuing: bookings.clientContinuing,
      professionalHeld: bookings.professionalHeld,
      professionalContinuing: bookings.professionalContinuing,
    })
    .from(bookings)
    .innerJoin(introductions, eq(introductions.id, bookings.introductionId))
    .where(where)
    .orderBy(desc(bookings.status), desc(bookings.startsAt))
    .limit(limit)
    .offset(offset);
  return { rows, total: total?.n ?? 0 };
}

/** Directory names by id, for a page's rows (a deleted entry has no name left: shown as removed). */
export async function professionalNamesById(ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db().select({ id: professionals.id, name: professionals.name, deletedAt: professionals.deletedAt }).from(professionals).where(inArray(professionals.id, unique));
  return new Map(rows.map((r) => [r.id, r.deletedAt ? "A deleted professional" : r.name]));
}
