import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { getUser } from "~/features/auth/session.server";
import { action, loader } from "~/routes/admin.login";
import { action as siteLoginAction } from "~/routes/login";
import { call } from "./helpers";
import { cookieHeader, errorsOf, get, post, run, sessionCookieOf, uniqueEmail } from "./support/auth-requests";

const PASSWORD = "Passw0rdX";
const INVALID = "Invalid email or password. Please try again.";
const TOO_MANY = "Too many login attempts. Please try again in a few minutes.";
const NOT_ADMIN = "This account does not have access to the admin area.";

const adminLogin = (fields: Record<string, string>, init: { cookie?: string; ip?: string } = {}) =>
  run(() => call(action, post("/admin/login", fields, init)));
const openAdminLogin = (cookie?: string, url = "/admin/login") => run(() => call(loader, get(url, cookie)));

async function account(role: "client" | "professional" | "admin" | "user") {
  const email = uniqueEmail(`admin-login-${role}`);
  const { userId } = await upsertAccount({ email, password: PASSWORD, role });
  return { email, userId };
}

const failureOf = (body: unknown) => (body as { failure: { title: string; message: string } | null }).failure;
const replyOf = (body: unknown) => (body as { reply: unknown }).reply;
const audits = async (kind: "LOGIN_SUCCESS" | "LOGIN_FAILED" | "SUSPICIOUS_ACTIVITY", email: string) =>
  await db().select().from(auditEvents).where(and(eq(auditEvents.kind, kind), eq(auditEvents.email, email)));

describe("/admin/login action", () => {
  it("signs an admin in with a fresh session and the 'Login Successful' flash, and sends them to /admin", async () => {
    const { email, userId } = await account("admin");
    const out = await adminLogin({ email: email.toUpperCase(), password: PASSWORD });
    expect(out).toMatchObject({ kind: "redirect", status: 302, location: "/admin" });
    const session = sessionCookieOf(out.cookies);
    expect(session).toMatch(/HttpOnly; SameSite=Lax/);
    expect(out.cookies.some((c) => c.startsWith("wm_toast="))).toBe(true);
    expect((await getUser(get("/admin", cookieHeader(out.cookies))))?.id).toBe(userId);
    expect(await audits("LOGIN_SUCCESS", email)).toHaveLength(1);
  });

  it.each(["client", "professional", "user"] as const)(
    "gives a %s with the right password no session: 'Login Failed', a clear reason, a SUSPICIOUS_ACTIVITY record",
    async (role) => {
      const { email, userId } = await account(role);
      const out = await adminLogin({ email, password: PASSWORD });
      expect(out.kind).toBe("data");
      expect(out.status).toBe(403);
      expect(sessionCookieOf(out.cookies)).toBeUndefined();
      expect(out.cookies).toEqual([]);
      expect(failureOf(out.body)).toEqual({ title: "Login Failed", message: NOT_ADMIN });
      expect(errorsOf(replyOf(out.body))[""]).toEqual([NOT_ADMIN]);
      expect(JSON.stringify(out.body)).not.toContain(PASSWORD);
      const suspicious = await audits("SUSPICIOUS_ACTIVITY", email);
      expect(suspicious).toHaveLength(1);
      // The right password alone is no admin sign-in: nothing says it succeeded.
      expect(await audits("LOGIN_SUCCESS", email)).toEqual([]);
      expect(suspicious[0]).toMatchObject({ userId, detail: expect.stringMatching(/no admin role/) });
    },
  );

  it("answers a wrong password with 'Login Failed' and the mapped message, keeping the e-mail only", async () => {
    const { email } = await account("admin");
    const out = await adminLogin({ email, password: "Wrong-Passw0rd" });
    expect(out.status).toBe(400);
    expect(failureOf(out.body)).toEqual({ title: "Login Failed", message: INVALID });
    expect((replyOf(out.body) as { initialValue?: Record<string, unknown> }).initialValue?.email).toBe(email);
    expect(JSON.stringify(out.body)).not.toContain("Wrong-Passw0rd");
    expect(sessionCookieOf(out.cookies)).toBeUndefined();
    expect((await audits("LOGIN_FAILED", email))[0]?.detail).toMatch(/^admin sign-in/);
  });

  it("shows per-field messages for an incomplete form and checks nothing", async () => {
    const out = await adminLogin({ email: "not-an-email", password: "" });
    expect(out.status).toBe(400);
    expect(failureOf(out.body)).toBeNull();
    expect(errorsOf(replyOf(out.body))).toMatchObject({ email: ["Please enter a valid email address"], password: ["Password is required"] });
  });

  it("refuses the 6th attempt within 15 minutes with 'Too Many Attempts', even with the right password", async () => {
    const { email } = await account("admin");
    for (let i = 0; i < 5; i++) expect((await adminLogin({ email, password: `Wrong-${i}` })).status).toBe(400);
    const sixth = await adminLogin({ email, password: PASSWORD });
    expect(sixth.status).toBe(429);
    expect(failureOf(sixth.body)).toEqual({ title: "Too Many Attempts", message: TOO_MANY });
    expect(sessionCookieOf(sixth.cookies)).toBeUndefined();
    expect(await audits("SUSPICIOUS_ACTIVITY", email)).toHaveLength(1);
  });

  it("keeps its own attempt count: five failures at /login do not lock /admin/login", async () => {
    const { email } = await account("admin");
    for (let i = 0; i < 5; i++) {
      expect((await run(() => call(siteLoginAction, post("/login", { email, password: `Wrong-${i}` })))).status).toBe(400);
    }
    expect(await adminLogin({ email, password: PASSWORD })).toMatchObject({ kind: "redirect", location: "/admin" });
  });
});

describe("/admin/login loader", () => {
  it("shows the form to a signed-out visitor", async () => {
    expect(await openAdminLogin()).toMatchObject({ kind: "data", status: 200, body: { signedInAs: null } });
  });

  it("sends a signed-in admin straight to /admin", async () => {
    const { email } = await account("admin");
    const signed = await adminLogin({ email, password: PASSWORD });
    expect(await openAdminLogin(cookieHeader(signed.cookies))).toMatchObject({ kind: "redirect", location: "/admin" });
  });

  it("brings an admin back to the admin page that sent them here, and nowhere else", async () => {
    const { email } = await account("admin");
    const back = await adminLogin({ email, password: PASSWORD, redirectTo: "/admin/users?page=2" });
    expect(back).toMatchObject({ kind: "redirect", location: "/admin/users?page=2" });
    for (const elsewhere of ["/client-welcome", "https://evil.example/admin", "//evil.example/admin", "/admin/login"]) {
      const out = await adminLogin({ email, password: PASSWORD, redirectTo: elsewhere });
      expect(out, elsewhere).toMatchObject({ kind: "redirect", location: "/admin" });
    }
    const form = await openAdminLogin(undefined, "/admin/login?redirectTo=%2Fadmin%2Fsettings");
    expect(form).toMatchObject({ kind: "data", body: { redirectTo: "/admin/settings" } });
    expect(await openAdminLogin(undefined, "/admin/login?redirectTo=%2Flogin")).toMatchObject({ body: { redirectTo: null } });
  });

  it("shows the form to a signed-in client, saying who they are signed in as", async () => {
    const { email } = await account("client");
    const signed = await run(() => call(siteLoginAction, post("/login", { email, password: PASSWORD })));
    expect(await openAdminLogin(cookieHeader(signed.cookies))).toMatchObject({ kind: "data", body: { signedInAs: email } });
  });
});
