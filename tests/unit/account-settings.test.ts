import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { db } from "~/platform/db.server";
import { auditEvents, oneTimeTokens, professionals, profiles, registrationAnswers, sessions, users } from "~/platform/schema";
import { registeredFirstName } from "~/features/registration/registration.data.server";
import { mailSettled } from "~/platform/mail.server";
import { verifyPassword } from "~/platform/password.server";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession, getUser } from "~/features/auth/session.server";
import { hasTwoFactor, stepAt } from "~/features/auth/two-factor.server";
import { confirmEmailChange, EMAIL_CHANGE_TTL_MS } from "~/features/account/email-change.server";
import { memberTime } from "~/features/account/member-time.server";
import { action as accountAction, loader as accountLoader } from "~/routes/account";
import { action as confirmAction, loader as confirmLoader } from "~/routes/account.confirm-email";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { call, getRequest, requestArgs } from "./helpers";
import { cookieHeader, errorsOf as resultErrors, get, mailsTo, post, run, sessionCookieOf, uniqueEmail } from "./support/auth-requests";

/** The field and form errors of one /account form's answer ({ intent, reply, shown }). */
const errorsOf = (body: unknown) => resultErrors((body as { reply: unknown }).reply);

const PASSWORD = "Passw0rdX";

async function member(role: "client" | "professional" = "client", tag = "acct") {
  const email = uniqueEmail(tag);
  const { userId } = await upsertAccount({ email, password: PASSWORD, role, name: "Olivia Grant" });
  const cookie = await sessionFor(userId);
  return { email, userId, cookie };
}

async function sessionFor(userId: string) {
  const setCookie = await createSession(requestArgs(getRequest("/login")), userId);
  return setCookie.split(";")[0] ?? "";
}

const account = (fields: Record<string, string>, cookie: string) => run(() => call(accountAction, post("/account", fields, { cookie })));
const emailOf = async (userId: string) => (await db().select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;
const changeTokens = async (userId: string) =>
  db().select().from(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, "email-change")));
const changeAudits = async (userId: string) =>
  (await db().select().from(auditEvents).where(and(eq(auditEvents.userId, userId), eq(auditEvents.kind, "ACCOUNT_CHANGE")))).map((e) => e.detail);
