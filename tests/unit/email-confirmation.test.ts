import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db.server";
import { auditEvents, oneTimeTokens, professionals, users } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { insertAccount } from "~/features/auth/users.data.server";
import { createSession } from "~/features/auth/session.server";
import {
  checkConfirmationToken,
  confirmEmail,
  EMAIL_CONFIRMATION_TTL_MS,
  isEmailConfirmed,
  resendConfirmationLink,
  sendConfirmationLink,
} from "~/features/auth/email-confirmation.server";
import { getToast } from "~/platform/http/toast.server";
import { listUsers } from "~/features/admin/users/users.data.server";
import { LINK_MESSAGES } from "~/features/professional-home/dashboard.server";
import { action as confirmAction, loader as confirmLoader } from "~/routes/confirm-email";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/professional-dashboard";
import { loader as welcomeLoader } from "~/routes/client-welcome";
import { call, fromAddress, requestArgs } from "./helpers";
import { cookieHeader, decodeQuotedPrintable, get, post, run, uniqueEmail } from "./support/auth-requests";

const SECOND = 1000;

/** An account as the registration wizard makes it: no confirmed address. */
async function registered(role: "client" | "professional" = "client", email = uniqueEmail("confirm")) {
  const userId = await insertAccount(db(), { email, passwordHash: "x", fullName: "Casey Confirm", role });
  return { userId, email };
}

async function signedInCookie(userId: string) {
  return (await createSession(requestArgs(get("/login")), userId)).split(";")[0] ?? "";
}

function mailFiles(): string[] {
  const dir = config().mailDir;
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).sort() : [];
}

/** Every confirmation token mailed to `email`, oldest first. */
function tokensMailedTo(email: string): string[] {
  const found: string[] = [];
  for (const f of mailFiles()) {
    const text = decodeQuotedPrintable(fs.readFileSync(path.join(config().mailDir, f), "utf8"));
    if (!text.includes(`To: ${email}`)) continue;
    const m = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text);
    if (m?.[1]) found.push(m[1]);
  }
  return found;
}

/** Sends a link (as registration does) and returns its token once the mail is written. */
async function mailLink(account: { userId: string; email: string }, now = new Date()): Promise<string> {
  const before = tokensMailedTo(account.email).length;
  await (await sendConfirmationLink(requestArgs(get("/register")), { id: account.userId, email: account.email }, now)).delivery;
  return vi.waitFor(() => {
    const tokens = tokensMailedTo(account.email);
    if (tokens.length <= before) throw new Error("no new mail yet");
    return tokens[tokens.length - 1] ?? "";
  });
}

async function toastOf(cookies: string[]) {
  const { toast } = await getToast(new Request("http://localhost/", { headers: { Cookie: cookieHeader(cookies) } }));
  return toast;
}

const args = () => requestArgs(post("/confirm-email", {}));

describe("who counts as confirmed", () => {
  it("an account the operator made (user:create) is confirmed; one the wizard made is not", async () => {
    const { userId: operatorMade } = await upsertAccount({ email: uniqueEmail("op"), password: "Passw0rdX", role: "professional" });
    expect(await isEmailConfirmed(operatorMade)).toBe(true);
    const { userId } = await registered();
    expect(await isEmailConfirmed(userId)).toBe(false);
    expect(await isEmailConfirmed("no-such-user")).toBe(false);
  });

  it("the mail carries a 24-hour link to /confirm-email on this site, and only its hash is stored", async () => {
    const account = await registered();
    const token = await mailLink(account);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const row = (await db().select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, account.userId)).limit(1))[0];
    expect(row?.purpose).toBe("email-confirmation");
    expect(row?.tokenHash).not.toContain(token);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(EMAIL_CONFIRMATION_TTL_MS);
  });
});

