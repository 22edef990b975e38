import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { signInMessage, verifySignIn, type SignInArea } from "~/features/auth/sign-in.server";
import { configureHashPoolForTests } from "~/platform/password.server";
import { formRequest, fromAddress, requestArgs } from "./helpers";

let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${++n}-${Date.now()}@example.com`;
const PASSWORD = "Correct-Horse-9";

/** A sign-in form posted from `ip`, as the routes hand it to verifySignIn (the e-mail validated beside it). */
function attempt(ip: string, credentials: { email: string; password: string }, area: SignInArea) {
  const request = fromAddress(formRequest("/login", credentials), ip);
  return verifySignIn(requestArgs(request), credentials.email.trim().toLowerCase(), area);
}

describe("verifySignIn", () => {
  it("accepts the right password in any letter case of the e-mail and audits LOGIN_SUCCESS", async () => {
    const email = uniqueEmail("ok");
    const { userId } = await upsertAccount({ email, password: PASSWORD, role: "professional" });
    const result = await attempt("10.0.0.1", { email: email.toUpperCase(), password: PASSWORD }, "site");
    expect(result).toEqual({ ok: true, user: { id: userId, email, roles: ["professional"], role: "professional" }, secondFactor: false });
    const events = await db().select().from(auditEvents).where(and(eq(auditEvents.kind, "LOGIN_SUCCESS"), eq(auditEvents.userId, userId)));
    expect(events).toHaveLength(1);
    expect(events[0]?.ip).toBe("10.0.0.1");
  });

  it("answers a wrong password and an unknown e-mail alike, and never records the password", async () => {
    const email = uniqueEmail("wrong");
    await upsertAccount({ email, password: PASSWORD, role: "client" });
    const wrong = await attempt("10.0.0.2", { email, password: "Nope-Secret-1" }, "site");
    const unknown = await attempt("10.0.0.2", { email: uniqueEmail("ghost"), password: "Nope-Secret-1" }, "site");
    expect(wrong).toEqual({ ok: false, code: "invalid_credentials", message: "Invalid email or password. Please try again." });
    expect(unknown).toEqual(wrong);
    const failed = await db().select().from(auditEvents).where(eq(auditEvents.kind, "LOGIN_FAILED"));
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(failed)).not.toContain("Nope-Secret-1");
  });

  it("refuses the 6th attempt for an e-mail even with the right password, and audits the trip once", async () => {
    const email = uniqueEmail("limit");
    await upsertAccount({ email, password: PASSWORD, role: "client" });
    for (let i = 0; i < 5; i++) {
      expect((await attempt("10.0.0.3", { email, password: "Wrong-Pass-1" }, "site")).ok).toBe(false);
    }
    const sixth = await attempt("10.0.0.4", { email, password: PASSWORD }, "site");
    expect(sixth).toEqual({ ok: false, code: "too_many_requests", message: "Too many login attempts. Please try again in a few minutes." });
    await attempt("10.0.0.4", { email, password: PASSWORD }, "site");
    const trips = await db().select().from(auditEvents).where(and(eq(auditEvents.kind, "SUSPICIOUS_ACTIVITY"), eq(auditEvents.email, email)));
    expect(trips).toHaveLength(1);
    // The admin area counts separately.
    expect((await attempt("10.0.0.4", { email, password: PASSWORD }, "admin")).ok).toBe(true);
  });

  it("bounds failed attempts per address at 50 in the window, successes not counted", async () => {
    const email = uniqueEmail("office");
    await upsertAccount({ email, password: PASSWORD, role: "client" });
    for (let i = 0; i < 50; i++) {
      const r = await attempt("10.9.9.9", { email: uniqueEmail("typo"), password: "Wrong-Pass-1" }, "site");
      expect(r.ok).toBe(false);
    }
    const after = await attempt("10.9.9.9", { email, password: PASSWORD }, "site");
    expect(after.ok ? "ok" : after.code).toBe("too_many_requests");
    expect((await attempt("10.9.9.10", { email, password: PASSWORD }, "site")).ok).toBe(true);
  });

  it("holds the per-address bound when 70 wrong attempts arrive at once", async () => {
    // Room in the hashing queue for all of them: this is about the limiter, not the pool's bound.
    await configureHashPoolForTests({ maxQueue: 100 });
    const attempts = Array.from({ length: 70 }, () =>
      attempt("10.7.7.7", { email: uniqueEmail("spray"), password: "Wrong-Pass-1" }, "site"),
    );
    const codes = (await Promise.all(attempts)).map((r) => (r.ok ? "ok" : r.code));
    expect(codes.filter((c) => c === "invalid_credentials")).toHaveLength(50);
    expect(codes.filter((c) => c === "too_many_requests")).toHaveLength(20);
  });

  it("never counts a successful sign-in against the e-mail: six in a row all succeed", async () => {
    const email = uniqueEmail("devices");
    await upsertAccount({ email, password: PASSWORD, role: "client" });
    for (let i = 0; i < 6; i++) expect((await attempt(`10.6.6.${i}`, { email, password: PASSWORD }, "site")).ok).toBe(true);
    // Failures still count: five of them, and then the right password is refused.
    for (let i = 0; i < 5; i++) expect((await attempt("10.6.7.1", { email, password: "Wrong-Pass-1" }, "site")).ok).toBe(false);
    const refused = await attempt("10.6.7.2", { email, password: PASSWORD }, "site");
    expect(refused.ok ? "ok" : refused.code).toBe("too_many_requests");
  });

  it("does not count successes against the address", async () => {
    const email = uniqueEmail("colleague");
    await upsertAccount({ email, password: PASSWORD, role: "client" });
    for (let i = 0; i < 5; i++) expect((await attempt("10.8.8.8", { email, password: PASSWORD }, "site")).ok).toBe(true);
    for (let i = 0; i < 50; i++) {
      const r = await attempt("10.8.8.8", { email: uniqueEmail("typo"), password: "Wrong-Pass-1" }, "site");
      expect(r.ok ? "ok" : r.code).toBe("invalid_credentials");
    }
  });

  it("maps every code to its message, an unconfirmed address reading like a wrong password", () => {
    expect(signInMessage("invalid_credentials")).toBe("Invalid email or password. Please try again.");
    expect(signInMessage("email_not_confirmed")).toBe("Invalid email or password. Please try again.");
    expect(signInMessage("invalid_grant")).toBe("Invalid email or password. Please try again.");
    expect(signInMessage("too_many_requests")).toBe("Too many login attempts. Please try again in a few minutes.");
    expect(signInMessage("unknown")).toBe("An error occurred. Please try again later.");
    expect(signInMessage("anything_else")).toBe("An error occurred. Please try again later.");
  });
});
