import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { db } from "~/platform/db.server";
import { config, resetConfigForTests } from "~/platform/config.server";
import { isSealedWith, open, seal } from "~/platform/secret-box.server";
import { auditEvents, recoveryCodes, twoFactor } from "~/platform/schema";
import { getSettings, saveSettings } from "~/platform/settings.server";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession, getUser } from "~/features/auth/session.server";
import {
  acceptCode,
  confirmEnrolment,
  hasTwoFactor,
  matchingStep,
  removeTwoFactor,
  resealTwoFactorSecrets,
  startEnrolment,
  stepAt,
  TOTP_PERIOD_SECONDS,
} from "~/features/auth/two-factor.server";
import { pendingSignInCookie } from "~/features/auth/two-factor-sign-in.server";
import { action as adminLoginAction, loader as adminLoginLoader } from "~/routes/admin.login";
import { action as siteLoginAction } from "~/routes/login";
import { action as securityAction, loader as securityLoader } from "~/routes/admin.security";
import { loader as usersLoader } from "~/routes/admin.users";
import { call, getRequest, requestArgs } from "./helpers";
import { cookieHeader, errorsOf, get, post, run, sessionCookieOf, uniqueEmail } from "./support/auth-requests";

const PASSWORD = "Passw0rdX";
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/** The code an authenticator app shows `offset` steps from `nowMs`. */
function codeFor(secret: string, offset = 0, nowMs = Date.now()): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(stepAt(nowMs) + offset), 6);
}

async function admin(tag = "2fa") {
  const email = uniqueEmail(tag);
  const { userId } = await upsertAccount({ email, password: PASSWORD, role: "admin" });
  return { email, userId };
}

/** An admin with two-factor on (enrolled with the code of the previous step, so codes of now and later remain usable). */
async function enrolledAdmin(tag = "2fa-on") {
  const a = await admin(tag);
  const secret = await startEnrolment(a.userId);
  if (!secret) throw new Error("enrolment refused");
  const codes = await confirmEnrolment(a.userId, codeFor(secret, -1));
  if (!codes) throw new Error("enrolment not confirmed");
  return { ...a, secret, recoveryCodes: codes };
}

const adminLogin = (fields: Record<string, string>, init: { cookie?: string; ip?: string } = {}) =>
  run(() => call(adminLoginAction, post("/admin/login", fields, init)));
const failureOf = (body: unknown) => (body as { failure: { title: string; message: string } | null }).failure;
const audits = async (userId: string) => await db().select().from(auditEvents).where(eq(auditEvents.userId, userId));