describe("the confirmation link", () => {
  it("works at 24 hours minus a second and is refused at 24 hours", async () => {
    const sentAt = new Date("2026-01-10T09:00:00Z");
    const late = await registered();
    const lateToken = await mailLink(late, sentAt);
    const expiry = new Date(sentAt.getTime() + EMAIL_CONFIRMATION_TTL_MS);
    expect((await checkConfirmationToken(lateToken, new Date(expiry.getTime() - SECOND))).valid).toBe(true);
    expect((await checkConfirmationToken(lateToken, expiry)).valid).toBe(false);
    expect((await confirmEmail(args(), lateToken, expiry)).ok).toBe(false);
    expect(await isEmailConfirmed(late.userId)).toBe(false);

    const inTime = await registered();
    const token = await mailLink(inTime, sentAt);
    expect((await confirmEmail(args(), token, new Date(expiry.getTime() - SECOND))).ok).toBe(true);
    expect(await isEmailConfirmed(inTime.userId)).toBe(true);
  });

  it("is used once, then refused", async () => {
    const account = await registered();
    const token = await mailLink(account);
    expect(await confirmEmail(args(), token)).toEqual({ ok: true, userId: account.userId, email: account.email });
    expect((await confirmEmail(args(), token)).ok).toBe(false);
    expect((await checkConfirmationToken(token)).valid).toBe(false);
  });

  it("an older link is refused once a new one is sent; the new one works", async () => {
    const account = await registered();
    const older = await mailLink(account);
    const newer = await mailLink(account);
    expect((await checkConfirmationToken(older)).valid).toBe(false);
    expect((await confirmEmail(args(), older)).ok).toBe(false);
    expect((await confirmEmail(args(), newer)).ok).toBe(true);
  });

  it("is not a password reset link, and a reset link does not confirm", async () => {
    const account = await registered();
    const token = await mailLink(account);
    const { checkResetToken } = await import("~/features/auth/password-reset.server");
    expect((await checkResetToken(token)).valid).toBe(false);
    expect((await confirmEmail(args(), "not-a-token")).ok).toBe(false);
    expect((await confirmEmail(args(), "x".repeat(500))).ok).toBe(false);
  });
});

describe("/confirm-email", () => {
  it("opening the link (GET, as a mail scanner does) shows the button and confirms nothing", async () => {
    const account = await registered();
    const token = await mailLink(account);
    for (let i = 0; i < 2; i++) {
      const out = await run(() => call(confirmLoader, get(`/confirm-email?token=${token}`)));
      expect(out.status).toBe(200);
      expect(out.body).toMatchObject({ token });
    }
    expect(await isEmailConfirmed(account.userId)).toBe(false);
  });

  it("an unknown link answers 400 and offers a new link to the signed-in, unconfirmed person", async () => {
    const account = await registered();
    const cookie = await signedInCookie(account.userId);
    const out = await run(() => call(confirmLoader, get("/confirm-email?token=nope", cookie)));
    expect(out.status).toBe(400);
    expect(out.body).toMatchObject({ token: null, visitor: { signedIn: true, confirmed: false, home: "/client-welcome" } });
    const anonymous = await run(() => call(confirmLoader, get("/confirm-email")));
    expect(anonymous.body).toMatchObject({ token: null, visitor: { signedIn: false } });
  });

  it("'Confirm my email' confirms, audits and sends the signed-in person home with a message; the link then fails", async () => {
    const account = await registered();
    const cookie = await signedInCookie(account.userId);
    const token = await mailLink(account);
    const out = await run(() => call(confirmAction, post("/confirm-email", { intent: "confirm", token }, { cookie })));
    expect(out).toMatchObject({ kind: "redirect", location: "/client-welcome" });
    expect(await toastOf(out.cookies)).toMatchObject({ type: "success", title: "Email confirmed" });
    expect(await isEmailConfirmed(account.userId)).toBe(true);
    const events = await db().select().from(auditEvents).where(eq(auditEvents.userId, account.userId));
    expect(events.some((e) => e.detail === "email address confirmed with the link")).toBe(true);
    expect(JSON.stringify(events)).not.toContain(token);

    const again = await run(() => call(confirmAction, post("/confirm-email", { intent: "confirm", token }, { cookie })));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ linkInvalid: true, visitor: { signedIn: true, confirmed: true } });
  });

  it("signed in as someone else, the link confirms its own account and the message names that address", async () => {
    const account = await registered();
    const other = await upsertAccount({ email: uniqueEmail("other"), password: "Passw0rdX", role: "client" });
    const cookie = await signedInCookie(other.userId);
    const token = await mailLink(account);
    const out = await run(() => call(confirmAction, post("/confirm-email", { intent: "confirm", token }, { cookie })));
    expect(out).toMatchObject({ kind: "redirect", location: "/client-welcome" });
    expect((await toastOf(out.cookies))?.description).toBe(`Thank you: ${account.email} is confirmed.`);
    expect(await isEmailConfirmed(account.userId)).toBe(true);
  });

  it("someone not signed in is confirmed too and sent to sign in", async () => {
    const account = await registered();
    const token = await mailLink(account);
    const out = await run(() => call(confirmAction, post("/confirm-email", { intent: "confirm", token })));
    expect(out).toMatchObject({ kind: "redirect", location: "/login" });
    expect(await isEmailConfirmed(account.userId)).toBe(true);
  });
});

