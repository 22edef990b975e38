import path from "node:path";
import { asc, eq, or, sql } from "drizzle-orm";
import { db, transaction } from "~/platform/db.server";
import { containsText } from "~/platform/sql-dialect.server";
import {
  auditEvents,
  introductions,
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
import { DELETE_MESSAGES } from "./account-data-schema";

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
export async function exportAccountData(userId: string, now = new Date()) {
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
    sessions: sessionRows.map((s) => ({ ...s, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    auditEvents: events.map((e) => ({ ...e, createdAt: iso(e.createdAt) })),
  };
}

/* ------------------------------------------------------------------------------------------------
 * Deletion.
 * ---------------------------------------------------------------------------------------------- */

export type DeleteBy = { kind: "owner" } | { kind: "admin"; adminId: string };
export type DeleteResult = { ok: true; uploads: string[] } | { ok: false; message: string };

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

/**
 * Deletes an account in one transaction: the user row (profile, roles, sessions, answers, shortlist,
 * the introductions they asked for and reset tokens go with it by cascade), the introductions made to
 * a directory entry they held, rate-limit hits keyed by the address, the link and the verification
 * of a directory entry the person held, and the person's address and id in earlier audit rows (their
 * details kept, the address inside them replaced). One ACCOUNT_DELETION row records that it happened,
 * naming no one. The last admin is never deleted; an admin cannot delete themselves from the admin
 * door. Upload files are returned, to be removed once the transaction has committed.
 */
export async function deleteAccount(userId: string, by: DeleteBy): Promise<DeleteResult> {
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
      .select({ id: professionals.id, profileImage: professionals.profileImage })
      .from(professionals)
      .where(eq(professionals.userId, userId));
    const uploads: string[] = [];
    for (const entry of entries) {
      const file = uploadFileOf(entry.profileImage);
      if (file) uploads.push(file);
      // The introductions made to the person's entry go with the account (the clients' ones by cascade below).
      await tx.delete(introductions).where(eq(introductions.professionalId, entry.id));
      await tx
        .update(professionals)
        .set({ userId: null, verified: false, verifiedAt: null, verifiedBy: null, ...(file ? { profileImage: null } : {}) })
        .where(eq(professionals.id, entry.id));
    }

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

    await tx.delete(introductions).where(eq(introductions.clientUserId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    const what = [
      `an account with the role ${primaryRole(roles)} was deleted ${by.kind === "owner" ? "by its owner" : "by an admin"}`,
      entries.length ? `; ${entries.length} directory ${entries.length === 1 ? "entry was" : "entries were"} unlinked and unverified` : "",
    ].join("");
    await tx.insert(auditEvents).values({ kind: "ACCOUNT_DELETION", userId: null, email: null, ip: null, detail: what });
    return { ok: true, uploads };
  });
}

/** The person an admin is about to delete: id, e-mail and name. */
export async function personToDelete(userId: string) {
  const [person] = await db()
    .select({ id: users.id, email: users.email, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return person;
}