describe("second-factor secrets at rest", () => {
  const storedSecret = async (userId: string) => (await db().select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1))[0]?.secret ?? "";
  const withKeys = async (env: { TWO_FACTOR_KEY?: string; TWO_FACTOR_PREVIOUS_KEY?: string }, work: () => Promise<void>) => {
    const before = { TWO_FACTOR_KEY: process.env.TWO_FACTOR_KEY, TWO_FACTOR_PREVIOUS_KEY: process.env.TWO_FACTOR_PREVIOUS_KEY };
    Object.assign(process.env, env);
    resetConfigForTests();
    try {
      await work();
    } finally {
      for (const [key, value] of Object.entries(before)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      resetConfigForTests();
    }
  };

  it("are encrypted: a copy of the database without the key holds no secret and cannot produce a code", async () => {
    const { userId, secret } = await enrolledAdmin("2fa-at-rest");
    const stored = await storedSecret(userId);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    // Another key (a thief's guess) opens nothing: the authenticated cipher refuses.
    const other = { current: Buffer.alloc(32, 7) };
    expect(() => open(stored.replace(/^v1\.[^.]+/, `v1.${stored.split(".")[1]}`), { current: other.current, previous: Buffer.alloc(32, 9) })).toThrow();
  });

  it("kept in plain text by an older version are encrypted at start-up, and their codes still work", async () => {
    const { userId, secret } = await enrolledAdmin("2fa-plain");
    await db().update(twoFactor).set({ secret }).where(eq(twoFactor.userId, userId));
    expect((await resealTwoFactorSecrets()).resealed).toBeGreaterThanOrEqual(1);
    const stored = await storedSecret(userId);
    expect(isSealedWith(stored, config().twoFactorKeys.current)).toBe(true);
    expect(await acceptCode(userId, codeFor(secret, 0))).toBe("totp");
    expect(await resealTwoFactorSecrets()).toEqual({ resealed: 0, unreadable: 0 });
  });

  it("move to a new key: with the old one as TWO_FACTOR_PREVIOUS_KEY codes keep working, re-encryption leaves nothing under it", async () => {
    const oldKey = "a".repeat(64);
    const newKey = "b".repeat(64);
    let userId = "";
    let secret = "";
    await withKeys({ TWO_FACTOR_KEY: oldKey }, async () => {
      ({ userId, secret } = await enrolledAdmin("2fa-rotate"));
      expect(isSealedWith(await storedSecret(userId), Buffer.from(oldKey, "hex"))).toBe(true);
    });
    await withKeys({ TWO_FACTOR_KEY: newKey, TWO_FACTOR_PREVIOUS_KEY: oldKey }, async () => {
      expect(await acceptCode(userId, codeFor(secret, 0))).toBe("totp");
      expect((await resealTwoFactorSecrets()).resealed).toBeGreaterThanOrEqual(1);
      expect(isSealedWith(await storedSecret(userId), Buffer.from(newKey, "hex"))).toBe(true);
    });
    await withKeys({ TWO_FACTOR_KEY: newKey }, async () => {
      expect(await acceptCode(userId, codeFor(secret, 1))).toBe("totp");
    });
    // Without the key it was sealed with, the secret cannot be read: the code is refused loudly, not accepted.
    await withKeys({ TWO_FACTOR_KEY: oldKey }, async () => {
      await expect(acceptCode(userId, codeFor(secret, 1))).rejects.toThrow(/neither TWO_FACTOR_KEY nor TWO_FACTOR_PREVIOUS_KEY/);
    });
    expect(seal("x", Buffer.from(newKey, "hex"))).not.toBe(seal("x", Buffer.from(newKey, "hex")));
  });
});

describe("TOTP codes at their boundaries", () => {
  const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
  const now = 1_800_000_000_000;

  it("accepts the current step and one step of clock drift either way, and refuses two steps away", () => {
    expect(matchingStep(secret, codeFor(secret, 0, now), now)).toBe(stepAt(now));
    expect(matchingStep(secret, codeFor(secret, -1, now), now)).toBe(stepAt(now) - 1);
    expect(matchingStep(secret, codeFor(secret, 1, now), now)).toBe(stepAt(now) + 1);
    expect(matchingStep(secret, codeFor(secret, -2, now), now)).toBeNull();
    expect(matchingStep(secret, codeFor(secret, 2, now), now)).toBeNull();
  });

  it("reads a code typed with a space, and refuses anything that is not six digits", () => {
    const code = codeFor(secret, 0, now);
    expect(matchingStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(stepAt(now));
    for (const bad of ["", "12345", "1234567", "abcdef", code.replace(/\d$/, "x")]) expect(matchingStep(secret, bad, now)).toBeNull();
  });

  it("refuses a code replayed, and an older code once a newer one was used", async () => {
    const { userId, secret: key } = await enrolledAdmin();
    const t = Date.now();
    const current = codeFor(key, 0, t);
    expect(await acceptCode(userId, current, t)).toBe("totp");
    expect(await acceptCode(userId, current, t)).toBeNull();
    expect(await acceptCode(userId, current, t + STEP_MS)).toBeNull();
    // The previous step's code is still inside the drift, but older than the one used: refused too.
    expect(await acceptCode(userId, codeFor(key, -1, t), t)).toBeNull();
    expect(await acceptCode(userId, codeFor(key, 1, t), t)).toBe("totp");
  });

  it("spends the enrolment code: it cannot then sign in", async () => {
    const { userId } = await admin();
    const secret = (await startEnrolment(userId)) ?? "";
    const t = Date.now();
    const code = codeFor(secret, 0, t);
    expect(await confirmEnrolment(userId, codeFor(secret, 2, t), t)).toBeNull();
    expect(await hasTwoFactor(userId)).toBe(false);
    expect(await confirmEnrolment(userId, code, t)).toHaveLength(10);
    expect(await acceptCode(userId, code, t)).toBeNull();
  });

  it("stores recovery codes hashed, accepts each once, in any case and with or without the dash", async () => {
    const { userId, recoveryCodes: codes } = await enrolledAdmin();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    const [first = "", second = ""] = codes;
    expect(await acceptCode(userId, first.toUpperCase())).toBe("recovery");
    expect(await acceptCode(userId, first)).toBeNull();
    expect(await acceptCode(userId, second.replace("-", ""))).toBe("recovery");
    expect(await acceptCode(userId, "aaaaa-bbbbb")).toBeNull();
  });

  it("refuses a second enrolment while one is on, and forgets everything once removed", async () => {
    const { userId } = await enrolledAdmin();
    expect(await startEnrolment(userId)).toBeNull();
    expect(await removeTwoFactor(userId)).toBe(true);
    expect(await hasTwoFactor(userId)).toBe(false);
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId))).toEqual([]);
  });
});

