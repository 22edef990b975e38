import { and, count, eq, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { millisBetween } from "~/platform/sql-dialect.server";
import { bookings, introductions, shortlists } from "~/platform/schema";

/**
 * The product's own measure of matching quality: how many clients reach each step from a released
 * shortlist to a relationship, and how long each step takes (the median, in hours).
 */
export type Funnel = {
  released: number;
  asked: number;
  accepted: number;
  booked: number;
  held: number;
  continuing: number;
  /** Median hours between consecutive steps; null while no pair exists. */
  medianHours: { releasedToAsked: number | null; askedToAccepted: number | null; acceptedToBooked: number | null; bookedToCall: number | null };
};

const HOUR = 3_600_000;
const countIntroductions = sql<number>`count(distinct ${bookings.introductionId})`.mapWith(Number);

/** Accepted at some point: answered and not declined (a withdrawn or ended one may have been accepted first). */
const wasAccepted = and(isNotNull(introductions.answeredAt), ne(introductions.status, "declined"));

/**
 * The median of `n` values, reading only the middle one or two in the database's own order (the count
 * comes first): the page reads two rows however many introductions there are.
 */
async function median(n: number, middle: (limit: number, offset: number) => Promise<{ ms: number }[]>): Promise<number | null> {
  if (n === 0) return null;
  const rows = await middle(n % 2 === 0 ? 2 : 1, Math.floor((n - 1) / 2));
  const ms = rows.reduce((sum, r) => sum + r.ms, 0) / Math.max(1, rows.length);
  return Math.round((Math.max(0, ms) / HOUR) * 10) / 10;
}

async function counted(query: Promise<{ n: number }[]>): Promise<number> {
  return (await query)[0]?.n ?? 0;
}

export async function funnel(): Promise<Funnel> {
  const releasedWhere = eq(shortlists.status, "released");
  const released = await counted(db().select({ n: count() }).from(shortlists).where(releasedWhere));
  const asked = await counted(db().select({ n: count() }).from(introductions));
  const accepted = await counted(db().select({ n: count() }).from(introductions).where(wasAccepted));
  const booked = await counted(db().select({ n: countIntroductions }).from(bookings));
  const held = await counted(db().select({ n: countIntroductions }).from(bookings).where(or(eq(bookings.clientHeld, true), eq(bookings.professionalHeld, true))));
  const continuing = await counted(
    db().select({ n: countIntroductions }).from(bookings).where(or(eq(bookings.clientContinuing, true), eq(bookings.professionalContinuing, true))),
  );

  // Released -> asked: each introduction against its client's released shortlist.
  const toAsk = millisBetween(introductions.requestedAt, shortlists.releasedAt);
  const askedAfterRelease = and(releasedWhere, isNotNull(shortlists.releasedAt));
  const fromRelease = () => db().select({ ms: toAsk }).from(introductions).innerJoin(shortlists, eq(shortlists.clientUserId, introductions.clientUserId));
  const askedPairs = await counted(
    db().select({ n: count() }).from(introductions).innerJoin(shortlists, eq(shortlists.clientUserId, introductions.clientUserId)).where(askedAfterRelease),
  );
  const releasedToAsked = await median(askedPairs, (limit, offset) => fromRelease().where(askedAfterRelease).orderBy(toAsk).limit(limit).offset(offset));

  const toAccept = millisBetween(introductions.answeredAt, introductions.requestedAt);
  const askedToAccepted = await median(accepted, (limit, offset) =>
    db().select({ ms: toAccept }).from(introductions).where(wasAccepted).orderBy(toAccept).limit(limit).offset(offset),
  );

  const toBook = millisBetween(bookings.createdAt, introductions.answeredAt);
  const bookedAfterAnswer: SQL | undefined = isNotNull(introductions.answeredAt);
  const bookingPairs = await counted(
    db().select({ n: count() }).from(bookings).innerJoin(introductions, eq(introductions.id, bookings.introductionId)).where(bookedAfterAnswer),
  );
  const acceptedToBooked = await median(bookingPairs, (limit, offset) =>
    db()
      .select({ ms: toBook })
      .from(bookings)
      .innerJoin(introductions, eq(introductions.id, bookings.introductionId))
      .where(bookedAfterAnswer)
      .orderBy(toBook)
      .limit(limit)
      .offset(offset),
  );

  const toCall = millisBetween(bookings.startsAt, bookings.createdAt);
  const bookingCount = await counted(db().select({ n: count() }).from(bookings));
  const bookedToCall = await median(bookingCount, (limit, offset) => db().select({ ms: toCall }).from(bookings).orderBy(toCall).limit(limit).offset(offset));

  return {
    released,
    asked,
    accepted,
    booked,
    held,
    continuing,
    medianHours: { releasedToAsked, askedToAccepted, acceptedToBooked, bookedToCall },
  };
}