describe("Resend the link", () => {
  it("needs a signed-in person", async () => {
    const out = await run(() => call(confirmAction, post("/confirm-email", { intent: "resend" })));
    expect(out.kind).toBe("redirect");
    expect(out.location).toMatch(/^\/login/);
  });

  it("sends a new link (the older stops working) up to 3 an hour per account, then says when to try again", async () => {
    const account = await registered();
    const cookie = await signedInCookie(account.userId);
    const first = await mailLink(account);
    const resend = () =>
      run(() => call(confirmAction, post("/confirm-email", { intent: "resend", redirectTo: "/client-welcome" }, { cookie, ip: "198.51.100.7" })));
    for (let i = 1; i <= 3; i++) {
      const out = await resend();
      expect(out).toMatchObject({ kind: "redirect", location: "/client-welcome" });
      expect(await toastOf(out.cookies)).toMatchObject({ type: "success", title: "Link sent" });
      await vi.waitFor(() => expect(tokensMailedTo(account.email)).toHaveLength(1 + i), { timeout: 10_000 });
    }
    expect((await checkConfirmationToken(first)).valid).toBe(false);
    // A resent link greets the person by the name on the account, as the first one does.
    const resent = mailFiles()
      .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(config().mailDir, f), "utf8")))
      .filter((m) => m.includes(`To: ${account.email}`));
    expect(resent.filter((m) => m.includes("Hello Casey Confirm,"))).toHaveLength(3);
    const refused = await resend();
    expect(refused).toMatchObject({ kind: "redirect", location: "/client-welcome" });
    const toast = await toastOf(refused.cookies);
    expect(toast).toMatchObject({ type: "error", title: "No new link sent" });
    expect(toast?.description).toMatch(/try again in \d+ minutes?/);
    expect(tokensMailedTo(account.email)).toHaveLength(4);
    const newest = tokensMailedTo(account.email).at(-1) ?? "";
    expect((await checkConfirmationToken(newest)).valid).toBe(true);
    expect(
      await db().select().from(auditEvents).where(and(eq(auditEvents.kind, "SUSPICIOUS_ACTIVITY"), eq(auditEvents.email, account.email))),
    ).toHaveLength(1);
  });

  it("is bounded per client address too: 20 an hour, whatever the accounts", async () => {
    const now = new Date();
    const ip = "203.0.113.99";
    const from = () => requestArgs(fromAddress(post("/confirm-email", {}), ip));
    for (let i = 0; i < 20; i++) {
      const a = await registered();
      expect((await resendConfirmationLink(from(), { id: a.userId, email: a.email }, now)).status).toBe("sent");
    }
    const last = await registered();
    expect(await resendConfirmationLink(from(), { id: last.userId, email: last.email }, now)).toMatchObject({ status: "limited" });
    // Another address is not held back by it.
    expect((await resendConfirmationLink(requestArgs(fromAddress(post("/confirm-email", {}), "203.0.113.100")), { id: last.userId, email: last.email }, now)).status).toBe("sent");
  });

  it("a confirmed person gets nothing new", async () => {
    const { userId, email } = await upsertAccount({ email: uniqueEmail("done"), password: "Passw0rdX", role: "client" });
    expect((await resendConfirmationLink(args(), { id: userId, email })).status).toBe("already-confirmed");
    expect(tokensMailedTo(email)).toHaveLength(0);
  });
});

