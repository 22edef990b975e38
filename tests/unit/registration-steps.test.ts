import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  percentComplete,
  progressText,
  sharedFirstSteps,
  stepAt,
  stepSchema,
  stepsFor,
  totalSteps,
  type StepId,
} from "~/features/registration/steps";
import { MESSAGES } from "~/features/registration/registration-schema";
import { EXPERIENCE_RANGES, experienceYearsFromRange } from "~/domain/vocabulary";

const fd = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};
const errorsFor = (id: StepId, entries: [string, string][]) => {
  const s = parseWithZod(fd(entries), { schema: stepSchema(id) });
  return s.status === "success" ? null : s.error;
};

describe("wizard steps", () => {
  it("has 8 steps for a Wealth Creator and 9 for a Financial Professional", () => {
    expect(totalSteps("client")).toBe(8);
    expect(totalSteps("professional")).toBe(9);
    expect(totalSteps(undefined)).toBe(8);
    expect(stepsFor("client").map((s) => s.id)).toEqual([
      "type", "name", "credentials", "personal", "objectives", "wealth", "relationship", "review",
    ]);
    expect(stepsFor("professional").map((s) => s.id)).toEqual([
      "type", "name", "credentials", "company", "experience", "services", "clientele", "communication", "review",
    ]);
  });

  it("gives step 1 no count before the type is chosen, and the chosen path's count from step 1 on", () => {
    expect(progressText(undefined, 1)).toEqual({
      step: 1,
      total: null,
      label: "Step 1",
      detail: "8 steps for clients, 9 for professionals",
      percent: 11,
    });
    expect(progressText("professional", 1)).toMatchObject({ label: "Step 1 of 9", detail: "11% complete" });
    expect(progressText("professional", 2)).toMatchObject({ label: "Step 2 of 9", total: 9 });
    expect(progressText("client", 1)).toMatchObject({ label: "Step 1 of 8", detail: "13% complete" });
    expect(progressText("client", 8)).toMatchObject({ label: "Step 8 of 8", percent: 100 });
    expect(progressText("client", 12)).toMatchObject({ label: "Step 8 of 8" });
    expect(sharedFirstSteps().map((s) => s.id)).toEqual(["type", "name", "credentials"]);
  });

  it("clamps a step number to the wizard", () => {
    expect(stepAt("client", 0).id).toBe("type");
    expect(stepAt("client", 9).id).toBe("review");
    expect(stepAt("professional", 8).id).toBe("communication");
  });

  it("computes the percent complete as N/M rounded", () => {
    expect(percentComplete(1, 8)).toBe(13);
    expect(percentComplete(1, 9)).toBe(11);
    expect(percentComplete(3, 8)).toBe(38);
    expect(percentComplete(5, 9)).toBe(56);
    expect(percentComplete(8, 8)).toBe(100);
    expect(percentComplete(9, 9)).toBe(100);
  });

  it("maps experience ranges to their lower bound in years", () => {
    expect(EXPERIENCE_RANGES.map(experienceYearsFromRange)).toEqual([0, 3, 6, 11, 16, 20]);
  });
});

// Continue is never disabled (docs/decisions/013): a step moves on when its schema passes, else shows the messages.
describe("step rules", () => {
  const complete = (userType: "client" | "professional", n: number, entries: [string, string][]) =>
    errorsFor(stepAt(userType, n).id, entries) === null;

  it("step 1 needs the account type", () => {
    expect(complete("client", 1, [])).toBe(false);
    expect(complete("client", 1, [["userType", "professional"]])).toBe(true);
    expect(errorsFor("type", [])).toEqual({ userType: [MESSAGES.userType] });
  });

  it("step 2 needs first and last name", () => {
    expect(complete("client", 2, [["firstName", "Ada"]])).toBe(false);
    expect(complete("client", 2, [["firstName", "Ada"], ["lastName", "  "]])).toBe(false);
    expect(complete("client", 2, [["firstName", "Ada"], ["lastName", "Lovelace"]])).toBe(true);
    expect(errorsFor("name", [["firstName", "Ada"]])).toEqual({ lastName: ["Last name is required"] });
  });

  it("step 3 needs e-mail, password and confirmation, then checks strength and match", () => {
    const all: [string, string][] = [["email", "a@example.com"], ["password", "Passw0rdX"], ["confirmPassword", "Passw0rdX"]];
    expect(complete("client", 3, all.slice(0, 2))).toBe(false);
    expect(complete("professional", 3, all)).toBe(true);
    expect(errorsFor("credentials", [])).toEqual({
      email: ["Please enter a valid email address"],
      password: ["Password is required"],
      confirmPassword: [MESSAGES.confirmPassword],
    });
    expect(errorsFor("credentials", [["email", "a@example.com"], ["password", "Passw0rdX"], ["confirmPassword", "Passw0rdY"]])).toEqual({
      confirmPassword: ["Passwords do not match"],
    });
    expect(errorsFor("credentials", [["email", "a@example.com"], ["password", "weakpass"], ["confirmPassword", "weakpass"]])).toEqual({
      password: ["Password must contain at least one uppercase letter", "Password must contain at least one number"],
    });
  });

  it("step 4 needs the country (client) or the company (professional), and a date of birth", () => {
    expect(complete("client", 4, [["dateOfBirth", "1980-01-01"]])).toBe(false);
    expect(complete("client", 4, [["countryOfResidency", "CH"], ["dateOfBirth", "1980-01-01"]])).toBe(true);
    expect(complete("professional", 4, [["dateOfBirth", "1980-01-01"]])).toBe(false);
    expect(complete("professional", 4, [["companyName", "Independent"], ["dateOfBirth", "1980-01-01"]])).toBe(true);
    expect(errorsFor("personal", [["dateOfBirth", "1980-01-01"]])).toEqual({ countryOfResidency: [MESSAGES.country] });
    expect(errorsFor("company", [["dateOfBirth", "1980-01-01"]])).toEqual({ companyName: [MESSAGES.companyName] });
    expect(errorsFor("company", [["companyName", "Independent"], ["dateOfBirth", "1980-01-01"], ["phone", "1".repeat(21)]])).toEqual({
      phone: ["Phone number must be less than 20 characters"],
    });
  });

  it("step 5 needs an objective (client) or the experience (professional)", () => {
    expect(complete("client", 5, [])).toBe(false);
    expect(complete("client", 5, [["investmentObjectives", "Growth"]])).toBe(true);
    expect(complete("professional", 5, [["certifications", "CFA"]])).toBe(false);
    expect(complete("professional", 5, [["experienceYears", "20+"]])).toBe(true);
    expect(errorsFor("objectives", [])).toEqual({ investmentObjectives: [MESSAGES.objectives] });
    expect(errorsFor("experience", [])).toEqual({ experienceYears: [MESSAGES.experience] });
  });

  it("lets the other steps pass empty", () => {
    for (const n of [6, 7]) expect(complete("client", n, [])).toBe(true);
    for (const n of [6, 7, 8]) expect(complete("professional", n, [])).toBe(true);
    for (const id of ["wealth", "relationship", "services", "clientele", "communication"] as const) {
      expect(errorsFor(id, [])).toBeNull();
    }
  });

  it("checks the terms on the last step when Create Account is pressed", () => {
    expect(errorsFor("review", [])).toEqual({ agreeTerms: [MESSAGES.terms] });
    expect(errorsFor("review", [["agreeTerms", "on"]])).toBeNull();
  });
});
