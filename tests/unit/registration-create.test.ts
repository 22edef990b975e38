import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { professionals, profiles, registrationAnswers, userRoles, users } from "~/platform/schema";
import { verifyPassword } from "~/users/password.server";
import { createRegistration } from "~/registration/create-registration.server";
import { emailRegistered } from "~/users/users.server";
import type { ClientRegistration, ProfessionalRegistration } from "~/registration/registration-schema";

let n = 0;
const unique = (name: string) => `${name}.${Date.now()}.${++n}@Example.com`;

const client = (email = unique("client")): ClientRegistration => ({
  userType: "client",
  firstName: "Ada",
  lastName: "Lovelace",
  email,
  password: "Passw0rdX",
  confirmPassword: "Passw0rdX",
  dateOfBirth: "1980-05-01",
  phone: "+44 20 7946 0000",
  agreeTerms: true,
  agreeMarketing: true,
  countryOfResidency: "UK",
  investmentObjectives: ["Growth", "Tax Optimization"],
  netWorth: "5-10M",
  wealthSource: ["Inheritance"],
  currentProfessional: "A private bank",
});

const professional = (email = unique("pro")): ProfessionalRegistration => ({
  userType: "professional",
  firstName: "Grace",
  lastName: "Hopper",
  email,
  password: "Passw0rdX",
  confirmPassword: "Passw0rdX",
  dateOfBirth: "1970-01-01",
  phone: "+1 212 555 0100",
  agreeTerms: true,
  companyName: "Independent",
  experienceYears: "6-10",
  certifications: ["CFA", "CPA"],
  servicesOffered: ["Tax Planning", "Estate Planning"],
  assetsUnderManagement: "50-100M",
  typicalClientProfile: ["HNWI"],
  preferredCommunication: "video",
  disciplinaryAction: false,
  disciplinaryDetails: "should not be kept",
});

const rowsFor = (userId: string) => ({
  user: db().select().from(users).where(eq(users.id, userId)).get(),
  profile: db().select().from(profiles).where(eq(profiles.userId, userId)).get(),
  roles: db().select().from(userRoles).where(eq(userRoles.userId, userId)).all().map((r) => r.role),
  answers: db().select().from(registrationAnswers).where(eq(registrationAnswers.userId, userId)).get(),
  listing: db().select().from(professionals).where(eq(professionals.userId, userId)).get(),
});

describe("createRegistration", () => {
  it("writes user, profile, client role and every answer but the password", async () => {
    const reg = client();
    const result = await createRegistration(reg);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result).toMatchObject({ email: reg.email.toLowerCase(), role: "client" });
    const rows = rowsFor(result.userId);
    expect(rows.user?.email).toBe(reg.email.toLowerCase());
    expect(rows.user?.passwordHash).not.toContain("Passw0rdX");
    expect(await verifyPassword("Passw0rdX", rows.user?.passwordHash ?? "")).toBe(true);
    expect(rows.profile).toMatchObject({ email: reg.email.toLowerCase(), fullName: "Ada Lovelace" });
    expect(rows.roles).toEqual(["client"]);
    expect(rows.answers?.userType).toBe("client");
    expect(rows.answers?.answers).toMatchObject({
      countryOfResidency: "UK",
      investmentObjectives: ["Growth", "Tax Optimization"],
      netWorth: "5-10M",
      wealthSource: ["Inheritance"],
      currentProfessional: "A private bank",
      dateOfBirth: "1980-05-01",
      agreeTerms: true,
      agreeMarketing: true,
    });
    const stored = JSON.stringify(rows.answers?.answers);
    expect(stored).not.toContain("Passw0rdX");
    expect(stored).not.toMatch(/password/i);
    expect(rows.listing).toBeUndefined();
  });

  it("gives a professional an unverified, un-featured directory entry from the answers", async () => {
    const reg = professional();
    const result = await createRegistration(reg);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const rows = rowsFor(result.userId);
    expect(rows.roles).toEqual(["professional"]);
    expect(rows.listing).toMatchObject({
      name: "Grace Hopper",
      company: "Independent",
      email: reg.email.toLowerCase(),
      phone: "+1 212 555 0100",
      experienceYears: 6,
      certifications: ["CFA", "CPA"],
      specialties: ["Tax Planning", "Estate Planning"],
      verified: false,
      featured: false,
      userId: result.userId,
    });
    expect(rows.answers?.answers).toMatchObject({ experienceYears: "6-10", preferredCommunication: "video", disciplinaryAction: false });
    expect(rows.answers?.answers).not.toHaveProperty("disciplinaryDetails");
  });

  it("keeps disclosure details when a disciplinary action is declared", async () => {
    const result = await createRegistration({ ...professional(), disciplinaryAction: true, disciplinaryDetails: "2019 warning, closed" });
    if (!result.ok) throw new Error("expected creation");
    expect(rowsFor(result.userId).answers?.answers).toMatchObject({ disciplinaryAction: true, disciplinaryDetails: "2019 warning, closed" });
  });

  it("refuses an e-mail that already has an account, in any letter case, writing nothing", async () => {
    const email = unique("taken");
    const first = await createRegistration(client(email));
    expect(first.ok).toBe(true);
    const before = db().select().from(users).all().length;
    expect(await createRegistration(professional(email.toUpperCase()))).toEqual({ ok: false, reason: "email-taken" });
    expect(db().select().from(users).all().length).toBe(before);
    expect(emailRegistered(email.toUpperCase())).toBe(true);
  });

  it("lets only one of two simultaneous registrations with one e-mail win", async () => {
    const email = unique("race");
    const results = await Promise.all([createRegistration(client(email)), createRegistration(professional(email))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "email-taken" }]);
  });

  it("writes nothing when any insert fails", async () => {
    const sqlite = db().$client;
    const count = (table: string) => (sqlite.prepare(`select count(*) as c from ${table}`).get() as { c: number }).c;
    const tables = ["users", "profiles", "user_roles", "registration_answers", "professionals"];
    for (const failing of ["registration_answers", "professionals"]) {
      const before = tables.map(count);
      sqlite.exec(`create trigger fail_insert before insert on ${failing} begin select raise(abort, 'disk full'); end;`);
      try {
        await expect(createRegistration(professional())).rejects.toThrow("disk full");
      } finally {
        sqlite.exec("drop trigger fail_insert");
      }
      expect(tables.map(count)).toEqual(before);
    }
  });

  it("leaves an entry an admin already made for that e-mail as it was", async () => {
    const email = unique("listed").toLowerCase();
    db().insert(professionals).values({ name: "Listed By Admin", email, verified: true, experienceYears: 30 }).run();
    const result = await createRegistration(professional(email));
    expect(result.ok).toBe(true);
    const listing = db().select().from(professionals).where(eq(professionals.email, email)).all();
    expect(listing).toHaveLength(1);
    expect(listing[0]).toMatchObject({ name: "Listed By Admin", verified: true, experienceYears: 30, userId: null });
  });
});