describe("the member homes", () => {
  it("tell whether the address is confirmed", async () => {
    const account = await registered();
    const cookie = await signedInCookie(account.userId);
    expect(await call(welcomeLoader, get("/client-welcome", cookie))).toMatchObject({ emailConfirmed: false, email: account.email });
    await confirmEmail(args(), await mailLink(account));
    expect(await call(welcomeLoader, get("/client-welcome", cookie))).toMatchObject({ emailConfirmed: true });
  });
});

describe("a professional links the directory entry with their address", () => {
  async function listEntry(email: string, userId: string | null = null) {
    const [entry] = await db()
      .insert(professionals)
      .values({ name: "Eleanor Whitfield", company: "Whitfield Partners", email, userId })
      .returning({ id: professionals.id });
    return entry?.id ?? 0;
  }
  const linkedTo = async (id: number) => (await db().select({ userId: professionals.userId }).from(professionals).where(eq(professionals.id, id)).limit(1))[0]?.userId;
  const link = (cookie: string) => run(() => call(dashboardAction, post("/professional-dashboard", { intent: "link" }, { cookie })));

  it("not before the address is confirmed; then it can, in any letter case, once, audited", async () => {
    const email = uniqueEmail("listed");
    const entry = await listEntry(email.toUpperCase());
    const account = await registered("professional", email);
    const cookie = await signedInCookie(account.userId);

    const early = await link(cookie);
    expect(await toastOf(early.cookies)).toMatchObject({ type: "error", description: LINK_MESSAGES.unconfirmed });
    expect(await linkedTo(entry)).toBeNull();
    const before = await run(() => call(dashboardLoader, get("/professional-dashboard", cookie)));
    expect(before.body).toMatchObject({ editable: false, emailConfirmed: false });

    await confirmEmail(args(), await mailLink(account));
    const out = await link(cookie);
    expect(out).toMatchObject({ kind: "redirect", location: "/professional-dashboard" });
    expect(await toastOf(out.cookies)).toMatchObject({ type: "success", description: LINK_MESSAGES.linked });
    expect(await linkedTo(entry)).toBe(account.userId);
    const after = await run(() => call(dashboardLoader, get("/professional-dashboard", cookie)));
    expect(after.body).toMatchObject({ editable: true, emailConfirmed: true });
    const events = await db().select().from(auditEvents).where(eq(auditEvents.userId, account.userId));
    expect(events.some((e) => e.detail?.includes(`linked directory entry #${entry}`))).toBe(true);

    const twice = await link(cookie);
    expect(await toastOf(twice.cookies)).toMatchObject({ description: LINK_MESSAGES.nothing });
  });

  it("never takes an entry linked to someone else, nor one with another address, nor for a client", async () => {
    const owner = await registered("professional");
    const email = uniqueEmail("taken");
    const entry = await listEntry(email, owner.userId);
    const { userId } = await upsertAccount({ email, password: "Passw0rdX", role: "professional" });
    await link(await signedInCookie(userId));
    expect(await linkedTo(entry)).toBe(owner.userId);

    const clientEmail = uniqueEmail("client");
    const clientEntry = await listEntry(clientEmail);
    const client = await upsertAccount({ email: clientEmail, password: "Passw0rdX", role: "client" });
    await link(await signedInCookie(client.userId));
    expect(await linkedTo(clientEntry)).toBeNull();
  });

  it("refuses an unknown intent with 400", async () => {
    const { userId } = await upsertAccount({ email: uniqueEmail("pro"), password: "Passw0rdX", role: "professional" });
    const cookie = await signedInCookie(userId);
    const out = await run(() => call(dashboardAction, post("/professional-dashboard", { intent: "verify" }, { cookie })));
    expect(out.status).toBe(400);
  });
});

describe("/admin/users", () => {
  it("shows who is confirmed", async () => {
    const confirmed = await upsertAccount({ email: uniqueEmail("listc"), password: "Passw0rdX", role: "client" });
    const pending = await registered();
    const { rows } = await listUsers(new URLSearchParams({ q: "@example.com" }));
    expect(rows.find((r) => r.userId === confirmed.userId)?.emailConfirmed).toBe(true);
    expect(rows.find((r) => r.userId === pending.userId)?.emailConfirmed).toBe(false);
    expect((await db().select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, pending.userId)).limit(1))[0]?.at).toBeNull();
  });
});