describe("/admin/login with two-factor", () => {
  it("answers the right password with the code step: no session until the code is accepted", async () => {
    const { email, userId, secret } = await enrolledAdmin();
    const first = await adminLogin({ email, password: PASSWORD, redirectTo: "/admin/users" });
    expect(first).toMatchObject({ kind: "redirect", location: "/admin/login" });
    expect(sessionCookieOf(first.cookies)).toBeUndefined();
    const pending = cookieHeader(first.cookies);
    expect(pending).toMatch(/^wm_2fa=/);
    expect((await audits(userId)).filter((e) => e.kind === "LOGIN_SUCCESS")).toEqual([]);

    const page = await run(() => call(adminLoginLoader, get("/admin/login", pending)));
    expect(page.body).toMatchObject({ codeStep: { email } });

    const wrong = await adminLogin({ intent: "code", code: "000000" }, { cookie: pending });
    expect(wrong.status).toBe(400);
    expect(failureOf(wrong.body)).toEqual({ title: "Invalid Code", message: expect.stringMatching(/^That code is not valid/) });
    expect(sessionCookieOf(wrong.cookies)).toBeUndefined();

    const right = await adminLogin({ intent: "code", code: codeFor(secret, 0) }, { cookie: pending });
    expect(right).toMatchObject({ kind: "redirect", location: "/admin/users" });
    const session = sessionCookieOf(right.cookies);
    expect(session).toBeDefined();
    expect(right.cookies.some((c) => /^wm_2fa=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);
    expect((await getUser(get("/admin", cookieHeader(right.cookies))))?.id).toBe(userId);
    const kinds = (await audits(userId)).map((e) => `${e.kind}: ${e.detail}`);
    expect(kinds).toContain("LOGIN_SUCCESS: admin sign-in with a two-factor code");
    expect(kinds).toContain("LOGIN_FAILED: admin sign-in: wrong two-factor code");
  });

  it("accepts a recovery code once, and says how many are left", async () => {
    const { email, recoveryCodes: codes } = await enrolledAdmin();
    const code = codes[3] ?? "";
    const pending = cookieHeader((await adminLogin({ email, password: PASSWORD })).cookies);
    const used = await adminLogin({ intent: "code", code }, { cookie: pending });
    expect(used).toMatchObject({ kind: "redirect", location: "/admin" });
    const again = cookieHeader((await adminLogin({ email, password: PASSWORD })).cookies);
    const refused = await adminLogin({ intent: "code", code }, { cookie: again });
    expect(refused.status).toBe(400);
    expect(sessionCookieOf(refused.cookies)).toBeUndefined();
  });

  it("refuses a forged, expired or missing code step", async () => {
    const { userId, secret } = await enrolledAdmin();
    const forged = "wm_2fa=eyJ1c2VySWQiOiJ4In0%3D.bad";
    const expiredSetCookie = await pendingSignInCookie(getRequest("/admin/login"), userId, "/admin", false, Date.now() - 11 * 60_000);
    for (const cookie of [undefined, forged, cookieHeader([expiredSetCookie])]) {
      const out = await adminLogin({ intent: "code", code: codeFor(secret, 0) }, { cookie });
      expect(out).toMatchObject({ kind: "redirect", location: "/admin/login" });
      expect(sessionCookieOf(out.cookies)).toBeUndefined();
    }
  });

  it("limits wrong codes like passwords: past 5 for the account, even the right code is refused", async () => {
    const { email, secret } = await enrolledAdmin();
    const pending = cookieHeader((await adminLogin({ email, password: PASSWORD })).cookies);
    for (let i = 0; i < 5; i++) {
      expect((await adminLogin({ intent: "code", code: `00000${i}` }, { cookie: pending, ip: `198.51.100.${i}` })).status).toBe(400);
    }
    const blocked = await adminLogin({ intent: "code", code: codeFor(secret, 0) }, { cookie: pending, ip: "198.51.100.9" });
    expect(blocked.status).toBe(429);
    expect(failureOf(blocked.body)).toEqual({ title: "Too Many Attempts", message: "Too many login attempts. Please try again in a few minutes." });
    expect(sessionCookieOf(blocked.cookies)).toBeUndefined();
  });

  it("limits wrong codes per address too (50 in 15 minutes across accounts)", async () => {
    const ip = "203.0.113.77";
    const accounts = await Promise.all(Array.from({ length: 11 }, () => enrolledAdmin("2fa-ip")));
    let n = 0;
    for (const a of accounts.slice(0, 10)) {
      const pending = cookieHeader((await adminLogin({ email: a.email, password: PASSWORD }, { ip })).cookies);
      for (let i = 0; i < 5; i++, n++) await adminLogin({ intent: "code", code: "111111" }, { cookie: pending, ip });
    }
    expect(n).toBe(50);
    const last = accounts[10];
    if (!last) throw new Error("no account");
    const pending = cookieHeader((await adminLogin({ email: last.email, password: PASSWORD }, { ip })).cookies);
    expect((await adminLogin({ intent: "code", code: codeFor(last.secret, 0) }, { cookie: pending, ip })).status).toBe(429);
  });

  it("sends an enrolled admin who signs in at /login to the code step instead of starting a session", async () => {
    const { email, secret } = await enrolledAdmin();
    const out = await run(() => call(siteLoginAction, post("/login", { email, password: PASSWORD, remember: "on" })));
    expect(out).toMatchObject({ kind: "redirect", location: "/admin/login" });
    expect(sessionCookieOf(out.cookies)).toBeUndefined();
    const done = await adminLogin({ intent: "code", code: codeFor(secret, 0) }, { cookie: cookieHeader(out.cookies) });
    expect(done).toMatchObject({ kind: "redirect", location: "/admin" });
    // 'Remember me' ticked at /login carries through the code step.
    expect(sessionCookieOf(done.cookies)).toMatch(/Max-Age=2592000/);
  });

  it("signs in an admin without two-factor with the password alone, as before", async () => {
    const { email } = await admin();
    const out = await adminLogin({ email, password: PASSWORD });
    expect(out).toMatchObject({ kind: "redirect", location: "/admin" });
    expect(sessionCookieOf(out.cookies)).toBeDefined();
  });
});

async function adminSession(userId: string) {
  const setCookie = await createSession(requestArgs(getRequest("/admin/login")), userId);
  return setCookie.split(";")[0] ?? "";
}

const security = (fields: Record<string, string>, cookie: string) => run(() => call(securityAction, post("/admin/security", fields, { cookie })));

describe("/admin/security", () => {
  it("enrols: a secret shown as a server-rendered QR code and as text, confirmed by a code, then ten recovery codes once", async () => {
    const { userId, email } = await admin();
    const cookie = await adminSession(userId);
    expect((await run(() => call(securityLoader, get("/admin/security", cookie)))).body).toMatchObject({ state: { status: "off" } });
    expect(await security({ intent: "start" }, cookie)).toMatchObject({ kind: "redirect", status: 303, location: "/admin/security" });
    const page = (await run(() => call(securityLoader, get("/admin/security", cookie)))).body as { state: { status: string; key: string; qrSvg: string } };
    expect(page.state.status).toBe("enrolling");
    expect(page.state.qrSvg).toMatch(/^<svg [^>]*viewBox/);
    expect(page.state.qrSvg).not.toMatch(/<script|on\w+=/i);
    const secret = page.state.key.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Kept encrypted: the stored value is not the key the page shows.
    const stored = (await db().select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1))[0]?.secret ?? "";
    expect(stored).not.toContain(secret);
    expect(open(stored, config().twoFactorKeys)).toBe(secret);

    const wrong = await security({ intent: "confirm", code: codeFor(secret, 3) }, cookie);
    expect(wrong.status).toBe(400);
    expect(errorsOf((wrong.body as { reply: unknown }).reply).code?.[0]).toMatch(/^That code does not match/);
    expect(await hasTwoFactor(userId)).toBe(false);

    const done = await security({ intent: "confirm", code: codeFor(secret, 0) }, cookie);
    expect(done.status).toBe(200);
    const shown = (done.body as { shown: { recoveryCodes: string[]; reason: string } }).shown;
    expect(shown.reason).toBe("enrolled");
    expect(shown.recoveryCodes).toHaveLength(10);
    expect(await hasTwoFactor(userId)).toBe(true);
    expect((await run(() => call(securityLoader, get("/admin/security", cookie)))).body).toMatchObject({
      state: { status: "on", recoveryCodesLeft: 10 },
    });
    const recorded = await db().select().from(auditEvents).where(and(eq(auditEvents.userId, userId), eq(auditEvents.kind, "ADMIN_ACTION")));
    expect(recorded.map((e) => e.detail)).toEqual(["turned on two-factor authentication (10 recovery codes issued)"]);
    expect(recorded[0]?.email).toBe(email);
  });

  it("regenerates recovery codes with a current code: the old ones stop working", async () => {
    const { userId, secret, recoveryCodes: old } = await enrolledAdmin();
    const cookie = await adminSession(userId);
    expect((await security({ intent: "regenerate", code: "123456" }, cookie)).status).toBe(400);
    const out = await security({ intent: "regenerate", code: codeFor(secret, 0) }, cookie);
    const fresh = (out.body as { shown: { recoveryCodes: string[] } }).shown.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(await acceptCode(userId, old[0] ?? "")).toBeNull();
    expect(await acceptCode(userId, fresh[0] ?? "")).toBe("recovery");
  });

  it("turns two-factor off only with the password and a current code", async () => {
    const { userId, secret } = await enrolledAdmin();
    const cookie = await adminSession(userId);
    const badPassword = await security({ intent: "disable", password: "Wrong-Passw0rd", code: codeFor(secret, 0) }, cookie);
    expect(errorsOf((badPassword.body as { reply: unknown }).reply).password).toEqual(["That password is not correct."]);
    const badCode = await security({ intent: "disable", password: PASSWORD, code: "000000" }, cookie);
    expect(errorsOf((badCode.body as { reply: unknown }).reply).code?.[0]).toMatch(/^That code is not valid/);
    expect(await hasTwoFactor(userId)).toBe(true);
    const off = await security({ intent: "disable", password: PASSWORD, code: codeFor(secret, 0) }, cookie);
    expect(off).toMatchObject({ kind: "redirect", location: "/admin/security" });
    expect(await hasTwoFactor(userId)).toBe(false);
    const details = (await audits(userId)).filter((e) => e.kind === "ADMIN_ACTION").map((e) => e.detail);
    expect(details).toContain("turned off two-factor authentication");
    expect(JSON.stringify(await audits(userId))).not.toContain(PASSWORD);
  });

  it("is for admins only", async () => {
    const email = uniqueEmail("2fa-client");
    const { userId } = await upsertAccount({ email, password: PASSWORD, role: "client" });
    const cookie = await adminSession(userId);
    expect(await run(() => call(securityLoader, get("/admin/security", cookie)))).toMatchObject({ kind: "redirect", location: "/admin/login?redirectTo=%2Fadmin%2Fsecurity" });
    expect((await security({ intent: "start" }, cookie)).status).toBe(403);
  });
});

