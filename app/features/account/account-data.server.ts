import fs from "node:fs/promises";
import path from "node:path";
import { asc, eq, or, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { db } from "~/platform/db.server";
import { config } from "~/platform/config.server";
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
import { audit } from "~/platform/audit.server";
import { LIMITS } from "~/platform/rate-limit.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast, toastHeaders } from "~/platform/http/toast.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { requireAdmin, requireUser } from "~/features/auth/permissions.server";
import { destroySession } from "~/features/auth/session.server";
import { auditAdminAction } from "~/platform/audit.server";
import { rolesOf } from "~/features/auth/users.server";
import { landingFor, primaryRole } from "~/domain/roles";
import { checkCurrentPassword } from "~/features/auth/current-password.server";
import { DELETE_ACCOUNT_MESSAGES, DeleteAccountSchema } from "./account-data-schema";
import { introductionsOfPerson } from "~/features/introductions/introductions.server";

/* ------------------------------------------------------------------------------------------------
 * Export: everything the site holds about one person, as one JSON document.
 * ---------------------------------------------------------------------------------------------- */

export type AccountData = ReturnType<typeof exportAccountData>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Audit rows about a person: written with their account id, or with their address (failed sign-ins). */
const aboutPerson = (userId: string, email: string) =>
  or(eq(auditEvents.userId, userId), eq(auditEvents.email, email.toLowerCase()));

/**
 * The account, profile, roles, wizard answers, linked directory entry, sessions (never their ids)
 * and the audit events about the person; null when the account does not exist.
 */
export function exportAccountData(userId: string, now = new Date()) {
  const account = db()
    .select({ id: users.id, email: users.email, emailConfirmedAt: users.emailConfirmedAt, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!account) return null;
  const profile = db().select({ fullName: profiles.fullName, email: profiles.email, createdAt: profiles.createdAt }).from(profiles).where(eq(profiles.userId, userId)).get();
  const answers = db()
    .select({ userType: registrationAnswers.userType, answers: registrationAnswers.answers, createdAt: registrationAnswers.createdAt })
    .from(registrationAnswers)
    .where(eq(registrationAnswers.userId, userId))
    .get();
  const entries = db()
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
    .where(eq(professionals.userId, userId))
    .all();
  const sessionRows = db()
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, persistent: sessions.persistent, userAgent: sessions.userAgent, ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt))
    .all();
  const events = db()
    .select({ kind: auditEvents.kind, createdAt: auditEvents.createdAt, ip: auditEvents.ip, detail: auditEvents.detail })
    .from(auditEvents)
    .where(aboutPerson(userId, account.email))
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id))
    .all();
  return {
    exportedAt: now.toISOString(),
    account: { id: account.id, email: account.email, emailConfirmedAt: iso(account.emailConfirmedAt), createdAt: iso(account.createdAt) },
    profile: profile ? { fullName: profile.fullName, email: profile.email, createdAt: iso(profile.createdAt) } : null,
    roles: rolesOf(userId),
    registrationAnswers: answers ? { userType: answers.userType, answers: answers.answers, createdAt: iso(answers.createdAt) } : null,
    professionalDirectoryEntries: entries.map((e) => ({ ...e, verifiedAt: iso(e.verifiedAt), createdAt: iso(e.createdAt) })),
    /** As the client: whom they asked to meet and how it went; as the professional: who asked them (while visible to them). */
    introductions: introductionsOfPerson(userId),
    sessions: sessionRows.map((s) => ({ ...s, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    auditEvents: events.map((e) => ({ ...e, createdAt: iso(e.createdAt) })),
  };
}

/** The export as a download: one JSON file, kept by no cache. */
export function accountDataResponse(exported: NonNullable<AccountData>): Response {
  const day = exported.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="wealthmatch-data-${day}.json"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** GET /account/data.json: the signed-in person's own data. */
export async function ownDataLoader({ request }: RequestArgs) {
  const user = await requireUser(request);
  const exported = exportAccountData(user.id);
  if (!exported) throw redirect("/login");
  return accountDataResponse(exported);
}

/** POST to a download: nothing to do, but only an admin learns even that. */
export async function adminDataAction(args: RequestArgs) {
  await requireAdmin(args);
  throw data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}

/** GET /admin/users/:id/data.json: an admin downloads anyone's data; recorded as an admin action. */
export async function adminDataLoader(args: RequestArgs, userId: string | undefined) {
  const admin = await requireAdmin(args);
  const exported = userId ? exportAccountData(userId) : null;
  if (!exported) throw data({ error: "Not found" }, { status: 404 });
  auditAdminAction(args, admin, `downloaded the data of the account ${exported.account.id}`);
  return accountDataResponse(exported);
}

/* ------------------------------------------------------------------------------------------------
 * Deletion.
 * ---------------------------------------------------------------------------------------------- */

export const DELETE_MESSAGES = {
  notFound: "This account no longer exists.",
  lastAdmin: "This is the last admin account: it cannot be deleted until another account is made an admin.",
  self: "You cannot delete your own account here. Use 'Delete my account' on your own page.",
  done: "Your account has been deleted.",
} as const;

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
export function deleteAccount(userId: string, by: DeleteBy): DeleteResult {
  return db().transaction(
    (tx) => {
      const account = tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).get();
      if (!account) return { ok: false as const, message: DELETE_MESSAGES.notFound };
      if (by.kind === "admin" && by.adminId === userId) return { ok: false as const, message: DELETE_MESSAGES.self };
      const roles = rolesOf(userId, tx);
      if (roles.includes("admin")) {
        const admins = tx.select({ n: sql<number>`count(distinct ${userRoles.userId})`.mapWith(Number) }).from(userRoles).where(eq(userRoles.role, "admin")).get()?.n ?? 0;
        if (admins <= 1) return { ok: false as const, message: DELETE_MESSAGES.lastAdmin };
      }
      const email = account.email.toLowerCase();

      const entries = tx.select({ id: professionals.id, profileImage: professionals.profileImage }).from(professionals).where(eq(professionals.userId, userId)).all();
      const uploads: string[] = [];
      for (const entry of entries) {
        const file = uploadFileOf(entry.profileImage);
        if (file) uploads.push(file);
        // The introductions made to the person's entry go with the account (the clients' ones by cascade below).
        tx.delete(introductions).where(eq(introductions.professionalId, entry.id)).run();
        tx.update(professionals)
          .set({ userId: null, verified: false, verifiedAt: null, verifiedBy: null, ...(file ? { profileImage: null } : {}) })
          .where(eq(professionals.id, entry.id))
          .run();
      }

      // Earlier audit rows stay (what happened, when), but no longer say to whom.
      const earlier = tx.select({ id: auditEvents.id, detail: auditEvents.detail }).from(auditEvents).where(aboutPerson(userId, email)).all();
      for (const row of earlier) {
        tx.update(auditEvents)
          .set({ userId: null, email: null, detail: row.detail ? withoutPerson(row.detail, email, userId) : null })
          .where(eq(auditEvents.id, row.id))
          .run();
      }
      // Other rows that name the person in their words (e.g. an admin's role change or download for them).
      const mentions = tx
        .select({ id: auditEvents.id, detail: auditEvents.detail })
        .from(auditEvents)
        .where(sql`instr(lower(${auditEvents.detail}), ${email}) > 0 or instr(${auditEvents.detail}, ${searchableId(userId) ?? email}) > 0`)
        .all();
      for (const row of mentions) {
        if (row.detail) tx.update(auditEvents).set({ detail: withoutPerson(row.detail, email, userId) }).where(eq(auditEvents.id, row.id)).run();
      }
      tx.delete(rateLimitHits).where(eq(rateLimitHits.key, email)).run();

      tx.delete(users).where(eq(users.id, userId)).run();
      const what = [
        `an account with the role ${primaryRole(roles)} was deleted ${by.kind === "owner" ? "by its owner" : "by an admin"}`,
        entries.length ? `; ${entries.length} directory ${entries.length === 1 ? "entry was" : "entries were"} unlinked and unverified` : "",
      ].join("");
      tx.insert(auditEvents).values({ kind: "ACCOUNT_DELETION", userId: null, email: null, ip: null, detail: what }).run();
      return { ok: true as const, uploads };
    },
    { behavior: "immediate" },
  );
}

/** Removes upload files after the deletion committed; a missing file is not an error. */
export async function removeUploads(files: string[]): Promise<void> {
  if (files.length === 0) return;
  const dir = config().uploadsDir;
  for (const file of files) {
    try {
      await fs.rm(path.join(dir, file), { force: true });
    } catch (error) {
      console.error("[account] could not remove an upload", error instanceof Error ? error.message : error);
    }
  }
}

/** GET /account/delete: the confirmation step, for the signed-in person. */
export async function deleteAccountLoader({ request }: RequestArgs) {
  const user = await requireUser(request);
  return { email: user.email, home: landingFor(user.role) };
}

/**
 * POST /account/delete: the password again, then the deletion, sign-out and home with a toast.
 * Wrong passwords count against the person's account (5 in 15 minutes), like sign-in failures.
 */
export async function deleteAccountAction(args: RequestArgs) {
  const { request } = args;
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: DeleteAccountSchema });
  const hide = { hideFields: ["password"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide) }, { status: 400 });

  const password = await checkCurrentPassword(LIMITS.accountDeletePassword, user.id, submission.value.password);
  if (password === "too_many") {
    audit({ kind: "SUSPICIOUS_ACTIVITY", from: args, userId: user.id, email: user.email, detail: "account deletion: too many wrong passwords" });
    return data({ result: submission.reply({ ...hide, formErrors: [DELETE_ACCOUNT_MESSAGES.tooMany] }) }, { status: 429 });
  }
  if (password === "wrong") {
    audit({ kind: "LOGIN_FAILED", from: args, userId: user.id, email: user.email, detail: "account deletion: wrong password" });
    return data({ result: submission.reply({ ...hide, fieldErrors: { password: [DELETE_ACCOUNT_MESSAGES.incorrect] } }) }, { status: 400 });
  }

  const result = deleteAccount(user.id, { kind: "owner" });
  if (!result.ok) return data({ result: submission.reply({ ...hide, formErrors: [result.message] }) }, { status: 409 });
  await removeUploads(result.uploads);
  const headers = await toastHeaders(request, { type: "success", title: "Account deleted", description: DELETE_MESSAGES.done });
  headers.append("Set-Cookie", await destroySession(request));
  return redirect("/", { headers });
}

