import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { getUser } from "~/features/auth/session.server";
import { action, loader } from "~/routes/login";
import { action as logoutAction, loader as logoutLoader } from "~/routes/logout";
import { call, formRequest } from "./helpers";
import { cookieHeader, errorsOf, get, post, run, sessionCookieOf, uniqueEmail } from "./support/auth-requests";

const PASSWORD = "Passw0rdX";

const login = (fields: Record<string, string>, init: { cookie?: string; ip?: string } = {}) =>
  run(() => call(action, post("/login", fields, init)));
const openLogin = (path = "/login", cookie?: string) =>
  run(() => call(loader, get(path, cookie)));
const logout = (cookie: string) =>
  run(() => call(logoutAction, post("/logout", {}, { cookie })));

async function account(role: "client" | "professional" | "admin" | "user") {
  const email = uniqueEmail(role);
  const { userId } = await upsertAccount({ email, password: PASSWORD, role });
  return { email, userId };
}

describe("/login action", () => {
  it.each([
    ["professional", "/professional-dashboard"],
    ["client", "/client-welcome"],
    ["user", "/client-welcome"],
    // The client welcome speaks to clients: an admin lands in the admin area (app/domain/roles.ts).
    ["admin", "/admin"],
  ] as const)("signs a %s in and sends them to %s with the success flash", async (role, home) => {
    const { email, userId } = await account(role);
    const out = await login({ email, password: PASSWORD });
    expect(out).toMatchObject({ kind: "redirect", status: 302, location: home });
    const session = sessionCookieOf(out.cookies);
    expect(session).toMatch(/HttpOnly; SameSite=Lax/);
    expect(session).not.toMatch(/Max-Age/);
    expect(out.cookies.some((c) => c.startsWith("wm_toast="))).toBe(true);
    const user = await getUser(get(home, cookieHeader(out.cookies)));
    expect(user?.id).toBe(userId);
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.kind, "LOGIN_SUCCESS"), eq(auditEvents.userId, userId)))).toHaveLength(1);
  });

  it("'Remember me' makes the cookie last 30 days", async () => {
    const { email } = await account("client");
    const out = await login({ email, password: PASSWORD, remember: "on" });
    expect(sessionCookieOf(out.cookies)).toMatch(/Max-Age=2592000/);
  });

  it("gives a wrong password and an unknown e-mail the same status and message, keeps the e-mail, drops the password", async () => {
    const { email } = await account("client");
    const wrong = await login({ email, password: "Wrong-Passw0rd" });
    const unknown = await login({ email: uniqueEmail("ghost"), password: "Wrong-Passw0rd" });
    for (const out of [wrong, unknown]) {
      expect(out.kind).toBe("data");
      expect(out.status).toBe(400);
      expect(errorsOf(out.body)[""]).toEqual(["Invalid email or password. Please try again."]);
      expect(sessionCookieOf(out.cookies)).toBeUndefined();
      expect(JSON.stringify(out.body)).not.toContain("Wrong-Passw0rd");
    }
    expect((wrong.body as { initialValue?: Record<string, unknown> }).initialValue?.email).toBe(email);
    const failed = await db().select().from(auditEvents).where(and(eq(auditEvents.kind, "LOGIN_FAILED"), eq(auditEvents.email, email)));
    expect(failed).toHaveLength(1);
    expect(failed[0]?.detail).toMatch(/wrong password/);
    expect(failed[0]?.detail).not.toContain("Wrong-Passw0rd");
  });

  it("shows field errors and touches nothing when the form is incomplete", async () => {
    const out = await login({ email: "not-an-email", password: "" });
    expect(out.status).toBe(400);
    expect(errorsOf(out.body)).toMatchObject({ email: ["Please enter a valid email address"], password: ["Password is required"] });
  });

  it("refuses the 6th attempt within 15 minutes even with the right password (429)", async () => {
    const { email } = await account("professional");
    for (let i = 0; i < 5; i++) expect((await login({ email, password: `Wrong-${i}` })).status).toBe(400);
    const sixth = await login({ email, password: PASSWORD });
    expect(sixth.kind).toBe("data");
    expect(sixth.status).toBe(429);
    expect(errorsOf(sixth.body)[""]).toEqual(["Too many login attempts. Please try again in a few minutes."]);
    expect(sessionCookieOf(sixth.cookies)).toBeUndefined();
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.kind, "SUSPICIOUS_ACTIVITY"), eq(auditEvents.email, email)))).toHaveLength(1);
  });

  it.each(["//evil.com", "https://evil.com/x", "/\\evil.com", "/\t/evil.com", "javascript:alert(1)"])(
    "ignores redirectTo=%j and lands on the role's home",
    async (redirectTo) => {
      const { email } = await account("client");
      const out = await login({ email, password: PASSWORD, redirectTo });
      expect(out).toMatchObject({ kind: "redirect", location: "/client-welcome" });
    },
  );

  it("honours a local redirectTo", async () => {
    const { email } = await account("client");
    const out = await login({ email, password: PASSWORD, redirectTo: "/blog?category=tax-planning" });
    expect(out).toMatchObject({ kind: "redirect", location: "/blog?category=tax-planning" });
  });
});

