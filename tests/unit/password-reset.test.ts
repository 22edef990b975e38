import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { config } from "~/platform/config.server";
import { mailSettled } from "~/platform/mail.server";
import { db } from "~/platform/db.server";
import { auditEvents, oneTimeTokens, users } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { verifyPassword } from "~/platform/password.server";
import { createSession, getUser } from "~/features/auth/session.server";
import { verifySignIn } from "~/features/auth/sign-in.server";
import { checkResetToken, requestPasswordReset, RESET_TOKEN_TTL_MS } from "~/features/auth/password-reset.server";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as resetAction, loader as resetLoader } from "~/routes/reset-password";
import { call, requestArgs } from "./helpers";
import { decodeQuotedPrintable, errorsOf, get, post, run, uniqueEmail } from "./support/auth-requests";

const OLD = "Passw0rdX";
const NEW = "N3w-Passw0rd";

const forgot = (email: string) =>
  run(() => call(forgotAction, post("/forgot-password", { email })));
const openReset = (token: string) =>
  run(() => call(resetLoader, get(`/reset-password?token=${encodeURIComponent(token)}`)));
const reset = (fields: Record<string, string>) =>
  run(() => call(resetAction, post("/reset-password", fields)));

function mailFiles(): string[] {
  const dir = config().mailDir;
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).sort() : [];
}

/** Waits for the reset mail to `email` and returns the token of its link. */
async function tokenMailedTo(email: string): Promise<string> {
  return vi.waitFor(
    () => {
      for (const f of mailFiles()) {
        const text = fs.readFileSync(path.join(config().mailDir, f), "utf8");
        if (!text.includes(`To: ${email}`)) continue;
        const m = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(text));
        if (m?.[1]) return m[1];
      }
      throw new Error(`no mail to ${email} yet`);
    },
    { timeout: 10_000, interval: 20 },
  );
}

async function account() {
  const email = uniqueEmail("reset");
  const { userId } = await upsertAccount({ email, password: OLD, role: "client" });
  return { email, userId };
}

