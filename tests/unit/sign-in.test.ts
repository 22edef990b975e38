import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents } from "~/platform/schema";
import { upsertAccount } from "~/users/upsert-account.server";
import { signInMessage, verifySignIn } from "~/auth/sign-in.server";

let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${++n}-${Date.now()}@example.com`;
const PASSWORD = "Correct-Horse-9";

function postFrom(ip: string) {
  return new Request("http://localhost/login", { method: "POST", headers: { "x-client-ip": ip } });
}

describe("verifySignIn", () => {
  it("accepts the right password in any letter case of the e-mail and audits LOGIN_SUCCESS", async () => {
    const email = uniqueEmail("ok");
    const { userId } = await upsertAccount({ email, password: PASSWORD, role: "professional" });
    const result = await verifySignIn(postFrom("10.0.0.1"), { email: email.toUpperCase(), password: PASSWORD }, "site");
    expect(result).toEqual({ ok: true, user: { id: userId, email, roles: ["professional"], role: "professional" } });
    const events = db().select().from(auditEvents).where(and(eq(auditEvents.kind, "LOGIN_SUCCESS"), eq(auditEvents.userId, userId))).all();
    expect(events).toHaveLength(1);
    expect(events[0]?.ip).toBe("10.0.0.1");
  });

  it("answers a wrong password and an unknown e-mail alike, and never records the password", async () => {
    const email = uniqueEmail("wrong");
    await upsertAccount({ email, password: PASSWORD, role: "client" });
    const wrong = await verifySignIn(postFrom("10.0.0.2"), { email, password: "Nope-Secret-1" }, "site");
    const unknown = await verifySignIn(postFrom("10.0.0.2"), { email: uniqueEmail("ghost"), password: "Nope-Secret-1" }, "site");
    expect(wrong).toEqual({ ok: false, code: "invalid_credentials", message: "Invalid email or password. Please try again." });
    expect(unknown).toEqual(wrong);
    const failed = db().select().from(auditEvents).where(eq(auditEvents.kind, "LOGIN_FAILED")).all();
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(failed)).not.toContain("Nope-Secret-1");
  });

  it("refuses the 6th attempt for an e-mail even with the right password, and audits the trip once", async () => {
    const email = uniqueEmail("limit");
    await upsertAccount({ email, password: PASSWORD, role: "client" });
    for (let i = 0; i < 5; i++) {
      expect((await verifySignIn(postFrom("10.0.0.3"), { email, password: "Wrong-Pass-1" }, "site")).ok).toBe(false);
    }
    const sixth = await verifySignIn(postFrom("10.0.0.4"), { email, password: PASSWORD }, "site");
    expect(sixth).toEqual({ ok: false, code: "too_many_requests", message: "Too many login attempts. Please try again in a few minutes." });
    await verifySignIn(postFrom("10.0.0.4"), { email, password: PASSWORD }, "site");
    const trips = db().select().from(auditEvents).where(and(eq(auditEvents.kind, "SUSPICIOUS_ACTIVITY"), eq(auditEvents.email, email))).all();
    expect(trips).toHaveLength(1);
    // The admin area counts separately.
    expect((await verifySignIn(postFrom("10.0.0.4"), { email, password: PASSWORD }, "admin")).ok).toBe(true);
  });

  it("bounds failed attempts per address at 50 in the window, successes not counted", async () => {
    const email = uniqueEmail("office");
    await upsertAccount({ email, password: PASSWORD, role: "client" });
    for (let i = 0; i < 50; i++) {
      const r = await verifySignIn(postFrom("10.9.9.9"), { email: uniqueEmail("typo"), password: "Wrong-Pass-1" }, "site");
      expect(r.ok).toBe(false);
    }
    const after = await verifySignIn(postFrom("10.9.9.9"), { email, password: PASSWORD }, "site");
    expect(after.ok ? "ok" : after.code).toBe("too_many_requests");
    expect((await verifySignIn(postFrom("10.9.9.10"), { email, password: PASSWORD }, "site")).ok).toBe(true);
  });

  it("holds the per-address bound when 70 wrong attempts arrive at once", async () => {
    const attempts = Array.from({ length: 70 }, () =>
      verifySignIn(postFrom("10.7.7.7"), { email: uniqueEmail("spray"), password: "Wrong-Pass-1" }, "site"),
    );
    const codes = (await Promise.all(attempts)).map((r) => (r.ok ? "ok" : r.code));
    expect(codes.filter((c) => c === "invalid_credentials")).toHaveLength(50);
    expect(codes.filter((c) => c === "too_many_requests")).toHaveLength(20);
  });

  it("does not count successes against the address", async () => {
    const email = uniqueEmail("colleague");
    await upsertAccount({ email, password: PASSWORD, role: "client" });
    for (let i = 0; i < 5; i++) expect((await verifySignIn(postFrom("10.8.8.8"), { email, password: PASSWORD }, "site")).ok).toBe(true);
    for (let i = 0; i < 50; i++) {
      const r = await verifySignIn(postFrom("10.8.8.8"), { email: uniqueEmail("typo"), password: "Wrong-Pass-1" }, "site");
      expect(r.ok ? "ok" : r.code).toBe("invalid_credentials");
    }
  });

  it("maps every code to the spec §8 message", () => {
    expect(signInMessage("invalid_credentials")).toBe("Invalid email or password. Please try again.");
    expect(signInMessage("email_not_confirmed")).toBe("Invalid email or password. Please try again.");
    expect(signInMessage("invalid_grant")).toBe("Invalid email or password. Please try again.");
    expect(signInMessage("too_many_requests")).toBe("Too many login attempts. Please try again in a few minutes.");
    expect(signInMessage("unknown")).toBe("An error occurred. Please try again later.");
    expect(signInMessage("anything_else")).toBe("An error occurred. Please try again later.");
  });
});
