import crypto from "node:crypto";
import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import { db, preparedRead, transaction } from "~/platform/db.server";
import { personById } from "~/features/auth/people.data.server";
import { availability, bookings, introductions, professionals, profiles, users, type MeetingKind, type Side } from "~/platform/schema";
import { isUniqueViolation } from "~/platform/sql-dialect.server";
import { enqueueJob } from "~/platform/jobs.server";
import { bookableSlots } from "~/domain/slots";
import type { AvailabilityValue } from "./availability-schema";


/**
 * First calls (one booked call per accepted introduction at a time). Who may see what is decided once,
 * in `introductionFor`: the introduction's client, or the account linked to its professional's entry,
 * and only while it is accepted. Booking rests on the partial unique index bookings(professional_id,
 * starts_at) where status = 'booked': two people racing for one slot cannot both have it.
 */

export type AvailabilityRow = typeof availability.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

export async function availabilityOf(professionalId: number): Promise<AvailabilityRow | undefined> {
  const [row] = await db().select().from(availability).where(eq(availability.professionalId, professionalId)).limit(1);
  return row;
}

export async function saveAvailability(professionalId: number, value: AvailabilityValue, now = new Date()): Promise<void> {
  const row = {
    timeZone: value.timeZone,
    meetingMinutes: value.meetingMinutes,
    weekly: value.weekly,
    videoLink: value.offersVideo ? value.videoLink : null,
    offersPhone: value.offersPhone,
    inPersonAddress: value.offersInPerson ? value.inPersonAddress : null,
    updatedAt: now,
  };
  await db()
    .insert(availability)
    .values({ professionalId, ...row })
    .onConflictDoUpdate({ target: availability.professionalId, set: row });
}

export function kindsOffered(row: Pick<AvailabilityRow, "videoLink" | "offersPhone" | "inPersonAddress">): MeetingKind[] {
  const kinds: MeetingKind[] = [];
  if (row.videoLink) kinds.push("video");
  if (row.offersPhone) kinds.push("phone");
  if (row.inPersonAddress) kinds.push("in-person");
  return kinds;
}

export type Person = { name: string; email: string; phone: string | null; timeZone: string | null };

export type CallContext = {
  introductionId: number;
  side: Side;
  professionalId: number;
  client: Person & { userId: string };
  professional: Person;
};

export type Parties = Omit<CallContext, "side" | "client"> & { status: string; client: (Person & { userId: string }) | null; proUserId: string | null; proDeleted: boolean };

/** Both people of an introduction, whatever its status (the client is null once their account is gone). */
export async function partiesOf(introductionId: number): Promise<Parties | null> {
  const [row] = await db()
    .select({
      id: introductions.id,
      status: introductions.status,
      clientUserId: introductions.clientUserId,
      professionalId: introductions.professionalId,
      proUserId: professionals.userId,
      proName: professionals.name,
      proEmail: professionals.email,
      proPhone: professionals.phone,
      proDeletedAt: professionals.deletedAt,
      proAccountEmail: users.email,
    })
    .from(introductions)
    .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
    .leftJoin(users, eq(users.id, professionals.userId))
    .where(eq(introductions.id, introductionId))
    .limit(1);
  if (!row) return null;
  const client = await personById(row.clientUserId);
  const hours = await availabilityOf(row.professionalId);
  return {
    introductionId: row.id,
    status: row.status,
    professionalId: row.professionalId,
    proUserId: row.proUserId,
    proDeleted: row.proDeletedAt !== null,
    client:
      row.clientUserId && client
        ? { userId: row.clientUserId, name: client.name, email: client.email, phone: null, timeZone: client.timeZone ?? null }
        : null,
    professional: { name: row.proName, email: row.proAccountEmail ?? row.proEmail, phone: row.proPhone, timeZone: hours?.timeZone ?? null },
  };
}

/**
 * The accepted introduction `introductionId` as `userId` sees it, or null when they are neither its
 * client nor its professional's linked account, or when it is not accepted (asked, withdrawn, ended).
 */
export async function introductionFor(userId: string, introductionId: number): Promise<CallContext | null> {
  const parties = await partiesOf(introductionId);
  if (!parties || parties.status !== "accepted" || !parties.client || parties.proDeleted) return null;
  const side: Side | null = parties.client.userId === userId ? "client" : parties.proUserId === userId ? "professional" : null;
  if (!side) return null;
  return { introductionId: parties.introductionId, side, professionalId: parties.professionalId, client: parties.client, professional: parties.professional };
}

