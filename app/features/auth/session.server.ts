import crypto from "node:crypto";
import { redirect } from "react-router";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { signedCookie } from "~/platform/http/cookies.server";
import { db, preparedRead } from "~/platform/db.server";
import type { Role } from "~/domain/vocabulary";
import { profiles, sessions, userRoles, users } from "~/platform/schema";
import { clientAddress, userAgent, type RequestArgs } from "~/platform/http/client-address.server";
import { primaryRole } from "~/domain/roles";

export const REMEMBER_ME_MS = 30 * 24 * 60 * 60_000;
// A browser-session cookie can outlive the window (session restore), so the server caps it too.
export const BROWSER_SESSION_MS = 12 * 60 * 60_000;

const sessionCookie = (request: Request) => signedCookie(request, "session");

export type SessionUser = {
  id: string;
  email: string;
  fullName: string | null;
  /** Whether the account's e-mail address is confirmed, read with the session (the member homes show it). */
  emailConfirmed: boolean;
  roles: Role[];
  /** The role that decides where the person lands: admin > professional > client > user. */
  role: Role;
  /** The zone they read times in (their profile's, under its current name), or null until they choose one. */
  timeZone: string | null;
  sessionId: string;
};


async function readSessionId(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[a-f0-9]{64}$/.test(value) ? value : null;
}

// One read per Request: the root loader, the page's loader and the helpers they call (requireUser, then
// getUser again) share it, as React Router hands them all the same Request (docs/decisions/050). Only
// reads: a post may end the session.
const readThisRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in person, or null. An expired or revoked session row means signed out. */
export function getUser(request: Request): Promise<SessionUser | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return readUser(request);
  let user = readThisRequest.get(request);
  if (!user) {
    user = readUser(request);
    readThisRequest.set(request, user);
  }
  return user;
}

// One statement, one row per role: the account and its roles come from the same snapshot, so a role
// change committing meanwhile is seen whole or not at all.
type SessionRow = { id: string; email: string; fullName: string | null; timeZone: string | null; confirmedAt: Date | null; role: Role | null };
const sessionRows = preparedRead<{ sessionId: string; now: Date }, SessionRow[]>((database) =>
  database
    .select({ id: users.id, email: users.email, fullName: profiles.fullName, timeZone: profiles.timeZone, confirmedAt: users.emailConfirmedAt, role: userRoles.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(sessions.id, sql.placeholder("sessionId")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare(),
);

async function readUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const rows = await sessionRows({ sessionId, now: new Date() });
  const first = rows[0];
  if (!first) return null;
  const roles = rows.flatMap((r) => (r.role === null ? [] : [r.role]));
  const { id, email, fullName, timeZone, confirmedAt } = first;
  return { id, email, fullName, emailConfirmed: confirmedAt !== null, roles, role: primaryRole(roles), timeZone, sessionId };
}

/** Starts a fresh session (a new id at every sign-in) and returns the Set-Cookie header value. */
export async function createSession(
  args: RequestArgs,
  userId: string,
  { remember = false }: { remember?: boolean } = {},
): Promise<string> {
  const { request } = args;
  const id = crypto.randomBytes(32).toString("hex");
  const now = Date.now();
  const expiresAt = new Date(now + (remember ? REMEMBER_ME_MS : BROWSER_SESSION_MS));
  await db()
    .insert(sessions)
    .values({
      id,
      userId,
      expiresAt,
      persistent: remember,
      userAgent: userAgent(request),
      ip: clientAddress(args),
    });
  // Drop the old session this browser held, if any: one browser, one live session.
  const previous = await readSessionId(request);
  if (previous) await db().delete(sessions).where(eq(sessions.id, previous));
  return sessionCookie(request).serialize(id, remember ? { maxAge: REMEMBER_ME_MS / 1000 } : {});
}

/** Ends the session of this request and returns a Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id) await db().delete(sessions).where(eq(sessions.id, id));
  return sessionCookie(request).serialize("", { maxAge: 0 });
}

/** Signs a person out everywhere (password reset, role change, deleted account), optionally sparing one session. */
export async function revokeUserSessions(userId: string, exceptSessionId?: string): Promise<void> {
  // One statement, so a session created meanwhile cannot slip between a read and the deletes.
  await db()
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
}

export async function pruneExpiredSessions(now = new Date()): Promise<void> {
  await db().delete(sessions).where(lt(sessions.expiresAt, now));
}

export async function redirectWithNewSession(
  args: RequestArgs,
  userId: string,
  to: string,
  opts: { remember?: boolean; headers?: HeadersInit } = {},
) {
  const headers = new Headers(opts.headers);
  headers.append("Set-Cookie", await createSession(args, userId, opts));
  return redirect(to, { headers });
}
