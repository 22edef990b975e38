import path from "node:path";
import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { db, transaction, type Tx } from "~/platform/db.server";
import { personById } from "~/features/auth/people.data.server";
import { containsText } from "~/platform/sql-dialect.server";
import {
  auditEvents,
  availability,
  bookings,
  introductions,
  messages,
  professionals,
  profiles,
  rateLimitHits,
  registrationAnswers,
  sessions,
  userRoles,
  users,
} from "~/platform/schema";
import { rolesOf } from "~/features/auth/users.data.server";
import { primaryRole } from "~/domain/roles";
import { introductionsOfPerson } from "~/features/introductions/introductions.data.server";
import { messagesOfPerson } from "~/features/introductions/introduction-page.data.server";
import { dropFromShortlists } from "~/features/matching/shortlists.data.server";
import { reproposeShortlist } from "~/features/registration/client-shortlist.server";
import { DELETED_PROFESSIONAL_NAME, DELETE_MESSAGES } from "./account-data-schema";

/* ------------------------------------------------------------------------------------------------
 * Export: everything the site holds about one person, as one JSON document.
 * ---------------------------------------------------------------------------------------------- */

export type AccountData = Awaited<ReturnType<typeof exportAccountData>>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Audit rows about a person: written with their account id, or with their address (failed sign-ins). */
const aboutPerson = (userId: string, email: string) =>
  or(eq(auditEvents.userId, userId), eq(auditEvents.email, email.toLowerCase()));

/**
 * The account, profile, roles, wizard answers, linked directory entry, sessions (never their ids)
 * and the audit events about the person; null when the account does not exist.
 */