export async function saveClientTimeZone(userId: string, timeZone: string): Promise<void> {
  await db().update(profiles).set({ timeZone }).where(eq(profiles.userId, userId));
}

/** The call booked for an introduction now, if any. */
export async function bookedCallOf(introductionId: number): Promise<BookingRow | undefined> {
  const [row] = await db()
    .select()
    .from(bookings)
    .where(and(eq(bookings.introductionId, introductionId), eq(bookings.status, "booked")))
    .limit(1);
  return row;
}

/** The professional's bookable slot starts now; a call being moved does not block its own neighbours. */
export async function openSlots(professionalId: number, now: Date, movingBookingId?: number): Promise<Date[]> {
  const hours = await availabilityOf(professionalId);
  if (!hours) return [];
  const busy = await db()
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.professionalId, professionalId),
        eq(bookings.status, "booked"),
        gt(bookings.endsAt, now),
        movingBookingId === undefined ? undefined : ne(bookings.id, movingBookingId),
      ),
    );
  return bookableSlots({ timeZone: hours.timeZone, meetingMinutes: hours.meetingMinutes, weekly: hours.weekly, booked: busy, now });
}

export type BookingRefusal = "taken" | "already-booked" | "no-call" | "kind-not-offered" | "not-available";

export const BOOKING_MESSAGES: Record<BookingRefusal, string> = {
  taken: "That time was just taken. Please choose another.",
  "already-booked": "A call is already booked for this introduction: reschedule or cancel it instead.",
  "no-call": "There is no booked call to change.",
  "kind-not-offered": "Choose one of the ways this professional offers to meet.",
  "not-available": "This professional has not set their availability yet.",
};

export type BookingResult = { ok: true; booking: BookingRow; previous?: BookingRow } | { ok: false; refusal: BookingRefusal };

const DAY = 86_400_000;

/** The outcome question a day after the call; a new time gives a new key, the old job sees a stale sequence. */
async function enqueueOutcome(booking: BookingRow): Promise<void> {
  await enqueueJob("call-outcome", `call-outcome:${booking.id}:${booking.sequence}`, new Date(booking.endsAt.getTime() + DAY), {
    bookingId: booking.id,
    sequence: booking.sequence,
  });
}

/** Runs a booking write; a slot another request took first (the unique index) is 'taken', never an error page. */
async function guarded(work: () => Promise<BookingResult>): Promise<BookingResult> {
  try {
    return await transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, refusal: "taken" };
    throw error;
  }
}

async function stillAccepted(introductionId: number): Promise<boolean> {
  const [row] = await db().select({ status: introductions.status }).from(introductions).where(eq(introductions.id, introductionId)).limit(1);
  return row?.status === "accepted";
}

export async function bookCall(ctx: CallContext, startsAt: Date, kind: MeetingKind, now = new Date()): Promise<BookingResult> {
  return guarded(async () => {
    if (!(await stillAccepted(ctx.introductionId))) return { ok: false, refusal: "not-available" };
    const hours = await availabilityOf(ctx.professionalId);
    if (!hours) return { ok: false, refusal: "not-available" };
    if (!kindsOffered(hours).includes(kind)) return { ok: false, refusal: "kind-not-offered" };
    if (await bookedCallOf(ctx.introductionId)) return { ok: false, refusal: "already-booked" };
    const slots = await openSlots(ctx.professionalId, now);
    if (!slots.some((s) => s.getTime() === startsAt.getTime())) return { ok: false, refusal: "taken" };
    const [booking] = await db()
      .insert(bookings)
      .values({
        introductionId: ctx.introductionId,
        professionalId: ctx.professionalId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + hours.meetingMinutes * 60_000),
        kind,
        status: "booked",
        uid: `${crypto.randomUUID()}@wealthmatch`,
        sequence: 0,
      })
      .returning();
    if (!booking) throw new Error("booking: insert returned no row");
    await enqueueOutcome(booking);
    return { ok: true, booking };
  });
}

