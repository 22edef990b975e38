import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db, queryRows, sqliteClient } from "~/platform/db.server";
import { professionals, profiles, registrationAnswers, shortlists, userRoles, users } from "~/platform/schema";
import { verifyPassword } from "~/platform/password.server";
import { createRegistration } from "~/features/registration/create-registration.server";
import { emailRegistered } from "~/features/auth/users.data.server";
import type { ClientRegistration, ProfessionalRegistration } from "~/features/registration/registration-schema";
import { clientAnswersFrom } from "~/features/registration/client-answers";
import { driverError } from "~/platform/db-errors.server";
import { onPostgres } from "./engine";
import { captureLogs } from "./support/logs";

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

const rowsFor = async (userId: string) => ({
  user: (await db().select().from(users).where(eq(users.id, userId)).limit(1))[0],
  profile: (await db().select().from(profiles).where(eq(profiles.userId, userId)).limit(1))[0],
  roles: (await db().select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role),
  answers: (await db().select().from(registrationAnswers).where(eq(registrationAnswers.userId, userId)).limit(1))[0],
  listing: (await db().select().from(professionals).where(eq(professionals.userId, userId)).limit(1))[0],
});

describe("createRegistration", () => {
  it("writes user, profile, client role and every answer but the password", async () => {
    const reg = client();
    const result = await createRegistration(reg);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result).toMatchObject({ email: reg.email.toLowerCase(), role: "client" });
    const rows = await rowsFor(result.userId);
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
    const rows = await rowsFor(result.userId);
    expect(rows.roles).toEqual(["professional"]);
    expect(rows.listing).toMatchObject({
      name: "Grace Hopper",
      company: "Independent",
      email: reg.email.toLowerCase(),
      phone: "+1 212 555 0100",
      experienceYears: 6,
      experienceRange: "6-10",
      certifications: ["CFA", "CPA"],
      // The services are not copied into specialties: those are the professional's own, written later.
      specialties: [],
      services: ["Tax Planning", "Estate Planning"],
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
    expect((await rowsFor(result.userId)).answers?.answers).toMatchObject({ disciplinaryAction: true, disciplinaryDetails: "2019 warning, closed" });
  });

  it("refuses an e-mail that already has an account, in any letter case, writing nothing", async () => {
    const email = unique("taken");
    const first = await createRegistration(client(email));
    expect(first.ok).toBe(true);
    const before = (await db().select().from(users)).length;
    expect(await createRegistration(professional(email.toUpperCase()))).toEqual({ ok: false, reason: "email-taken" });
    expect((await db().select().from(users)).length).toBe(before);
    expect(await emailRegistered(email.toUpperCase())).toBe(true);
  });

  it("lets only one of two simultaneous registrations with one e-mail win", async () => {
    const email = unique("race");
    const results = await Promise.all([createRegistration(client(email)), createRegistration(professional(email))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "email-taken" }]);
  });

  // The failing insert is a SQLite trigger (raise(abort)): PostgreSQL's triggers are written otherwise.
  it.skipIf(onPostgres)("writes nothing when any insert fails (a SQLite trigger fails it)", async () => {
    const sqlite = sqliteClient()!;
    const count = async (table: string) => Number((await queryRows<{ c: number }>(sql`select count(*) as c from ${sql.identifier(table)}`))[0]?.c);
    const tables = ["users", "profiles", "user_roles", "registration_answers", "professionals"];
    const counts = () => Promise.all(tables.map(count));
    for (const failing of ["registration_answers", "professionals"]) {
      const before = await counts();
      sqlite.exec(`create trigger fail_insert before insert on ${failing} begin select raise(abort, 'disk full'); end;`);
      try {
        // drizzle wraps the driver's error (its message is the failed SQL): the trigger's is its cause.
        const failure = await createRegistration(professional()).then(() => undefined, driverError);
        expect(failure).toMatchObject({ message: expect.stringContaining("disk full") });
      } finally {
        sqlite.exec("drop trigger fail_insert");
      }
      expect(await counts()).toEqual(before);
    }
  });

  it("leaves an entry an admin already made for that e-mail as it was", async () => {
    const email = unique("listed").toLowerCase();
    await db().insert(professionals).values({ name: "Listed By Admin", email, verified: true, experienceYears: 30 });
    const result = await createRegistration(professional(email));
    expect(result.ok).toBe(true);
    const listing = await db().select().from(professionals).where(eq(professionals.email, email));
    expect(listing).toHaveLength(1);
    expect(listing[0]).toMatchObject({ name: "Listed By Admin", verified: true, experienceYears: 30, userId: null });
  });

  it("writes the professional's matching answers into their new entry", async () => {
    const result = await createRegistration({
      ...professional(),
      feeModel: "fee-only",
      impactInvesting: true,
      languages: ["English", "French"],
      countriesServed: ["UK", "worldwide"],
      disciplinaryAction: true,
    });
    if (!result.ok) throw new Error("expected creation");
    expect((await rowsFor(result.userId)).listing).toMatchObject({
      services: ["Tax Planning", "Estate Planning"],
      aumRange: "50-100M",
      clientProfiles: ["HNWI"],
      communication: ["video"],
      countriesServed: ["UK", "worldwide"],
      feeModel: "fee-only",
      impactInvesting: true,
      languages: ["English", "French"],
      disciplinaryDisclosed: true,
      disciplinaryCleared: false,
      verified: false,
    });
  });

  it("leaves unanswered matching questions empty, so the entry is incomplete rather than guessed", async () => {
    const { servicesOffered: _s, assetsUnderManagement: _a, preferredCommunication: _p, ...reg } = professional();
    const result = await createRegistration(reg);
    if (!result.ok) throw new Error("expected creation");
    expect((await rowsFor(result.userId)).listing).toMatchObject({
      services: [],
      aumRange: null,
      communication: [],
      countriesServed: [],
      feeModel: null,
      impactInvesting: false,
      languages: [],
      disciplinaryDisclosed: false,
    });
  });

  it("keeps the client's preferences and 'what matters' where matching reads them, and proposes a shortlist", async () => {
    const result = await createRegistration({
      ...client(),
      preferredCommunication: "phone",
      advisorFeeModel: "fee-only",
      advisorImpactInvesting: true,
      advisorLanguage: "Spanish",
    });
    if (!result.ok) throw new Error("expected creation");
    const answers = (await rowsFor(result.userId)).answers?.answers ?? {};
    expect(clientAnswersFrom(answers)).toMatchObject({
      preferredCommunication: "phone",
      whatMatters: { feeModel: "fee-only", impactInvesting: true, language: "Spanish" },
    });
    const [shortlist] = await db().select().from(shortlists).where(eq(shortlists.clientUserId, result.userId)).limit(1);
    expect(shortlist?.status).toBe("proposed");
  });

  // Matching is made to fail by a SQLite trigger (raise(abort)): PostgreSQL's triggers are written otherwise.
  it.skipIf(onPostgres)("still registers the client when matching fails, and logs it (a SQLite trigger fails it)", async () => {
    const sqlite = sqliteClient()!;
    sqlite.exec("create trigger fail_shortlist before insert on shortlists begin select raise(abort, 'matching broke'); end;");
    const logs = captureLogs();
    try {
      const result = await createRegistration(client());
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect((await rowsFor(result.userId)).user).toBeDefined();
      expect(await db().select().from(shortlists).where(eq(shortlists.clientUserId, result.userId))).toEqual([]);
      expect(logs.lines()).toContainEqual(expect.objectContaining({ level: "error", part: "matching", userId: result.userId }));
    } finally {
      logs.restore();
      sqlite.exec("drop trigger fail_shortlist");
    }
  });
});