describe("/login loader", () => {
  it("shows the form to visitors and passes a safe redirectTo through", async () => {
    expect(await openLogin("/login?redirectTo=%2Fprofessional-dashboard")).toMatchObject({ kind: "data", body: { redirectTo: "/professional-dashboard" } });
    expect(await openLogin("/login?redirectTo=%2F%2Fevil.com")).toMatchObject({ kind: "data", body: { redirectTo: null } });
  });

  it("sends a signed-in person to their home", async () => {
    const { email } = await account("professional");
    const signed = await login({ email, password: PASSWORD });
    expect(await openLogin("/login", cookieHeader(signed.cookies))).toMatchObject({ kind: "redirect", location: "/professional-dashboard" });
  });
});

describe("/logout", () => {
  it("only a POST signs out; it deletes the session so the copied cookie is useless, clears it, audits LOGOUT", async () => {
    const { email, userId } = await account("client");
    const signed = await login({ email, password: PASSWORD });
    const cookie = cookieHeader(signed.cookies);

    const viaGet = await run(() => logoutLoader());
    expect(viaGet).toMatchObject({ kind: "redirect", location: "/" });
    expect(await getUser(get("/", cookie))).not.toBeNull();

    const out = await logout(cookie);
    expect(out).toMatchObject({ kind: "redirect", location: "/" });
    expect(sessionCookieOf(out.cookies)).toMatch(/Max-Age=0/);
    expect(out.cookies.some((c) => c.startsWith("wm_toast="))).toBe(true);
    expect(await getUser(get("/client-welcome", cookie))).toBeNull();
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.kind, "LOGOUT"), eq(auditEvents.userId, userId)))).toHaveLength(1);
  });

  it("refuses a sign-out posted from another site: 403, the session lives on, the attempt is recorded", async () => {
    const { email, userId } = await account("client");
    const cookie = cookieHeader((await login({ email, password: PASSWORD })).cookies);
    const crossSite: Record<string, string>[] = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }];
    for (const headers of crossSite) {
      const request = formRequest("/logout", {}, { cookie, headers });
      const out = await run(() => call(logoutAction, request));
      expect(out.status).toBe(403);
      expect(out.cookies).toEqual([]);
    }
    expect(await getUser(get("/client-welcome", cookie))).not.toBeNull();
    const refused = await db().select().from(auditEvents).where(and(eq(auditEvents.kind, "SUSPICIOUS_ACTIVITY"), eq(auditEvents.userId, userId)));
    expect(refused.map((e) => e.detail)).toEqual(["cross-site sign-out refused", "cross-site sign-out refused"]);
  });
});

describe("redirectTo with characters a header cannot carry", () => {
  it("is sent percent-encoded after sign-in, not turned into a server error", async () => {
    const { email } = await account("client");
    const out = await login({ email, password: PASSWORD, redirectTo: "/blog?q=caf\u00e9\u3000" });
    expect(out).toMatchObject({ kind: "redirect", location: "/blog?q=caf%C3%A9%E3%80%80" });
    expect(sessionCookieOf(out.cookies)).toBeTruthy();
  });
});
