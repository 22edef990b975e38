import { describe, expect, it } from "vitest";
import {
  commitWizardState,
  clearWizardState,
  freshState,
  MAX_COOKIE_BYTES,
  openState,
  readWizardState,
  sealState,
  WIZARD_COOKIE,
  WIZARD_MAX_AGE_S,
  withPostedAnswers,
  type WizardState,
} from "~/features/registration/wizard-state.server";

const state: WizardState = {
  step: 4,
  answers: {
    userType: "professional",
    firstName: "Grace",
    lastName: "Hopper",
    email: "grace@example.com",
    password: "Passw0rdX",
    confirmPassword: "Passw0rdX",
    certifications: ["CFA", "CPA"],
  },
};

const requestWith = (cookie: string | null, url = "http://localhost/register") =>
  new Request(url, { headers: cookie ? { Cookie: cookie } : {} });

const valueOf = (setCookie: string) => setCookie.slice(WIZARD_COOKIE.length + 1, setCookie.indexOf(";"));

describe("encrypted wizard state", () => {
  it("round-trips through the cookie", () => {
    const setCookie = commitWizardState(requestWith(null), state);
    expect(setCookie).not.toBeNull();
    const cookie = `other=1; ${WIZARD_COOKIE}=${valueOf(setCookie ?? "")}; x=y`;
    expect(readWizardState(requestWith(cookie))).toEqual(state);
  });

  it("keeps the password and every answer unreadable in the cookie", () => {
    const sealed = sealState(state);
    const decoded = Buffer.from(sealed, "base64url").toString("latin1");
    for (const secret of ["Passw0rdX", "grace@example.com", "Hopper", "professional"]) {
      expect(sealed).not.toContain(secret);
      expect(decoded).not.toContain(secret);
    }
    // A fresh IV each time: the same state never seals to the same value.
    expect(sealState(state)).not.toBe(sealed);
  });

  it("sets HttpOnly, SameSite=Lax, a one-hour Max-Age, and Secure only over https", () => {
    const plain = commitWizardState(requestWith(null), state) ?? "";
    expect(plain).toMatch(/; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/);
    expect(WIZARD_MAX_AGE_S).toBe(3600);
    expect(commitWizardState(requestWith(null, "https://example.com/register"), state)).toMatch(/; Secure$/);
    expect(clearWizardState(requestWith(null))).toMatch(/^wm_register=; Path=\/; Max-Age=0;/);
  });

  it("starts afresh when the cookie was tampered with", () => {
    const sealed = sealState(state);
    const bytes = Buffer.from(sealed, "base64url");
    for (const index of [0, 20, bytes.length - 1]) {
      const flipped = Buffer.from(bytes);
      flipped[index] = (flipped[index] ?? 0) ^ 1;
      const forged = flipped.toString("base64url");
      expect(openState(forged)).toBeNull();
      expect(readWizardState(requestWith(`${WIZARD_COOKIE}=${forged}`))).toEqual(freshState());
    }
    expect(readWizardState(requestWith(`${WIZARD_COOKIE}=not-a-state`))).toEqual(freshState());
    expect(readWizardState(requestWith(`${WIZARD_COOKIE}=`))).toEqual(freshState());
  });

  it("refuses a plain JSON state that was never encrypted", () => {
    const forged = Buffer.from(JSON.stringify({ v: 1, exp: Date.now() + 1e6, step: 9, answers: { userType: "professional" } })).toString("base64url");
    expect(openState(forged)).toBeNull();
  });

  it("expires after an hour even if the browser keeps the cookie", () => {
    const sealed = sealState(state, Date.now() - WIZARD_MAX_AGE_S * 1000 - 1);
    expect(openState(sealed)).toBeNull();
    expect(openState(sealState(state, Date.now() - 60_000))).toEqual(state);
  });

  it("refuses a state too big for a cookie", () => {
    const big: WizardState = { step: 7, answers: { ...state.answers, currentProfessional: "é".repeat(1100), disciplinaryDetails: "ü".repeat(1100) } };
    expect(commitWizardState(requestWith(null), big)).toBeNull();
    expect(MAX_COOKIE_BYTES).toBeLessThanOrEqual(4096);
  });

  it("fits the longest answers the schema allows", () => {
    const longest: WizardState = {
      step: 9,
      answers: {
        userType: "professional",
        firstName: "x".repeat(50),
        lastName: "x".repeat(50),
        email: `${"a".repeat(240)}@example.com`,
        password: "Aa1".padEnd(128, "x"),
        confirmPassword: "Aa1".padEnd(128, "x"),
        companyName: "x".repeat(100),
        dateOfBirth: "1970-01-01",
        phone: "1".repeat(20),
        experienceYears: "20+",
        certifications: ["CFA", "CFP", "CPA", "Bar/Lawyer", "ChFC", "CIMA"],
        servicesOffered: [
          "Investment Management", "Tax Planning", "Estate Planning", "Retirement Planning",
          "Risk Management", "Private Banking", "Family Office Services", "Legal Services",
        ],
        assetsUnderManagement: "100-500M",
        typicalClientProfile: ["HNWI", "UHNWI", "Entrepreneurs", "Family Offices", "Retirees", "Tech Executives"],
        preferredCommunication: "in-person",
        disciplinaryAction: "on",
        disciplinaryDetails: "x".repeat(1000),
        agreeTerms: "on",
        agreeMarketing: "on",
      },
    };
    const setCookie = commitWizardState(requestWith(null), longest);
    expect(setCookie).not.toBeNull();
  });
});

describe("withPostedAnswers", () => {
  const fd = (entries: [string, string][]) => {
    const f = new FormData();
    for (const [k, v] of entries) f.append(k, v);
    return f;
  };

  it("writes only the step's own fields, as typed", () => {
    const next = withPostedAnswers(
      state,
      ["firstName", "lastName"],
      fd([["firstName", " Ada "], ["lastName", "L1"], ["userType", "client"], ["role", "admin"]]),
    );
    expect(next.answers).toMatchObject({ firstName: " Ada ", lastName: "L1", userType: "professional" });
    expect(next.answers).not.toHaveProperty("role");
  });

  it("clears an emptied field, an unticked box and an emptied list", () => {
    const before: WizardState = { step: 8, answers: { phone: "123", disciplinaryAction: "on", certifications: ["CFA"] } };
    const next = withPostedAnswers(before, ["phone", "disciplinaryAction", "certifications"], fd([["phone", ""]]));
    expect(next.answers).toEqual({});
  });

  it("keeps each choice once and caps the text", () => {
    const next = withPostedAnswers(
      freshState(),
      ["certifications", "currentProfessional"],
      fd([["certifications", "CFA"], ["certifications", "CFA"], ["certifications", "CPA"], ["currentProfessional", "x".repeat(5000)]]),
    );
    expect(next.answers.certifications).toEqual(["CFA", "CPA"]);
    expect(next.answers.currentProfessional).toHaveLength(1100);
  });
});
