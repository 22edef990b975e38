import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { isEmailConfirmed } from "~/features/auth/email-confirmation.server";
import { db, preparedRead, transaction, type DB, type Tx } from "~/platform/db.server";
import { personById } from "~/features/auth/people.data.server";
import { availability, bookings, introductions, professionals, profiles, users } from "~/platform/schema";

/**
 * The outcome of a first call ('Did the call take place?', 'Are you continuing together?'), asked of
 * each side once the call ended. Only the call's client and the account linked to its professional
 * (with a confirmed address) are parties; anyone else gets null and so a 404.
 */

export type Side = "client" | "professional";

export type CallOutcome = {
  bookingId: number;
  side: Side;
  startsAt: string;
  endsAt: string;
  kind: "video" | "phone" | "in-person";
  /** Who the call was with, as this side knows them. */
  otherName: string;
  /** The time zone the reader set (their profile's, or the professional's availability), for the call's time. */
  timeZone: string | null;
  ended: boolean;
  /** This side's answers; held is null until they answered. */
  held: boolean | null;
  continuing: boolean | null;
};

const partyColumns = {
  bookingId: bookings.id,
  status: bookings.status,
  sequence: bookings.sequence,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  kind: bookings.kind,
  clientHeld: bookings.clientHeld,
  professionalHeld: bookings.professionalHeld,
  clientContinuing: bookings.clientContinuing,
  professionalContinuing: bookings.professionalContinuing,
  clientUserId: introductions.clientUserId,
  professionalId: bookings.professionalId,
  professionalUserId: professionals.userId,
  professionalName: professionals.name,
  professionalEmail: professionals.email,
  professionalDeleted: professionals.deletedAt,
};

/** A booking with the two people behind it; null when there is none. */
export async function bookingParties(bookingId: number) {
  const [row] = await db()
    .select(partyColumns)
    .from(bookings)
    .innerJoin(introductions, eq(introductions.id, bookings.introductionId))
    .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row ?? null;
}

type Parties = NonNullable<Awaited<ReturnType<typeof bookingParties>>>;

async function sideOf(row: Parties, userId: string): Promise<Side | null> {
  if (row.clientUserId === userId) return "client";
  if (row.professionalUserId === userId && (await isEmailConfirmed(userId))) return "professional";
  return null;
}

async function clientName(userId: string | null): Promise<{ name: string; email: string | null; timeZone: string | null }> {
  if (!userId) return { name: "Your client", email: null, timeZone: null };
  const c = await personById(userId);
  return { name: c?.name || "Your client", email: c?.email ?? null, timeZone: c?.timeZone ?? null };
}

async function professionalTimeZone(userId: string | null, professionalId: number): Promise<string | null> {
  const [a] = await db().select({ timeZone: availability.timeZone }).from(availability).where(eq(availability.professionalId, professionalId)).limit(1);
  if (a?.timeZone) return a.timeZone;
  if (!userId) return null;
  const [p] = await db().select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return p?.timeZone ?? null;
}

/** The call for one of its two people while it stands (booked); null for anyone else or a cancelled call. */
export async function outcomeForPerson(userId: string, bookingId: number, now = new Date()): Promise<CallOutcome | null> {
  const row = await bookingParties(bookingId);
  if (!row || row.status !== "booked" || row.professionalDeleted) return null;
  const side = await sideOf(row, userId);
  if (!side) return null;
  const client = side === "professional" ? await clientName(row.clientUserId) : null;
  const timeZone =
    side === "client" ? (await clientName(row.clientUserId)).timeZone : await professionalTimeZone(row.professionalUserId, row.professionalId);
  return {
    bookingId: row.bookingId,
    side,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    kind: row.kind,
    otherName: side === "client" ? row.professionalName : (client?.name ?? "Your client"),
    timeZone,
    ended: row.endsAt.getTime() <= now.getTime(),
    held: side === "client" ? row.clientHeld : row.professionalHeld,
    continuing: side === "client" ? row.clientContinuing : row.professionalContinuing,
  };
}

export type SaveOutcome = { ok: true; side: Side } | { ok: false; reason: "not-found" | "too-early" };

/** Stores one side's answers (a second answer replaces the first). */
export async function saveOutcome(userId: string, bookingId: number, held: boolean, continuing: boolean | null, now = new Date()): Promise<SaveOutcome> {
  return transaction(async () => {
    const call = await outcomeForPerson(userId, bookingId, now);
    if (!call) return { ok: false, reason: "not-found" } as const;
    if (!call.ended) return { ok: false, reason: "too-early" } as const;
    await db()
      .update(bookings)
      .set(call.side === "client" ? { clientHeld: held, clientContinuing: continuing } : { professionalHeld: held, professionalContinuing: continuing })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, "booked")));
    return { ok: true, side: call.side } as const;
  });
}

export type PendingOutcome = { bookingId: number; startsAt: string; otherName: string };

const PENDING_SHOWN = 5;

/**
 * The ended calls a person has not answered yet, as the client or as the professional, newest first.
 * `professional: false` (the reader holds no professional role) spares the confirmation read.
 */
export async function pendingOutcomes(userId: string, { professional = true, now = new Date() }: { professional?: boolean; now?: Date } = {}): Promise<PendingOutcome[]> {
  const asProfessional = professional && (await isEmailConfirmed(userId));
  const rows = await (asProfessional ? pendingOnBothSides : pendingAsClient)({ userId, now });
  return rows.map((r) => ({
    bookingId: r.bookingId,
    startsAt: r.startsAt.toISOString(),
    otherName: r.clientUserId === userId ? r.professionalName : r.clientName?.trim() || r.clientEmail || "Your client",
  }));
}

const pendingQuery = (database: DB | Tx, asProfessional: boolean) =>
  database
    .select({
      bookingId: bookings.id,
      startsAt: bookings.startsAt,
      clientUserId: introductions.clientUserId,
      professionalName: professionals.name,
      clientName: profiles.fullName,
      clientEmail: users.email,
    })
    .from(bookings)
    .innerJoin(introductions, eq(introductions.id, bookings.introductionId))
    .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
    .leftJoin(users, eq(users.id, introductions.clientUserId))
    .leftJoin(profiles, eq(profiles.userId, introductions.clientUserId))
    .where(
      and(
        eq(bookings.status, "booked"),
        lte(bookings.endsAt, sql.placeholder("now")),
        isNull(professionals.deletedAt),
        or(
          and(eq(introductions.clientUserId, sql.placeholder("userId")), isNull(bookings.clientHeld)),
          asProfessional ? and(eq(professionals.userId, sql.placeholder("userId")), isNull(bookings.professionalHeld)) : undefined,
        ),
      ),
    )
    .orderBy(desc(bookings.startsAt))
    .limit(PENDING_SHOWN)
    .prepare();
// Read on every view of both homes.
const pendingAsClient = preparedRead((database) => pendingQuery(database, false));
const pendingOnBothSides = preparedRead((database) => pendingQuery(database, true));