/* ------------------------------------------------------------------------------------------------
 * The admin door: /admin/users/:id/delete.
 * ---------------------------------------------------------------------------------------------- */

export async function adminDeleteLoader(args: RequestArgs, userId: string | undefined) {
  const admin = await requireAdmin(args);
  const person = userId
    ? db().select({ id: users.id, email: users.email, fullName: profiles.fullName }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId)).get()
    : undefined;
  if (!person) throw data({ error: "Not found" }, { status: 404 });
  const roles = rolesOf(person.id);
  return { person: { ...person, role: primaryRole(roles) }, self: person.id === admin.id };
}

export async function adminDeleteAction(args: RequestArgs, userId: string | undefined) {
  const { request } = args;
  const admin = await requireAdmin(args);
  await readFormData(request);
  if (!userId) throw data({ error: "Not found" }, { status: 404 });
  const result = deleteAccount(userId, { kind: "admin", adminId: admin.id });
  if (!result.ok) {
    auditAdminAction(args, admin, `account deletion refused for ${userId}: ${result.message}`);
    return redirectWithToast(request, "/admin/users", { type: "error", title: "Error", description: result.message }, { status: 303 });
  }
  await removeUploads(result.uploads);
  auditAdminAction(args, admin, "deleted an account and everything it held; the person's details were removed from the audit log");
  return redirectWithToast(request, "/admin/users", { type: "success", title: "Success", description: "The account has been deleted." }, { status: 303 });
}