/** The link's token from the last mail to `address`. */
function tokenMailedTo(address: string): string {
  const mail = mailsTo(address).find((m) => m.includes("/account/confirm-email?token="));
  const token = mail?.match(/confirm-email\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no change link mailed to ${address}`);
  return token;
}
const signIn = (email: string, password = PASSWORD) => run(() => call(loginAction, post("/login", { email, password })));

describe("/account", () => {
  it("sends a signed-out visitor to sign in and back; shows a member their address and name", async () => {
    expect(await run(() => call(accountLoader, get("/account")))).toMatchObject({ kind: "redirect", location: "/login?redirectTo=%2Faccount" });
    expect(await account({ intent: "name", firstName: "A", lastName: "B" }, "")).toMatchObject({ kind: "redirect", location: "/login?redirectTo=%2Faccount" });
    const m = await member();
    const page = await run(() => call(accountLoader, get("/account", m.cookie)));
    expect(page.body).toMatchObject({ email: m.email, firstName: "Olivia", lastName: "Grant", home: "/client-welcome", twoFactor: { status: "off" } });
  });

  it("changes the name, and a professional's directory entry with it; bad input changes nothing", async () => {
    const m = await member("professional");
    await db().insert(professionals).values({ name: "Olivia Grant", email: m.email, userId: m.userId });
    await db().insert(registrationAnswers).values({ userId: m.userId, userType: "professional", answers: { firstName: "Olivia", lastName: "Grant", yearsExperience: "6-10" } });
    const bad = await account({ intent: "name", firstName: "", lastName: "Gr4nt" }, m.cookie);
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)).toMatchObject({ firstName: ["First name is required"], lastName: [expect.stringContaining("only contain letters")] });
    expect((await db().select().from(profiles).where(eq(profiles.userId, m.userId)))[0]?.fullName).toBe("Olivia Grant");

    expect(await account({ intent: "name", firstName: " Olivia Mae ", lastName: "Hart" }, m.cookie)).toMatchObject({ kind: "redirect", status: 303, location: "/account" });
    expect((await db().select().from(profiles).where(eq(profiles.userId, m.userId)))[0]?.fullName).toBe("Olivia Mae Hart");
    expect((await db().select().from(professionals).where(eq(professionals.userId, m.userId)))[0]?.name).toBe("Olivia Mae Hart");
    expect(await registeredFirstName(m.userId)).toBe("Olivia Mae");
    expect(await changeAudits(m.userId)).toContain("changed their name");
  });

  it("answers an unknown form with a 400 and changes nothing", async () => {
    const m = await member();
    expect((await account({ intent: "drop-tables" }, m.cookie)).status).toBe(400);
  });
});

describe("changing the e-mail address", () => {
  it("refuses a wrong password, a bad address and the same address: no link, no token", async () => {
    const m = await member();
    const newEmail = uniqueEmail("new");
    const wrong = await account({ intent: "email", newEmail, password: "Wrong1234" }, m.cookie);
    expect(wrong.status).toBe(400);
    expect(errorsOf(wrong.body)).toMatchObject({ password: ["That password is not correct."] });
    const bad = await account({ intent: "email", newEmail: "not-an-address", password: PASSWORD }, m.cookie);
    expect(errorsOf(bad.body)).toMatchObject({ newEmail: ["Please enter a valid email address"] });
    const same = await account({ intent: "email", newEmail: m.email.toUpperCase(), password: PASSWORD }, m.cookie);
    expect(errorsOf(same.body)).toMatchObject({ newEmail: ["That is already your email address."] });
    // The typed password never comes back to the page.
    expect(JSON.stringify(wrong.body)).not.toContain("Wrong1234");
    await mailSettled();
    expect(mailsTo(newEmail)).toEqual([]);
    expect(await changeTokens(m.userId)).toEqual([]);
    expect(await emailOf(m.userId)).toBe(m.email);
  });

  it("mails a link to the new address; the old one signs in until it is followed; then the new one does and the old is told", async () => {
    const m = await member("professional");
    await db().insert(professionals).values({ name: "Olivia Grant", email: m.email, userId: m.userId });
    const newEmail = uniqueEmail("moved");
    const asked = await account({ intent: "email", newEmail, password: PASSWORD }, m.cookie);
    expect(asked).toMatchObject({ kind: "redirect", status: 303, location: "/account" });
    await mailSettled();
    const token = tokenMailedTo(newEmail);
    const [stored] = await changeTokens(m.userId);
    expect(stored).toMatchObject({ newEmail, usedAt: null });
    expect(stored?.tokenHash).not.toContain(token);

    // Nothing changed yet: the old address signs in, the new one does not.
    expect(await emailOf(m.userId)).toBe(m.email);
    expect((await signIn(m.email)).kind).toBe("redirect");
    expect((await signIn(newEmail)).status).toBe(400);

    // Opening the link changes nothing; the button does.
    const page = await run(() => call(confirmLoader, get(`/account/confirm-email?token=${token}`)));
    expect(page.body).toMatchObject({ token, newEmail });
    expect(await emailOf(m.userId)).toBe(m.email);
    const done = await run(() => call(confirmAction, post("/account/confirm-email", { token })));
    expect(done).toMatchObject({ kind: "redirect", status: 303, location: "/login" });
    expect(await emailOf(m.userId)).toBe(newEmail);
    expect((await db().select().from(profiles).where(eq(profiles.userId, m.userId)))[0]?.email).toBe(newEmail);
    expect((await db().select().from(professionals).where(eq(professionals.userId, m.userId)))[0]?.email).toBe(newEmail);
    expect((await signIn(newEmail)).kind).toBe("redirect");
    expect((await signIn(m.email)).status).toBe(400);
    // Nothing waits any more.
    expect(((await run(() => call(accountLoader, get("/account", m.cookie)))).body as { pendingEmail: unknown }).pendingEmail).toBeNull();
    await mailSettled();
    const notice = mailsTo(m.email).find((mail) => mail.includes("Your WealthMatch email address was changed"));
    expect(notice).toContain(newEmail);
    expect(notice).toContain("If you did not make this change");

    // The link works once.
    const again = await run(() => call(confirmAction, post("/account/confirm-email", { token })));
    expect(again.status).toBe(400);
    expect((await run(() => call(confirmLoader, get(`/account/confirm-email?token=${token}`)))).status).toBe(400);
    expect(await changeAudits(m.userId)).toEqual(expect.arrayContaining([expect.stringContaining(`e-mail changed with the link (was ${m.email.toLowerCase()})`)]));
  });

  it("answers an address another account holds as it answers a free one, sends no link there but a notice, and changes nothing", async () => {
    const m = await member();
    const other = await member("client", "taken");
    const asked = await account({ intent: "email", newEmail: other.email.toUpperCase(), password: PASSWORD }, m.cookie);
    const free = await account({ intent: "email", newEmail: uniqueEmail("free"), password: PASSWORD }, m.cookie);
    expect(asked).toMatchObject({ kind: "redirect", status: 303, location: "/account" });
    expect(asked.status).toBe(free.status);
    await mailSettled();
    const mails = mailsTo(other.email);
    expect(mails.some((mail) => mail.includes("already belongs to a WealthMatch account"))).toBe(true);
    expect(mails.some((mail) => mail.includes("confirm-email?token="))).toBe(false);
    expect(await emailOf(m.userId)).toBe(m.email);
  });

  it("shows the change waiting on /account, for a taken address as for a free one", async () => {
    const m = await member();
    const other = await member("client", "held");
    const page = async () => (await run(() => call(accountLoader, get("/account", m.cookie)))).body as { pendingEmail: { newEmail: string; until: string } | null };
    expect((await page()).pendingEmail).toBeNull();
    const free = uniqueEmail("waiting");
    await account({ intent: "email", newEmail: free, password: PASSWORD }, m.cookie);
    const waiting = (await page()).pendingEmail;
    expect(waiting).toEqual({ newEmail: free, until: expect.stringMatching(/^\w+day, \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(UTC\)$/) });
    // Asking for an address another account holds looks the same (its token is never mailed, so nobody can use it).
    await account({ intent: "email", newEmail: other.email, password: PASSWORD }, m.cookie);
    expect((await page()).pendingEmail).toEqual({ newEmail: other.email, until: expect.any(String) });
    await mailSettled();
    expect(mailsTo(other.email).some((mail) => mail.includes("confirm-email?token="))).toBe(false);
  });

  it("sends the waiting link again (the older stops working), or cancels it; then nothing is waiting", async () => {
    const m = await member();
    expect(await account({ intent: "email-resend" }, m.cookie)).toMatchObject({ kind: "redirect", location: "/account" });
    const newEmail = uniqueEmail("again");
    await account({ intent: "email", newEmail, password: PASSWORD }, m.cookie);
    await mailSettled();
    const first = tokenMailedTo(newEmail);
    const again = await account({ intent: "email-resend" }, m.cookie);
    expect(again).toMatchObject({ kind: "redirect", status: 303, location: "/account" });
    await mailSettled();
    expect(mailsTo(newEmail).filter((mail) => mail.includes("/account/confirm-email?token="))).toHaveLength(2);
    const second = mailsTo(newEmail)
      .map((mail) => mail.match(/confirm-email\?token=([A-Za-z0-9_-]+)/)?.[1])
      .find((t) => t && t !== first);
    expect(second).toBeTruthy();
    expect((await run(() => call(confirmLoader, get(`/account/confirm-email?token=${first}`)))).status).toBe(400);
    expect((await run(() => call(confirmLoader, get(`/account/confirm-email?token=${second}`)))).status).toBe(200);

    const cancelled = await account({ intent: "email-cancel" }, m.cookie);
    expect(cancelled).toMatchObject({ kind: "redirect", status: 303, location: "/account" });
    expect(((await run(() => call(accountLoader, get("/account", m.cookie)))).body as { pendingEmail: unknown }).pendingEmail).toBeNull();
    expect((await run(() => call(confirmAction, post("/account/confirm-email", { token: second ?? "" })))).status).toBe(400);
    expect(await emailOf(m.userId)).toBe(m.email);
    expect(await changeAudits(m.userId)).toContain("cancelled a pending e-mail change; its link no longer works");
  });

  it("refuses a link whose address was taken meanwhile (any case), and an expired link", async () => {
    const m = await member();
    const newEmail = uniqueEmail("race");
    await account({ intent: "email", newEmail, password: PASSWORD }, m.cookie);
    await mailSettled();
    const token = tokenMailedTo(newEmail);
    await upsertAccount({ email: newEmail.toUpperCase(), password: PASSWORD, role: "client" });
    const taken = await run(() => call(confirmAction, post("/account/confirm-email", { token })));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ failed: expect.stringContaining("belongs to another account") });
    expect(await emailOf(m.userId)).toBe(m.email);

    const later = uniqueEmail("late");
    await account({ intent: "email", newEmail: later, password: PASSWORD }, m.cookie);
    await mailSettled();
    const late = tokenMailedTo(later);
    const expired = await confirmEmailChange(requestArgs(post("/account/confirm-email", { token: late })), late, new Date(Date.now() + EMAIL_CHANGE_TTL_MS));
    expect(expired).toEqual({ ok: false, reason: "invalid" });
    expect(await emailOf(m.userId)).toBe(m.email);
  });

  it("only the newest link works", async () => {
    const m = await member();
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    await account({ intent: "email", newEmail: first, password: PASSWORD }, m.cookie);
    await account({ intent: "email", newEmail: second, password: PASSWORD }, m.cookie);
    await mailSettled();
    expect((await run(() => call(confirmAction, post("/account/confirm-email", { token: tokenMailedTo(first) })))).status).toBe(400);
    expect(await emailOf(m.userId)).toBe(m.email);
    expect((await run(() => call(confirmAction, post("/account/confirm-email", { token: tokenMailedTo(second) })))).kind).toBe("redirect");
    expect(await emailOf(m.userId)).toBe(second);
  });
});

describe("changing the password", () => {
  it("refuses a wrong current password, a weak or mismatched new one: nothing changes", async () => {
    const m = await member();
    const wrong = await account({ intent: "password", currentPassword: "Nope12345", password: "N3wPassword", confirmPassword: "N3wPassword" }, m.cookie);
    expect(wrong.status).toBe(400);
    expect(errorsOf(wrong.body)).toMatchObject({ currentPassword: ["That password is not correct."] });
    const weak = await account({ intent: "password", currentPassword: PASSWORD, password: "short", confirmPassword: "short" }, m.cookie);
    expect(errorsOf(weak.body).password).toContain("Password must be at least 8 characters long");
    const mismatch = await account({ intent: "password", currentPassword: PASSWORD, password: "N3wPassword", confirmPassword: "N3wPasswordX" }, m.cookie);
    expect(errorsOf(mismatch.body)).toMatchObject({ confirmPassword: ["Passwords do not match"] });
    const [row] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, m.userId));
    expect(await verifyPassword(PASSWORD, row?.hash ?? "")).toBe(true);
    await mailSettled();
    expect(mailsTo(m.email)).toEqual([]);
  });

  it("sets the new password and ends every other session; this one stays", async () => {
    const m = await member();
    const other = await sessionFor(m.userId);
    const out = await account({ intent: "password", currentPassword: PASSWORD, password: "N3wPassword", confirmPassword: "N3wPassword" }, m.cookie);
    expect(out).toMatchObject({ kind: "redirect", status: 303, location: "/account" });
    expect(await getUser(get("/account", m.cookie))).toMatchObject({ id: m.userId });
    expect(await getUser(get("/account", other))).toBeNull();
    expect((await signIn(m.email, "N3wPassword")).kind).toBe("redirect");
    expect((await signIn(m.email, PASSWORD)).status).toBe(400);
    expect(await changeAudits(m.userId)).toContain("changed their password; every other session ended");
  });

  it("tells the account's address when, by name, and what to do if it was not them", async () => {
    const m = await member();
    await db().update(profiles).set({ timeZone: "Europe/Zurich" }).where(eq(profiles.userId, m.userId));
    const before = new Date();
    const out = await account({ intent: "password", currentPassword: PASSWORD, password: "N3wPassword", confirmPassword: "N3wPassword" }, m.cookie);
    expect(out.kind).toBe("redirect");
    await mailSettled();
    const mails = mailsTo(m.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] ?? "";
    expect(mail).toContain("Subject: Your WealthMatch password was changed");
    expect(mail).toContain("Hello Olivia Grant,");
    // When, in the member's zone (a minute boundary may fall between the two readings).
    expect([before, new Date()].some((at) => mail.includes(`was changed on ${memberTime(at, "Europe/Zurich")}.`))).toBe(true);
    expect(mail).toContain("If you did not, someone else may know your password");
    expect(mail).toContain("http://localhost/forgot-password");
    expect(mail).toContain("http://localhost/contact");
    // Never the password itself.
    expect(mail).not.toContain("N3wPassword");
  });

  it("says when in UTC until the member's zone is known", () => {
    expect(memberTime(new Date("2026-12-01T09:30:00Z"), null)).toBe("Tuesday, 1 December 2026 at 09:30 (UTC)");
    expect(memberTime(new Date("2026-12-01T09:30:00Z"), "America/New_York")).toBe("Tuesday, 1 December 2026 at 04:30 (America/New York)");
  });

  it("stops checking after five wrong current passwords", async () => {
    const m = await member();
    const wrong = () => account({ intent: "password", currentPassword: "Nope12345", password: "N3wPassword", confirmPassword: "N3wPassword" }, m.cookie);
    for (let i = 0; i < 5; i++) expect((await wrong()).status).toBe(400);
    expect((await wrong()).status).toBe(429);
    const right = await account({ intent: "password", currentPassword: PASSWORD, password: "N3wPassword", confirmPassword: "N3wPassword" }, m.cookie);
    expect(right.status).toBe(429);
  });
});

describe("signing out everywhere", () => {
  it("ends every session, this one included, and lands on sign-in", async () => {
    const m = await member();
    await sessionFor(m.userId);
    const out = await account({ intent: "sign-out-everywhere" }, m.cookie);
    expect(out).toMatchObject({ kind: "redirect", status: 303, location: "/login" });
    expect(await db().select().from(sessions).where(eq(sessions.userId, m.userId))).toEqual([]);
    expect(await getUser(get("/account", m.cookie))).toBeNull();
  });
});

describe("two-factor for a client", () => {
  it("turns on from /account, and the next sign-in at /login asks for the code before any session", async () => {
    const m = await member();
    expect(await account({ intent: "start" }, m.cookie)).toMatchObject({ kind: "redirect", location: "/account" });
    const page = (await run(() => call(accountLoader, get("/account", m.cookie)))).body as { twoFactor: { status: string; key: string } };
    expect(page.twoFactor.status).toBe("enrolling");
    const secret = page.twoFactor.key.replace(/\s/g, "");
    const code = (offset: number) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(stepAt(Date.now()) + offset), 6);
    const bad = await account({ intent: "confirm", code: "12" }, m.cookie);
    expect(bad.status).toBe(400);
    const on = await account({ intent: "confirm", code: code(-1) }, m.cookie);
    expect(on.body).toMatchObject({ intent: "confirm", shown: { reason: "enrolled" } });
    expect(await hasTwoFactor(m.userId)).toBe(true);
    expect(await changeAudits(m.userId)).toContain("turned on two-factor authentication (10 recovery codes issued)");

    const first = await signIn(m.email);
    expect(first).toMatchObject({ kind: "redirect", location: "/login" });
    expect(sessionCookieOf(first.cookies)).toBeUndefined();
    const pending = cookieHeader(first.cookies);
    expect((await run(() => call(loginLoader, get("/login", pending)))).body).toMatchObject({ codeStep: { email: m.email } });
    const wrong = await run(() => call(loginAction, post("/login", { intent: "code", code: "000000" }, { cookie: pending })));
    expect(wrong.status).toBe(400);
    const done = await run(() => call(loginAction, post("/login", { intent: "code", code: code(0) }, { cookie: pending })));
    expect(done).toMatchObject({ kind: "redirect", location: "/client-welcome" });
    expect(sessionCookieOf(done.cookies)).toBeDefined();
  });
});