describe("the mandatory two-factor setting", () => {
  it("is off on a fresh install", async () => {
    expect((await getSettings()).security.requireAdminTwoFactor).toBe(false);
  });

  it("when on, sends an admin without two-factor to /admin/security from other admin pages and forms, until enrolled", async () => {
    const { userId } = await admin();
    const cookie = await adminSession(userId);
    expect((await run(() => call(usersLoader, get("/admin/users", cookie)))).status).toBe(200);
    await saveSettings({ ...(await getSettings()), security: { requireAdminTwoFactor: true } });
    try {
      expect(await run(() => call(usersLoader, get("/admin/users", cookie)))).toMatchObject({ kind: "redirect", status: 302, location: "/admin/security" });
      expect(await run(() => call(securityAction, post("/admin/security", { intent: "start" }, { cookie })))).toMatchObject({ location: "/admin/security", status: 303 });
      const page = await run(() => call(securityLoader, get("/admin/security", cookie)));
      expect(page.body).toMatchObject({ required: true, state: { status: "enrolling" } });
      const secret = (page.body as { state: { key: string } }).state.key.replace(/\s/g, "");
      await security({ intent: "confirm", code: codeFor(secret, 0) }, cookie);
      expect((await run(() => call(usersLoader, get("/admin/users", cookie)))).status).toBe(200);
    } finally {
      await saveSettings({ ...(await getSettings()), security: { requireAdminTwoFactor: false } });
    }
  });
});

