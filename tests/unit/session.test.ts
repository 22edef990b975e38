import { describe, expect, it } from "vitest";
import { requestArgs } from "./helpers";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { sessions, users } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import {
  BROWSER_SESSION_MS,
  createSession,
  destroySession,
  getUser,
  pruneExpiredSessions,
  REMEMBER_ME_MS,
  revokeUserSessions,
} from "~/features/auth/session.server";
import { get, uniqueEmail } from "./support/auth-requests";

const cookieOf = (setCookie: string) => setCookie.split(";")[0] ?? "";

async function signedIn(role: "client" | "professional" = "client", remember = false) {
  const email = uniqueEmail("session");
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role, name: "Sam Session" });
  const setCookie = await createSession(requestArgs(get("/login")), userId, { remember });
  return { userId, email, setCookie, cookie: cookieOf(setCookie) };
}

describe("database sessions", () => {
  it("a fresh session gives the person with roles; the cookie is HttpOnly, SameSite=Lax, signed", async () => {
    const s = await signedIn("professional");
    expect(s.setCookie).toMatch(/HttpOnly/);
    expect(s.setCookie).toMatch(/SameSite=Lax/);
    expect(s.setCookie).not.toMatch(/Max-Age|Expires/); // browser-session cookie
    const user = await getUser(get("/", s.cookie));
    expect(user).toMatchObject({ id: s.userId, email: s.email, fullName: "Sam Session", roles: ["professional"], role: "professional" });
    // A forged or tampered cookie is nobody.
    const [name, value = ""] = s.cookie.split("=");
    expect(await getUser(get("/", `${name}=${value.slice(0, -3)}abc`))).toBeNull();
  });

  it("'Remember me' gives a 30-day cookie and row; otherwise the row is capped at 12 hours", async () => {
    const remembered = await signedIn("client", true);
    expect(remembered.setCookie).toMatch(new RegExp(`Max-Age=${REMEMBER_ME_MS / 1000}`));
    const rows = await db().select().from(sessions).where(eq(sessions.userId, remembered.userId));
    expect(rows[0]?.persistent).toBe(true);
    expect(Math.abs((rows[0]?.expiresAt.getTime() ?? 0) - Date.now() - REMEMBER_ME_MS)).toBeLessThan(5_000);

    const short = await signedIn("client", false);
    const row = (await db().select().from(sessions).where(eq(sessions.userId, short.userId)).limit(1))[0];
    expect(row?.persistent).toBe(false);
    expect(Math.abs((row?.expiresAt.getTime() ?? 0) - Date.now() - BROWSER_SESSION_MS)).toBeLessThan(5_000);
  });

  it("an expired row means signed out, and pruning removes it", async () => {
    const s = await signedIn();
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, s.userId));
    expect(await getUser(get("/", s.cookie))).toBeNull();
    await pruneExpiredSessions();
    expect(await db().select().from(sessions).where(eq(sessions.userId, s.userId))).toHaveLength(0);
  });

  it("revokeUserSessions ends every session of that person (or all but one)", async () => {
    const s = await signedIn();
    const second = cookieOf(await createSession(requestArgs(get("/login")), s.userId));
    const third = cookieOf(await createSession(requestArgs(get("/login")), s.userId));
    const keep = (await getUser(get("/", third)))?.sessionId;
    await revokeUserSessions(s.userId, keep);
    expect(await getUser(get("/", s.cookie))).toBeNull();
    expect(await getUser(get("/", second))).toBeNull();
    expect(await getUser(get("/", third))).not.toBeNull();
    await revokeUserSessions(s.userId);
    expect(await getUser(get("/", third))).toBeNull();
  });

  it("a role or password change by user:create ends that person's sessions", async () => {
    const s = await signedIn("client");
    await upsertAccount({ email: s.email, password: "Passw0rdX", role: "professional" });
    expect(await getUser(get("/", s.cookie))).toBeNull();
  });

  it("deleting an account deletes its sessions with it", async () => {
    const s = await signedIn();
    await db().delete(users).where(eq(users.id, s.userId));
    expect(await getUser(get("/", s.cookie))).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, s.userId))).toEqual([]);
  });

  it("a new sign-in gets a new id and retires the session the browser held", async () => {
    const s = await signedIn();
    const again = cookieOf(await createSession(requestArgs(get("/login", s.cookie)), s.userId));
    expect(again).not.toBe(s.cookie);
    expect(await getUser(get("/", s.cookie))).toBeNull();
    expect(await getUser(get("/", again))).not.toBeNull();
  });

  it("destroySession deletes the row (a copied cookie stops working) and clears the cookie", async () => {
    const s = await signedIn();
    const cleared = await destroySession(get("/", s.cookie));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await getUser(get("/", s.cookie))).toBeNull();
  });

  it("uses the Secure flag over https only", async () => {
    const email = uniqueEmail("secure");
    const { userId } = await upsertAccount({ email, password: "Passw0rdX", role: "client" });
    expect(await createSession(requestArgs(new Request("https://example.com/login")), userId)).toMatch(/; Secure/);
    expect(await createSession(requestArgs(new Request("http://localhost/login")), userId)).not.toMatch(/Secure/);
  });
});