/** The whole text of the reset mail to `email`, once it is written. */
async function mailTo(email: string): Promise<string> {
  return vi.waitFor(
    () => {
      for (const f of mailFiles()) {
        const text = decodeQuotedPrintable(fs.readFileSync(path.join(config().mailDir, f), "utf8"));
        if (text.includes(`To: ${email}`)) return text;
      }
      throw new Error(`no mail to ${email} yet`);
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe("/forgot-password", () => {
  it("never puts a host named by the request's Host header into the mailed link", async () => {
    const { email } = await account();
    const request = new Request("http://evil.example/forgot-password", {
      method: "POST",
      body: new URLSearchParams({ email }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://evil.example" },
    });
    await run(() => call(forgotAction, request));
    const text = await mailTo(email);
    expect(text).not.toContain("evil.example");
    expect(text).toContain(`http://localhost:${config().port}/reset-password?token=`);
  });

  it("answers the same whether or not the address has an account, and mails only real accounts", async () => {
    const { email, userId } = await account();
    const before = mailFiles().length;
    const real = await forgot(email);
    const ghostEmail = uniqueEmail("ghost");
    const ghost = await forgot(ghostEmail);
    expect(real).toMatchObject({ kind: "data", status: 200, body: { sentTo: email } });
    expect(ghost).toMatchObject({ kind: "data", status: 200, body: { sentTo: ghostEmail } });
    const token = await tokenMailedTo(email);
    expect(mailFiles().length).toBe(before + 1);
    expect(mailFiles().at(-1)).toMatch(/^\d{13}-[0-9a-f]{12}\.eml$/);

    // Stored only as a hash, valid one hour, and never in the audit log.
    const row = (await db().select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, userId)).limit(1))[0];
    expect(row?.tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(row?.tokenHash).not.toContain(token);
    expect(Math.abs((row?.expiresAt.getTime() ?? 0) - Date.now() - RESET_TOKEN_TTL_MS)).toBeLessThan(5_000);
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.kind, "PASSWORD_RESET_REQUEST"));
    expect(audits.some((a) => a.userId === userId)).toBe(true);
    expect(audits.some((a) => a.email === ghostEmail)).toBe(true);
    expect(JSON.stringify(audits)).not.toContain(token);
  });

  it("has the reset mail, sent after the answer, written before the server stops", async () => {
    const { email } = await account();
    const before = mailFiles().length;
    await forgot(email);
    // What shutdown() waits for: no mail the person asked for is lost on a restart.
    await mailSettled();
    expect(mailFiles().length).toBe(before + 1);
  });

  it("re-shows the form with a message for a malformed address", async () => {
    const out = await forgot("not-an-email");
    expect(out.status).toBe(400);
    expect(errorsOf(out.body).email).toEqual(["Please enter a valid email address"]);
  });

  it("limits reset mails per address (5 an hour) without changing the answer", async () => {
    const { email } = await account();
    const now = new Date();
    const count = async () => (await db().select().from(oneTimeTokens)).length;
    const start = await count();
    for (let i = 0; i < 5; i++) await requestPasswordReset(requestArgs(get("/forgot-password")), email, now);
    expect(await count()).toBe(start + 5);
    const n = await count();
    expect(await forgot(email)).toMatchObject({ kind: "data", status: 200, body: { sentTo: email } });
    expect(await count()).toBe(n);
  });
});

describe("/reset-password", () => {
  it("uses the link once: new password set, old refused, every session of the person signed out", async () => {
    const { email, userId } = await account();
    const phone = await createSession(requestArgs(get("/login")), userId, { remember: true });
    const laptop = await createSession(requestArgs(get("/login")), userId);
    await forgot(email);
    const token = await tokenMailedTo(email);

    expect(await openReset(token)).toMatchObject({ kind: "data", status: 200, body: { token } });
    const done = await reset({ token, password: NEW, confirmPassword: NEW });
    expect(done).toMatchObject({ kind: "redirect", location: "/login" });
    expect(done.cookies.some((c) => c.startsWith("wm_toast="))).toBe(true);

    for (const c of [phone, laptop]) expect(await getUser(get("/", c.split(";")[0]))).toBeNull();
    expect((await verifySignIn(requestArgs(post("/login", { email, password: OLD }, { ip: "203.0.113.5" })), email, "site")).ok).toBe(false);
    expect((await verifySignIn(requestArgs(post("/login", { email, password: NEW }, { ip: "203.0.113.5" })), email, "site")).ok).toBe(true);

    // Second use of the same link: refused, and the password stays the new one.
    expect(await openReset(token)).toMatchObject({ kind: "data", status: 400, body: { token: null } });
    const again = await reset({ token, password: "Th1rd-Passw0rd", confirmPassword: "Th1rd-Passw0rd" });
    expect(again).toMatchObject({ kind: "data", status: 400, body: { linkInvalid: true } });
    expect(await checkResetToken(token)).toEqual({ valid: false });
  });

  it("refuses an expired link", async () => {
    const { email, userId } = await account();
    await forgot(email);
    const token = await tokenMailedTo(email);
    await db().update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(oneTimeTokens.userId, userId));
    expect(await openReset(token)).toMatchObject({ status: 400, body: { token: null } });
    expect(await reset({ token, password: NEW, confirmPassword: NEW })).toMatchObject({ status: 400, body: { linkInvalid: true } });
  });

  it("refuses an unknown token", async () => {
    expect(await openReset("made-up-token")).toMatchObject({ status: 400, body: { token: null } });
    expect(await reset({ token: "made-up-token", password: NEW, confirmPassword: NEW })).toMatchObject({ status: 400, body: { linkInvalid: true } });
  });

  it("keeps the link usable when the new password breaks the rules or the confirmation differs", async () => {
    const { email, userId } = await account();
    await forgot(email);
    const token = await tokenMailedTo(email);
    const weak = await reset({ token, password: "weak", confirmPassword: "weak" });
    expect(weak.status).toBe(400);
    expect(errorsOf(weak.body).password).toContain("Password must be at least 8 characters long");
    const mismatch = await reset({ token, password: NEW, confirmPassword: `${NEW}x` });
    expect(errorsOf(mismatch.body).confirmPassword).toEqual(["Passwords do not match"]);
    expect(JSON.stringify(mismatch.body)).not.toContain(NEW);
    expect(await checkResetToken(token)).toMatchObject({ valid: true, userId });
  });

  it("only the newest link works when several were asked for", async () => {
    const { email, userId } = await account();
    await requestPasswordReset(requestArgs(get("/forgot-password")), email);
    const open = async () =>
      (await db().select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, userId))).filter((t) => t.usedAt === null);
    expect(await open()).toHaveLength(1);
    await requestPasswordReset(requestArgs(get("/forgot-password")), email);
    expect(await open()).toHaveLength(1);
  });

  it("stores the new password's hash", async () => {
    const { email, userId } = await account();
    await forgot(email);
    const token = await tokenMailedTo(email);
    await reset({ token, password: NEW, confirmPassword: NEW });
    const row = (await db().select().from(users).where(eq(users.id, userId)).limit(1))[0];
    expect(await verifyPassword(NEW, row?.passwordHash ?? "")).toBe(true);
  });
});

describe("the reset page's headers", () => {
  it("keeps its own stricter policy: the token in the address must not travel in a Referer", async () => {
    const { applySecurityHeaders } = await import("~/platform/http/headers.server");
    const headers = new Headers({ "Referrer-Policy": "strict-origin" });
    applySecurityHeaders(headers, get("/reset-password?token=x"));
    expect(headers.get("Referrer-Policy")).toBe("strict-origin");
    const other = new Headers();
    applySecurityHeaders(other, get("/about"));
    expect(other.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});