/** Either side moves the booked call: the same row and UID, the sequence one higher. */
export async function rescheduleCall(ctx: CallContext, startsAt: Date, now = new Date()): Promise<BookingResult> {
  return guarded(async () => {
    const current = await bookedCallOf(ctx.introductionId);
    if (!current) return { ok: false, refusal: "no-call" };
    const hours = await availabilityOf(ctx.professionalId);
    if (!hours) return { ok: false, refusal: "not-available" };
    const slots = await openSlots(ctx.professionalId, now, current.id);
    if (!slots.some((s) => s.getTime() === startsAt.getTime())) return { ok: false, refusal: "taken" };
    const [booking] = await db()
      .update(bookings)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + hours.meetingMinutes * 60_000), sequence: current.sequence + 1 })
      .where(and(eq(bookings.id, current.id), eq(bookings.status, "booked"), eq(bookings.sequence, current.sequence)))
      .returning();
    if (!booking) return { ok: false, refusal: "taken" };
    await enqueueOutcome(booking);
    return { ok: true, booking, previous: current };
  });
}

/** Cancels the introduction's booked call (the sequence rises, so the CANCEL supersedes the invitation). */
export async function cancelCall(introductionId: number, by: Side, now = new Date()): Promise<BookingResult> {
  return guarded(async () => {
    const current = await bookedCallOf(introductionId);
    if (!current) return { ok: false, refusal: "no-call" };
    const [booking] = await db()
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: now, cancelledBy: by, sequence: current.sequence + 1 })
      .where(and(eq(bookings.id, current.id), eq(bookings.status, "booked")))
      .returning();
    return booking ? { ok: true, booking, previous: current } : { ok: false, refusal: "no-call" };
  });
}

export type UpcomingCall = {
  bookingId: number;
  introductionId: number;
  startsAt: string;
  endsAt: string;
  kind: MeetingKind;
  withName: string;
};

/** The client's booked calls still ahead, soonest first. */
export async function upcomingCallsOfClient(userId: string, now = new Date()): Promise<{ timeZone: string | null; calls: UpcomingCall[] }> {
  const [rows, [profile]] = await Promise.all([clientCallsAhead({ userId, now }), timeZoneOf({ userId })]);
  return { timeZone: profile?.timeZone ?? null, calls: rows.map(serialize) };
}

// Both read on every view of the client's home.
const clientCallsAhead = preparedRead((database) =>
  database
    .select({
      bookingId: bookings.id,
      introductionId: bookings.introductionId,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      kind: bookings.kind,
      withName: professionals.name,
    })
    .from(bookings)
    .innerJoin(introductions, eq(introductions.id, bookings.introductionId))
    .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
    .where(
      and(
        eq(introductions.clientUserId, sql.placeholder("userId")),
        eq(introductions.status, "accepted"),
        eq(bookings.status, "booked"),
        gt(bookings.endsAt, sql.placeholder("now")),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .prepare(),
);
const timeZoneOf = preparedRead((database) =>
  database.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.userId, sql.placeholder("userId"))).limit(1).prepare(),
);

/** The professional's booked calls still ahead, soonest first, in their availability's zone. */
export async function upcomingCallsOfProfessional(professionalId: number, now = new Date()): Promise<{ timeZone: string | null; calls: UpcomingCall[] }> {
  const rows = await db()
    .select({
      bookingId: bookings.id,
      introductionId: bookings.introductionId,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      kind: bookings.kind,
      withName: profiles.fullName,
      email: users.email,
    })
    .from(bookings)
    .innerJoin(introductions, eq(introductions.id, bookings.introductionId))
    .innerJoin(users, eq(users.id, introductions.clientUserId))
    .leftJoin(profiles, eq(profiles.userId, introductions.clientUserId))
    .where(and(eq(bookings.professionalId, professionalId), eq(introductions.status, "accepted"), eq(bookings.status, "booked"), gt(bookings.endsAt, now)))
    .orderBy(asc(bookings.startsAt));
  const hours = await availabilityOf(professionalId);
  return { timeZone: hours?.timeZone ?? null, calls: rows.map((r) => serialize({ ...r, withName: r.withName?.trim() || r.email })) };
}

const serialize = (r: { bookingId: number; introductionId: number; startsAt: Date; endsAt: Date; kind: MeetingKind; withName: string }): UpcomingCall => ({
  ...r,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
});
