import crypto from "node:crypto";
import { createCookie, redirect } from "react-router";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db.server";
import { profiles, sessions, userRoles, users, type Role } from "~/platform/schema";
import { clientIp, userAgent } from "~/http/client-address.server";

export const REMEMBER_ME_MS = 30 * 24 * 60 * 60_000;
// A browser-session cookie can outlive the window (session restore), so the server caps it too.
export const BROWSER_SESSION_MS = 12 * 60 * 60_000;

const cookies = new Map<boolean, ReturnType<typeof createCookie>>();
function sessionCookie(request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  let c = cookies.get(secure);
  if (!c) {
    c = createCookie("wm_session", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      secrets: [config().sessionSecret],
    });
    cookies.set(secure, c);
  }
  return c;
}

export type SessionUser = {
  id: string;
  email: string;
  fullName: string | null;
  roles: Role[];
  /** The role that decides where the person lands: admin > professional > client > user. */
  role: Role;
  sessionId: string;
};

const ROLE_ORDER: Role[] = ["admin", "professional", "client", "user"];
export function primaryRole(roles: readonly Role[]): Role {
  return ROLE_ORDER.find((r) => roles.includes(r)) ?? "user";
}

async function readSessionId(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[a-f0-9]{64}$/.test(value) ? value : null;
}

/** The signed-in person, or null. An expired or revoked session row means signed out. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const row = db()
    .select({ id: users.id, email: users.email, fullName: profiles.fullName })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .get();
  if (!row) return null;
  const roles = db()
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, row.id))
    .all()
    .map((r) => r.role);
  return { ...row, roles, role: primaryRole(roles), sessionId };
}

/** Starts a fresh session (a new id at every sign-in) and returns the Set-Cookie header value. */
export async function createSession(
  request: Request,
  userId: string,
  { remember = false }: { remember?: boolean } = {},
): Promise<string> {
  const id = crypto.randomBytes(32).toString("hex");
  const now = Date.now();
  const expiresAt = new Date(now + (remember ? REMEMBER_ME_MS : BROWSER_SESSION_MS));
  db()
    .insert(sessions)
    .values({
      id,
      userId,
      expiresAt,
      persistent: remember,
      userAgent: userAgent(request),
      ip: clientIp(request),
    })
    .run();
  // Drop the old session this browser held, if any: one browser, one live session.
  const previous = await readSessionId(request);
  if (previous) db().delete(sessions).where(eq(sessions.id, previous)).run();
  return sessionCookie(request).serialize(id, remember ? { maxAge: REMEMBER_ME_MS / 1000 } : {});
}

/** Ends the session of this request and returns a Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id) db().delete(sessions).where(eq(sessions.id, id)).run();
  return sessionCookie(request).serialize("", { maxAge: 0 });
}

/** Signs a person out everywhere (password reset, role change, deleted account), optionally sparing one session. */
export function revokeUserSessions(userId: string, exceptSessionId?: string) {
  // One statement, so a session created meanwhile cannot slip between a read and the deletes.
  db()
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId))
    .run();
}

export function pruneExpiredSessions(now = new Date()) {
  db().delete(sessions).where(lt(sessions.expiresAt, now)).run();
}

/** Where a person lands after signing in. */
export function homeFor(role: Role): string {
  if (role === "admin") return "/admin";
  return role === "professional" ? "/professional-dashboard" : "/client-welcome";
}

export async function redirectWithNewSession(
  request: Request,
  userId: string,
  to: string,
  opts: { remember?: boolean; headers?: HeadersInit } = {},
) {
  const headers = new Headers(opts.headers);
  headers.append("Set-Cookie", await createSession(request, userId, opts));
  return redirect(to, { headers });
}
