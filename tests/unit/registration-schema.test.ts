import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { dateOfBirthProblem, MESSAGES, RegistrationSchema } from "~/features/registration/registration-schema";

function form(entries: Record<string, string | string[] | undefined>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) fd.append(k, item);
  }
  return fd;
}

const client = {
  userType: "client",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "Ada@Example.com",
  password: "Passw0rdX",
  confirmPassword: "Passw0rdX",
  countryOfResidency: "UK",
  dateOfBirth: "1980-05-01",
  phone: "+44 20 7946 0000",
  investmentObjectives: ["Growth", "Tax Optimization"],
  agreeTerms: "on",
};

const professional = {
  userType: "professional",
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  password: "Passw0rdX",
  confirmPassword: "Passw0rdX",
  companyName: "Independent",
  dateOfBirth: "1970-01-01",
  experienceYears: "6-10",
  certifications: ["CFA", "CPA"],
  servicesOffered: ["Tax Planning"],
  agreeTerms: "on",
};

function errorsOf(entries: Record<string, string | string[] | undefined>) {
  const submission = parseWithZod(form(entries), { schema: RegistrationSchema });
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("RegistrationSchema", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 5, 15, 12, 0, 0));
  });
  afterEach(() => vi.useRealTimers());

  it("accepts a complete client and a complete professional", () => {
    const c = parseWithZod(form(client), { schema: RegistrationSchema });
    expect(c.status).toBe("success");
    if (c.status === "success") {
      expect(c.value).toMatchObject({ userType: "client", email: "ada@example.com", agreeTerms: true });
    }
    const p = parseWithZod(form(professional), { schema: RegistrationSchema });
    expect(p.status).toBe("success");
    if (p.status === "success") expect(p.value).toMatchObject({ userType: "professional", experienceYears: "6-10" });
  });

  it("drops the other type's answers", () => {
    const c = parseWithZod(form({ ...client, companyName: "Acme" }), { schema: RegistrationSchema });
    expect(c.status === "success" && "companyName" in c.value).toBe(false);
  });

  it("reports names: required, too long, characters", () => {
    expect(errorsOf({ ...client, firstName: "" }).firstName).toEqual(["First name is required"]);
    expect(errorsOf({ ...client, lastName: "x".repeat(51) }).lastName).toEqual(["Last name must be less than 50 characters"]);
    expect(errorsOf({ ...client, firstName: "Ada1" }).firstName).toEqual([
      "First name can only contain letters, spaces, hyphens, and apostrophes",
    ]);
    expect(errorsOf({ ...client, lastName: "O'Brien-Smith" }).lastName).toBeUndefined();
  });

  it("reports e-mail format and length", () => {
    expect(errorsOf({ ...client, email: "not-an-email" }).email).toEqual(["Please enter a valid email address"]);
    expect(errorsOf({ ...client, email: `${"a".repeat(250)}@example.com` }).email).toContain(
      "Email must be less than 254 characters",
    );
  });

  it("reports each password rule and the mismatch on confirmPassword", () => {
    expect(errorsOf({ ...client, password: "Sh0rt", confirmPassword: "Sh0rt" }).password).toContain(
      "Password must be at least 8 characters long",
    );
    const long = `Aa1${"x".repeat(130)}`;
    expect(errorsOf({ ...client, password: long, confirmPassword: long }).password).toContain(
      "Password must be less than 128 characters",
    );
    expect(errorsOf({ ...client, password: "password1", confirmPassword: "password1" }).password).toEqual([
      "Password must contain at least one uppercase letter",
    ]);
    expect(errorsOf({ ...client, password: "PASSWORD1", confirmPassword: "PASSWORD1" }).password).toEqual([
      "Password must contain at least one lowercase letter",
    ]);
    expect(errorsOf({ ...client, password: "Passwordx", confirmPassword: "Passwordx" }).password).toEqual([
      "Password must contain at least one number",
    ]);
    expect(errorsOf({ ...client, confirmPassword: "Passw0rdY" }).confirmPassword).toEqual(["Passwords do not match"]);
  });

  it("requires the terms", () => {
    expect(errorsOf({ ...client, agreeTerms: undefined }).agreeTerms).toEqual([
      "You must agree to the terms and conditions",
    ]);
    expect(errorsOf({ ...professional, agreeTerms: undefined }).agreeTerms).toEqual([MESSAGES.terms]);
  });

  it("limits the phone to 20 characters and allows none", () => {
    expect(errorsOf({ ...client, phone: "1".repeat(21) }).phone).toEqual([
      "Phone number must be less than 20 characters",
    ]);
    expect(errorsOf({ ...client, phone: "" }).phone).toBeUndefined();
  });

  it("requires an adult date of birth, not in the future", () => {
    expect(errorsOf({ ...client, dateOfBirth: "" }).dateOfBirth).toEqual([MESSAGES.dateOfBirth]);
    expect(errorsOf({ ...client, dateOfBirth: "2027-01-01" }).dateOfBirth).toEqual([MESSAGES.dateOfBirthFuture]);
    expect(errorsOf({ ...client, dateOfBirth: "2010-01-01" }).dateOfBirth).toEqual([MESSAGES.adult]);
    expect(errorsOf({ ...client, dateOfBirth: "1990-02-30" }).dateOfBirth).toEqual([MESSAGES.dateOfBirthInvalid]);
  });

  it("counts the 18th birthday exactly (today is 2026-06-15)", () => {
    const now = new Date(2026, 5, 15, 12);
    expect(dateOfBirthProblem("2008-06-15", now)).toBeNull();
    expect(dateOfBirthProblem("2008-06-16", now)).toBe(MESSAGES.adult);
    expect(dateOfBirthProblem("2026-06-15", now)).toBe(MESSAGES.adult);
    expect(dateOfBirthProblem("2026-06-16", now)).toBe(MESSAGES.dateOfBirthFuture);
    expect(dateOfBirthProblem("1899-12-31", now)).toBe(MESSAGES.dateOfBirthInvalid);
    expect(dateOfBirthProblem("15/06/1980", now)).toBe(MESSAGES.dateOfBirthInvalid);
  });

  it("reports the type-specific required answers", () => {
    expect(errorsOf({ ...client, countryOfResidency: undefined }).countryOfResidency).toEqual([MESSAGES.country]);
    expect(errorsOf({ ...client, investmentObjectives: undefined }).investmentObjectives).toEqual([MESSAGES.objectives]);
    expect(errorsOf({ ...professional, companyName: " " }).companyName).toEqual([MESSAGES.companyName]);
    expect(errorsOf({ ...professional, companyName: "x".repeat(101) }).companyName).toEqual([MESSAGES.companyNameMax]);
    expect(errorsOf({ ...professional, experienceYears: undefined }).experienceYears).toEqual([MESSAGES.experience]);
  });

  it("refuses values outside the spec's option lists", () => {
    expect(errorsOf({ ...client, countryOfResidency: "FR" }).countryOfResidency).toEqual([MESSAGES.country]);
    expect(errorsOf({ ...client, netWorth: "1B+" }).netWorth).toEqual([MESSAGES.fromList]);
    expect(Object.keys(errorsOf({ ...professional, certifications: ["CFA", "Wizard"] }))).toEqual(["certifications[1]"]);
    expect(errorsOf({ ...client, userType: "admin" }).userType).toEqual([MESSAGES.userType]);
  });

  it("limits the free-text answers", () => {
    expect(errorsOf({ ...client, currentProfessional: "x".repeat(501) }).currentProfessional).toEqual([
      MESSAGES.currentProfessionalMax,
    ]);
    expect(
      errorsOf({ ...professional, disciplinaryAction: "on", disciplinaryDetails: "x".repeat(1001) }).disciplinaryDetails,
    ).toEqual([MESSAGES.disciplinaryDetailsMax]);
  });
});