export async function exportAccountData(userId: string, now = new Date(), { ownExport = false }: { ownExport?: boolean } = {}) {
  const [account] = await db()
    .select({ id: users.id, email: users.email, emailConfirmedAt: users.emailConfirmedAt, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return null;
  const [profile] = await db()
    .select({ fullName: profiles.fullName, email: profiles.email, createdAt: profiles.createdAt })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  const [answers] = await db()
    .select({ userType: registrationAnswers.userType, answers: registrationAnswers.answers, createdAt: registrationAnswers.createdAt })
    .from(registrationAnswers)
    .where(eq(registrationAnswers.userId, userId))
    .limit(1);
  const entries = await db()
    .select({
      id: professionals.id,
      name: professionals.name,
      title: professionals.title,
      company: professionals.company,
      email: professionals.email,
      phone: professionals.phone,
      location: professionals.location,
      bio: professionals.bio,
      experienceYears: professionals.experienceYears,
      experienceRange: professionals.experienceRange,
      specialties: professionals.specialties,
      certifications: professionals.certifications,
      profileImage: professionals.profileImage,
      verified: professionals.verified,
      verifiedAt: professionals.verifiedAt,
      featured: professionals.featured,
      createdAt: professionals.createdAt,
    })
    .from(professionals)
    .where(eq(professionals.userId, userId));
  const sessionRows = await db()
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, persistent: sessions.persistent, userAgent: sessions.userAgent, ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  const events = await db()
    .select({ kind: auditEvents.kind, createdAt: auditEvents.createdAt, ip: auditEvents.ip, detail: auditEvents.detail })
    .from(auditEvents)
    .where(aboutPerson(userId, account.email))
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
  return {
    exportedAt: now.toISOString(),
    account: { id: account.id, email: account.email, emailConfirmedAt: iso(account.emailConfirmedAt), createdAt: iso(account.createdAt) },
    profile: profile ? { fullName: profile.fullName, email: profile.email, createdAt: iso(profile.createdAt) } : null,
    roles: await rolesOf(userId),
    registrationAnswers: answers ? { userType: answers.userType, answers: answers.answers, createdAt: iso(answers.createdAt) } : null,
    professionalDirectoryEntries: entries.map((e) => ({ ...e, verifiedAt: iso(e.verifiedAt), createdAt: iso(e.createdAt) })),
    /** As the client: whom they asked to meet and how it went; as the professional: who asked them (while visible to them). */
    introductions: await introductionsOfPerson(userId),
    /**
     * The private messages of their introductions, both sides' words: only in the person's own export.
     * Admins read a message only once it is reported (/admin/reports), so their copy leaves them out.
     */
    messages: ownExport ? await messagesOfPerson(userId) : undefined,
    sessions: sessionRows.map((s) => ({ ...s, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    auditEvents: events.map((e) => ({ ...e, createdAt: iso(e.createdAt) })),
  };
}

/* ------------------------------------------------------------------------------------------------
 * Deletion.
 * ---------------------------------------------------------------------------------------------- */

export type DeleteBy = { kind: "owner" } | { kind: "admin"; adminId: string };
export type DeleteResult = { ok: true; uploads: string[]; images: string[]; notices: DeletionNotice[] } | { ok: false; message: string };

/** A stored image path that points into our uploads folder, as a file name inside it (never a path out). */
function uploadFileOf(image: string | null): string | null {
  if (!image) return null;
  const pathname = image.startsWith("/uploads/") ? image : (() => {
    try {
      return new URL(image).pathname.startsWith("/uploads/") ? new URL(image).pathname : null;
    } catch {
      return null;
    }
  })();
  if (!pathname) return null;
  const name = path.basename(decodeURIComponent(pathname));
  return name && name !== "." && name !== ".." ? name : null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Account ids are UUIDs: only an id that long is searched for inside texts (a short one, as test
 * fixtures use, would match unrelated words and numbers).
 */
const searchableId = (userId: string) => (userId.length >= 32 ? userId : null);

/** The person's address (any case) and account id inside a text, replaced. */
function withoutPerson(text: string, email: string, userId: string): string {
  const id = searchableId(userId);
  return text.replace(new RegExp(`${escapeRegExp(email)}${id ? `|${escapeRegExp(id)}` : ""}`, "gi"), "[deleted account]");
}

/** Who is told what once a deletion has committed (the e-mails go after the commit, never inside it). */
export type DeletionNotice =
  | { kind: "professional-left"; to: string; professionalName: string; introductionId: number; cancelledCalls: number }
  | { kind: "client-left"; to: string; introductionId: number; cancelledCalls: number };

/** What a deleted directory entry keeps: its id and dates; every field a person wrote or is known by is reset. */
const anonymousEntry = (id: number, now: Date) => ({
  name: DELETED_PROFESSIONAL_NAME,
  // The column is NOT NULL and unique (any case): an address that cannot exist, one per entry.
  email: `deleted-${id}@deleted.invalid`,
  title: null,
  company: null,
  phone: null,
  location: null,
  bio: null,
  profileImage: null,
  experienceYears: null,
  experienceRange: null,
  specialties: [],
  certifications: [],
  services: [],
  aumRange: null,
  clientProfiles: [],
  communication: [],
  countriesServed: [],
  feeModel: null,
  impactInvesting: false,
  languages: [],
  disciplinaryDisclosed: false,
  disciplinaryCleared: false,
  disciplinaryNote: null,
  feeMinimum: null,
  feeSchedule: null,
  pendingMatching: null,
  pendingMatchingAt: null,
  verified: false,
  featured: false,
  verifiedAt: null,
  verifiedBy: null,
  userId: null,
  deletedAt: now,
});

const OPEN: ("requested" | "accepted")[] = ["requested", "accepted"];

/**
 * The booked calls still ahead on these introductions. They are cancelled once the deletion has committed
 * (booking's cancelCallsOf: the CANCEL invitation takes them out of calendars); a call already held stays.
 */
async function callsAhead(tx: Tx, introductionIds: number[], now: Date): Promise<{ introductionId: number }[]> {
  if (introductionIds.length === 0) return [];
  return tx
    .select({ introductionId: bookings.introductionId })
    .from(bookings)
    .where(and(inArray(bookings.introductionId, introductionIds), eq(bookings.status, "booked"), gt(bookings.startsAt, now)));
}

/**
 * A professional's directory entry leaves the product: its open introductions end (each client told,
 * with the calls still to come cancelled), its own messages go, it leaves every shortlist (a proposed
 * one is proposed afresh for the admin), and its personal data is erased. Inside the caller's transaction.
 */
async function retireEntry(tx: Tx, entry: { id: number; name: string }, now: Date): Promise<DeletionNotice[]> {
  const open = await tx
    .select({ id: introductions.id, clientEmail: users.email })
    .from(introductions)
    .innerJoin(users, eq(users.id, introductions.clientUserId))
    .where(and(eq(introductions.professionalId, entry.id), inArray(introductions.status, OPEN)));
  const openIds = open.map((i) => i.id);
  const cancelled = await callsAhead(tx, openIds, now);
  if (openIds.length) {
    await tx
      .update(introductions)
      .set({ status: "ended", endedAt: now, endReason: "professional-deleted" })
      .where(inArray(introductions.id, openIds));
  }
  const all = (await tx.select({ id: introductions.id }).from(introductions).where(eq(introductions.professionalId, entry.id))).map((i) => i.id);
  if (all.length) await tx.delete(messages).where(and(inArray(messages.introductionId, all), eq(messages.sender, "professional")));
  await tx.delete(availability).where(eq(availability.professionalId, entry.id));
  await tx.update(professionals).set(anonymousEntry(entry.id, now)).where(eq(professionals.id, entry.id));

  // The entry is no longer verified, so a fresh proposal cannot bring it back.
  const { proposed } = await dropFromShortlists(entry.id);
  for (const clientUserId of proposed) await reproposeShortlist(clientUserId);

  return open.map((i) => ({
    kind: "professional-left" as const,
    to: i.clientEmail,
    professionalName: entry.name,
    introductionId: i.id,
    cancelledCalls: cancelled.filter((c) => c.introductionId === i.id).length,
  }));
}

/**
 * A client's introductions as the account goes: an open one ends (the professional keeps a line saying
 * the client deleted their account, and is told), the client's messages go while the professional's own
 * stay, calls still to come are cancelled; the others (declined, withdrawn, already ended) have nothing
 * left to show and go. The foreign key then sets client_user_id null on the rows kept.
 */
async function endClientIntroductions(tx: Tx, userId: string, now: Date): Promise<DeletionNotice[]> {
  const rows = await tx
    .select({
      id: introductions.id,
      status: introductions.status,
      entryEmail: professionals.email,
      accountEmail: users.email,
      entryDeleted: professionals.deletedAt,
    })
    .from(introductions)
    .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
    .leftJoin(users, eq(users.id, professionals.userId))
    .where(eq(introductions.clientUserId, userId));
  const open = rows.filter((r) => r.status === "requested" || r.status === "accepted");
  const closed = rows.filter((r) => !open.includes(r)).map((r) => r.id);
  if (closed.length) await tx.delete(introductions).where(inArray(introductions.id, closed));
  if (open.length === 0) return [];
  const openIds = open.map((r) => r.id);
  await tx.delete(messages).where(and(inArray(messages.introductionId, openIds), eq(messages.sender, "client")));
  const cancelled = await callsAhead(tx, openIds, now);
  await tx.update(introductions).set({ status: "ended", endedAt: now, endReason: "client-deleted" }).where(inArray(introductions.id, openIds));
  return open
    .filter((r) => r.entryDeleted === null)
    .map((r) => ({
      kind: "client-left" as const,
      to: r.accountEmail ?? r.entryEmail,
      introductionId: r.id,
      cancelledCalls: cancelled.filter((c) => c.introductionId === r.id).length,
    }));
}

/**
 * Deletes an account in one transaction: the user row (profile, roles, sessions, answers, shortlist and
 * reset tokens go with it by cascade), the person's introductions as a client (ended or removed), a
 * directory entry they held (anonymised: see retireEntry), rate-limit hits keyed by the address, and the
 * person's address and id in earlier audit rows (their details kept, the address inside them replaced).
 * One ACCOUNT_DELETION row records that it happened, naming no one. The last admin is never deleted; an
 * admin cannot delete themselves from the admin pages. Upload files and images are returned, to be
 * removed once the transaction has committed, with the notices to e-mail.
 */
export async function deleteAccount(userId: string, by: DeleteBy, now = new Date()): Promise<DeleteResult> {
  return transaction(async (tx): Promise<DeleteResult> => {
    const [account] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (!account) return { ok: false, message: DELETE_MESSAGES.notFound };
    if (by.kind === "admin" && by.adminId === userId) return { ok: false, message: DELETE_MESSAGES.self };
    const roles = await rolesOf(userId, tx);
    if (roles.includes("admin")) {
      const [admins] = await tx
        .select({ n: sql<number>`count(distinct ${userRoles.userId})`.mapWith(Number) })
        .from(userRoles)
        .where(eq(userRoles.role, "admin"));
      if ((admins?.n ?? 0) <= 1) return { ok: false, message: DELETE_MESSAGES.lastAdmin };
    }
    const email = account.email.toLowerCase();

    const entries = await tx
      .select({ id: professionals.id, name: professionals.name, profileImage: professionals.profileImage })
      .from(professionals)
      .where(eq(professionals.userId, userId));
    const uploads: string[] = [];
    const images: string[] = [];
    const notices: DeletionNotice[] = [];
    for (const entry of entries) {
      const file = uploadFileOf(entry.profileImage);
      if (file) uploads.push(file);
      if (entry.profileImage) images.push(entry.profileImage);
      notices.push(...(await retireEntry(tx, entry, now)));
    }
    notices.push(...(await endClientIntroductions(tx, userId, now)));

    // Earlier audit rows stay (what happened, when), but no longer say to whom.
    const earlier = await tx.select({ id: auditEvents.id, detail: auditEvents.detail }).from(auditEvents).where(aboutPerson(userId, email));
    for (const row of earlier) {
      await tx
        .update(auditEvents)
        .set({ userId: null, email: null, detail: row.detail ? withoutPerson(row.detail, email, userId) : null })
        .where(eq(auditEvents.id, row.id));
    }
    // Other rows that name the person in their words (e.g. an admin's role change or download for them).
    const id = searchableId(userId);
    const mentions = await tx
      .select({ id: auditEvents.id, detail: auditEvents.detail })
      .from(auditEvents)
      .where(id ? or(containsText(auditEvents.detail, email), containsText(auditEvents.detail, id)) : containsText(auditEvents.detail, email));
    for (const row of mentions) {
      if (row.detail) await tx.update(auditEvents).set({ detail: withoutPerson(row.detail, email, userId) }).where(eq(auditEvents.id, row.id));
    }
    await tx.delete(rateLimitHits).where(eq(rateLimitHits.key, email));

    await tx.delete(users).where(eq(users.id, userId));
    const what = [
      `an account with the role ${primaryRole(roles)} was deleted ${by.kind === "owner" ? "by its owner" : "by an admin"}`,
      entries.length ? `; ${entries.length} directory ${entries.length === 1 ? "entry was" : "entries were"} anonymised and taken off every shortlist` : "",
      notices.length ? `; ${notices.length} open ${notices.length === 1 ? "introduction" : "introductions"} ended` : "",
    ].join("");
    await tx.insert(auditEvents).values({ kind: "ACCOUNT_DELETION", userId: null, email: null, ip: null, detail: what });
    return { ok: true, uploads, images, notices };
  });
}

/** The person an admin is about to delete: id, e-mail and name. */
export async function personToDelete(userId: string) {
  return (await personById(userId)) ?? undefined;
}