describe("the mandatory setting on /admin/settings", () => {
  it("is a checkbox: ticked turns it on, unticked off, and the change is audited", async () => {
    const { action: settingsAction } = await import("~/routes/admin.settings");
    const { userId } = await enrolledAdmin("2fa-settings");
    const cookie = await adminSession(userId);
    const save = async (ticked: boolean) => {
      const loaded = await getSettings();
      const fields: Record<string, string> = { baseline: JSON.stringify(loaded) };
      const flat = (value: unknown, prefix: string) => {
        if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) flat(v, prefix ? `${prefix}.${k}` : k);
        // An empty field posts "", as a browser's would (a figure's "as of" date may be unset).
        else if (typeof value !== "boolean") fields[prefix] = value === null ? "" : String(value);
      };
      flat(loaded, "");
      if (ticked) fields["security.requireAdminTwoFactor"] = "on";
      return run(() => call(settingsAction, post("/admin/settings", fields, { cookie })));
    };
    expect(await save(true)).toMatchObject({ kind: "redirect", status: 303 });
    expect((await getSettings()).security.requireAdminTwoFactor).toBe(true);
    expect(await save(false)).toMatchObject({ kind: "redirect", status: 303 });
    expect((await getSettings()).security.requireAdminTwoFactor).toBe(false);
    expect((await audits(userId)).map((e) => e.detail)).toContain("edited site settings: security.requireAdminTwoFactor");
  });
});
