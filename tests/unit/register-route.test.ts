import fs from "node:fs";
import path from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { config } from "~/platform/config.server";
import { isEmailConfirmed } from "~/features/auth/email-confirmation.server";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, professionals, userRoles, users } from "~/platform/schema";
import { getUser } from "~/features/auth/session.server";
import { configureHashPoolForTests, hashPassword } from "~/platform/password.server";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { action, loader } from "~/routes/register";
import { MESSAGES } from "~/features/registration/registration-schema";
import { EXPIRED, type WizardActionData, type WizardView } from "~/features/registration/register.server";
import ClientWelcome, { loader as welcomeLoader } from "~/routes/client-welcome";
import { getToast } from "~/platform/http/toast.server";
import { getSettings } from "~/platform/settings.server";
import { call, formRequest, getRequest, nextCookie, settle } from "./helpers";

type Fields = Record<string, string | string[]>;
type Outcome =
  | { kind: "redirect"; status: number; location: string; cookies: string[] }
  | { kind: "data"; status: number; body: WizardActionData; cookies: string[] };

let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;

/** A browser without JavaScript: a cookie jar, a form post per step, redirects followed by hand. */
class Browser {
  cookie = "";
  /** The address the last redirect sent the browser to. */
  location = "/register";

  private jar() {
    return new Map(this.cookie.split("; ").filter(Boolean).map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)]));
  }
  has(name: string) {
    return this.jar().has(name);
  }
  get(name: string) {
    return this.jar().get(name);
  }
  set(name: string, value: string | null) {
    const jar = this.jar();
    if (value === null) jar.delete(name);
    else jar.set(name, value);
    this.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async view(url = this.location): Promise<WizardView> {
    return (await call(loader, getRequest(url, { cookie: this.cookie }))).view;
  }

  async post(fields: Fields): Promise<Outcome> {
    const result = await settle(action, formRequest("/register", fields, { cookie: this.cookie }));
    if (result instanceof Response) {
      this.cookie = nextCookie(result, this.cookie);
      const location = result.headers.get("Location") ?? "";
      this.location = location;
      return { kind: "redirect", status: result.status, location, cookies: result.headers.getSetCookie() };
    }
    const headers = new Headers(result.init?.headers);
    this.cookie = nextCookie(headers, this.cookie);
    return { kind: "data", status: result.init?.status ?? 200, body: result.data, cookies: headers.getSetCookie() };
  }

  /** Posts a step and expects to move on. */
  async next(step: number, fields: Fields) {
    const outcome = await this.post({ step: String(step), intent: "continue", ...fields });
    if (outcome.kind !== "redirect") throw new Error(`step ${step} refused: ${JSON.stringify(outcome.body.result.error)}`);
    expect(outcome.location).toBe(`/register?step=${step + 1}`);
    return outcome;
  }

  sessionRequest() {
    return getRequest("/client-welcome", { cookie: this.cookie });
  }
}

const errorsOf = (o: Outcome) => (o.kind === "data" ? (o.body.result.error ?? {}) : {});

async function clientToReview(b: Browser, email: string) {
  await b.next(1, { userType: "client" });
  await b.next(2, { firstName: "Ada", lastName: "Lovelace" });
  await b.next(3, { email, password: "Passw0rdX", confirmPassword: "Passw0rdX" });
  await b.next(4, { countryOfResidency: "CH", dateOfBirth: "1980-05-01", phone: "+41 44 000 00 00" });
  await b.next(5, { investmentObjectives: ["Wealth Preservation", "Estate Planning"] });
  await b.next(6, { netWorth: "25-50M", wealthSource: ["Business Ownership"] });
  await b.next(7, { currentProfessional: "" });
}

async function professionalToReview(b: Browser, email: string) {
  await b.next(1, { userType: "professional" });
  await b.next(2, { firstName: "Grace", lastName: "Hopper" });
  await b.next(3, { email, password: "Passw0rdX", confirmPassword: "Passw0rdX" });
  await b.next(4, { companyName: "Independent", dateOfBirth: "1970-01-01" });
  await b.next(5, { experienceYears: "11-15", certifications: ["CFP", "ChFC"] });
  await b.next(6, { servicesOffered: ["Retirement Planning", "Private Banking"] });
  await b.next(7, { assetsUnderManagement: "100-500M", typicalClientProfile: ["Entrepreneurs"] });
  await b.next(8, { preferredCommunication: "email" });
}

describe("/register", () => {
  it("starts at step 1 of 8 with nothing chosen", async () => {
    const view = await new Browser().view();
    expect(view).toEqual({ step: 1, furthest: 1, total: 8, stepId: "type", userType: null, values: {} });
  });

  it("takes a client from step 1 to /client-welcome, signed in, with every row written", async () => {
    const b = new Browser();
    const email = uniqueEmail("client");
    await clientToReview(b, email);
    expect(await b.view()).toMatchObject({ step: 8, total: 8, stepId: "review" });

    const done = await b.post({ step: "8", intent: "create", agreeTerms: "on" });
    expect(done).toMatchObject({ kind: "redirect", location: "/client-welcome" });
    expect(b.has("wm_register")).toBe(false);
    expect(b.has("wm_toast")).toBe(true);
    const user = await getUser(b.sessionRequest());
    expect(user).toMatchObject({ email, fullName: "Ada Lovelace", role: "client" });
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.userId, user?.id ?? ""));
    expect(audit.map((a) => a.kind)).toEqual(["ACCOUNT_CREATION"]);
    expect(JSON.stringify(audit)).not.toContain("Passw0rdX");
    // The new address is not confirmed yet; a 24-hour link to confirm it is e-mailed once the account exists.
    expect(await isEmailConfirmed(user?.id ?? "")).toBe(false);
    await vi.waitFor(() => {
      const dir = config().mailDir;
      const mails = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).map((f) => fs.readFileSync(path.join(dir, f), "utf8")) : [];
      expect(mails.some((m) => m.includes(`To: ${email}`) && m.includes("/confirm-email?token="))).toBe(true);
    }, { timeout: 10_000 });
  });

  it("asks a new client to confirm their address once, in the home page's banner; the mail greets them by name", async () => {
    const b = new Browser();
    const email = uniqueEmail("once");
    await clientToReview(b, email);
    expect(await b.post({ step: "8", intent: "create", agreeTerms: "on" })).toMatchObject({ kind: "redirect", location: "/client-welcome" });
    // The welcome message welcomes; it does not ask again.
    const { toast } = await getToast(b.sessionRequest());
    expect(toast).toMatchObject({ title: "Welcome to WealthMatch", description: "Your account has been created." });

    // The page the person lands on asks once: the banner, with the address and a way to get a new link.
    const loaderData = await call(welcomeLoader, b.sessionRequest());
    const root = { settings: await getSettings() };
    const Page = ClientWelcome as unknown as ComponentType<{ loaderData: typeof loaderData }>;
    const router = createMemoryRouter([{ id: "root", path: "/", Component: () => createElement(Page, { loaderData }), loader: () => root }], {
      initialEntries: ["/"],
      hydrationData: { loaderData: { root } },
    });
    const text = renderToString(createElement(RouterProvider, { router })).replace(/<[^>]+>/g, " ");
    // The banner's heading and its line, nothing else on the page.
    expect(text.match(/confirm (your|it|the)|confirmation link|link we sent/gi)).toEqual(["confirm your", "confirm it"]);
    expect(text).toContain("Please confirm your email address");
    expect(text).toContain("Resend the link");

    let mail = "";
    await vi.waitFor(() => {
      const dir = config().mailDir;
      mail = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8")).find((m) => m.includes(`To: ${email}`)) ?? "";
      expect(mail).toContain("/confirm-email?token=");
    }, { timeout: 10_000 });
    expect(mail).toContain("Hello Ada Lovelace,");
  });

  it("takes a professional through 9 steps to /professional-dashboard with an unverified listing", async () => {
    const b = new Browser();
    const email = uniqueEmail("pro");
    await professionalToReview(b, email);
    expect(await b.view()).toMatchObject({ step: 9, total: 9, stepId: "review", userType: "professional" });

    const done = await b.post({ step: "9", intent: "create", agreeTerms: "on" });
    expect(done).toMatchObject({ kind: "redirect", location: "/professional-dashboard" });
    const user = await getUser(b.sessionRequest());
    expect(user?.role).toBe("professional");
    const [listing] = await db().select().from(professionals).where(eq(professionals.email, email)).limit(1);
    expect(listing).toMatchObject({ name: "Grace Hopper", experienceYears: 11, verified: false, featured: false, userId: user?.id });
  });

  it("takes the role from the account type chosen on step 1, never from posted fields", async () => {
    const b = new Browser();
    const email = uniqueEmail("sneaky");
    await clientToReview(b, email);
    const done = await b.post({ step: "8", intent: "create", agreeTerms: "on", role: "admin", userType: "professional" });
    expect(done).toMatchObject({ kind: "redirect", location: "/client-welcome" });
    const [user] = await db().select().from(users).where(eq(users.email, email)).limit(1);
    const roles = await db().select().from(userRoles).where(eq(userRoles.userId, user?.id ?? ""));
    expect(roles.map((r) => r.role)).toEqual(["client"]);
  });

  it("keeps every answer on Back, even ones not yet valid", async () => {
    const b = new Browser();
    const email = uniqueEmail("back");
    await b.next(1, { userType: "client" });
    await b.next(2, { firstName: "Ada", lastName: "Lovelace" });
    await b.next(3, { email, password: "Passw0rdX", confirmPassword: "Passw0rdX" });
    const back = await b.post({ step: "4", intent: "back", countryOfResidency: "SG", phone: "123" });
    expect(back).toMatchObject({ kind: "redirect", location: "/register?step=3" });
    expect(await b.view()).toMatchObject({
      step: 3,
      values: { email, password: "Passw0rdX", confirmPassword: "Passw0rdX", firstName: "Ada", countryOfResidency: "SG", phone: "123" },
    });
    await b.post({ step: "3", intent: "back", email: "half-typed", password: "", confirmPassword: "" });
    await b.post({ step: "2", intent: "back", firstName: "Ada", lastName: "Lovelace" });
    const first = await b.view();
    expect(first).toMatchObject({ step: 1, furthest: 4, values: { userType: "client", email: "half-typed", countryOfResidency: "SG" } });
    // The password is never in the page data away from step 3.
    expect(first.values).not.toHaveProperty("password");
    expect(JSON.stringify(first)).not.toContain("Passw0rdX");
  });

  it("refuses a step with a missing required answer, keeping it and its answers", async () => {
    const b = new Browser();
    expect(errorsOf(await b.post({ step: "1", intent: "continue" }))).toEqual({ userType: [MESSAGES.userType] });
    await b.next(1, { userType: "professional" });
    const refused = await b.post({ step: "2", intent: "continue", firstName: "Grace", lastName: "" });
    expect(refused).toMatchObject({ kind: "data", status: 400, body: { view: { step: 2, values: { firstName: "Grace" } } } });
    expect(errorsOf(refused)).toEqual({ lastName: ["Last name is required"] });
    expect(await b.view()).toMatchObject({ step: 2, values: { firstName: "Grace" } });
    await b.next(2, { firstName: "Grace", lastName: "Hopper" });
    await b.next(3, { email: uniqueEmail("gate"), password: "Passw0rdX", confirmPassword: "Passw0rdX" });
    const noCompany = await b.post({ step: "4", intent: "continue", dateOfBirth: "1970-01-01" });
    expect(errorsOf(noCompany)).toEqual({ companyName: [MESSAGES.companyName] });
    await b.next(4, { companyName: "Independent", dateOfBirth: "1970-01-01" });
    expect(errorsOf(await b.post({ step: "5", intent: "continue", certifications: "CFA" }))).toEqual({
      experienceYears: [MESSAGES.experience],
    });
    expect(await b.view()).toMatchObject({ step: 5, values: { certifications: ["CFA"] } });
  });

  it("checks the password rules, the match and the e-mail at step 3", async () => {
    const existing = uniqueEmail("existing");
    await upsertAccount({ email: existing, password: "Passw0rdX", role: "client" });
    const b = new Browser();
    await b.next(1, { userType: "client" });
    await b.next(2, { firstName: "Ada", lastName: "Lovelace" });

    const weak = await b.post({ step: "3", intent: "continue", email: uniqueEmail("w"), password: "password", confirmPassword: "password" });
    expect(errorsOf(weak).password).toEqual([
      "Password must contain at least one uppercase letter",
      "Password must contain at least one number",
    ]);
    const short = await b.post({ step: "3", intent: "continue", email: uniqueEmail("w"), password: "Ab1", confirmPassword: "Ab1" });
    expect(errorsOf(short).password).toEqual(["Password must be at least 8 characters long"]);
    const mismatch = await b.post({ step: "3", intent: "continue", email: uniqueEmail("m"), password: "Passw0rdX", confirmPassword: "Passw0rdY" });
    expect(errorsOf(mismatch)).toEqual({ confirmPassword: ["Passwords do not match"] });
    const taken = await b.post({ step: "3", intent: "continue", email: existing.toUpperCase(), password: "Passw0rdX", confirmPassword: "Passw0rdX" });
    expect(errorsOf(taken)).toEqual({ email: ["An account with this email already exists."] });
    expect(taken).toMatchObject({ status: 400, body: { view: { step: 3, values: { email: existing.toUpperCase() } } } });
    expect((await b.view()).step).toBe(3);
  });

  it("refuses Create Account until the terms are agreed", async () => {
    const b = new Browser();
    await clientToReview(b, uniqueEmail("terms"));
    const refused = await b.post({ step: "8", intent: "create", agreeMarketing: "on" });
    expect(refused).toMatchObject({ kind: "data", status: 400, body: { view: { step: 8, values: { agreeMarketing: "on" } } } });
    expect(errorsOf(refused)).toEqual({ agreeTerms: ["You must agree to the terms and conditions"] });
    expect(b.has("wm_session")).toBe(false);
  });

  it("sends the person back to step 3 when the e-mail was taken while they finished", async () => {
    const b = new Browser();
    const email = uniqueEmail("late");
    await clientToReview(b, email);
    await upsertAccount({ email, password: "Passw0rdX", role: "client" });
    const refused = await b.post({ step: "8", intent: "create", agreeTerms: "on" });
    expect(refused).toMatchObject({ kind: "data", status: 400, body: { view: { step: 3 } } });
    expect(errorsOf(refused)).toEqual({ email: [MESSAGES.emailTaken] });
    expect(b.has("wm_session")).toBe(false);
  });

  it("never skips ahead: a posted step beyond the one reached is ignored", async () => {
    const b = new Browser();
    await b.next(1, { userType: "client" });
    const skip = await b.post({ step: "8", intent: "create", agreeTerms: "on" });
    expect(skip).toMatchObject({ kind: "data", status: 400, body: { view: { step: 2 } } });
    expect(errorsOf(skip)).toEqual({ firstName: ["First name is required"], lastName: ["Last name is required"] });
  });

  it("starts again at step 1 when the wizard cookie was tampered with", async () => {
    const b = new Browser();
    await b.next(1, { userType: "professional" });
    await b.next(2, { firstName: "Grace", lastName: "Hopper" });
    const sealed = b.get("wm_register") ?? "";
    b.set("wm_register", `${sealed.slice(0, -2)}${sealed.endsWith("AA") ? "BB" : "AA"}`);
    expect(await b.view("/register")).toEqual({ step: 1, furthest: 1, total: 8, stepId: "type", userType: null, values: {} });
  });

  it("says so when a later step arrives without a valid wizard state, and starts again", async () => {
    const b = new Browser();
    await b.next(1, { userType: "client" });
    await b.next(2, { firstName: "Ada", lastName: "Lovelace" });
    b.set("wm_register", null);
    const lost = await b.post({ step: "3", intent: "continue", email: uniqueEmail("lost"), password: "Passw0rdX", confirmPassword: "Passw0rdX" });
    expect(lost).toMatchObject({ kind: "data", status: 400, body: { view: { step: 1, values: {} } } });
    expect(errorsOf(lost)).toEqual({ "": [EXPIRED] });
    await b.next(1, { userType: "client" });
    expect((await b.view()).step).toBe(2);
  });

  it("gives each step its own address: any step reached can be shown again, a later one goes to the furthest", async () => {
    const b = new Browser();
    await b.next(1, { userType: "client" });
    await b.next(2, { firstName: "Ada", lastName: "Lovelace" });
    await b.next(3, { email: uniqueEmail("address"), password: "Passw0rdX", confirmPassword: "Passw0rdX" });
    // Refresh keeps the step; the browser's Back shows an earlier one with its answers.
    expect(await b.view("/register?step=4")).toMatchObject({ step: 4, furthest: 4, stepId: "personal" });
    expect(await b.view("/register?step=2")).toMatchObject({ step: 2, furthest: 4, values: { firstName: "Ada" } });
    expect(await b.view("/register")).toMatchObject({ step: 1, furthest: 4, values: { userType: "client" } });
    for (const beyond of ["/register?step=5", "/register?step=99", "/register?step=abc", "/register?step=0"]) {
      const sent = await settle(loader, getRequest(beyond, { cookie: b.cookie }));
      expect(sent instanceof Response && [sent.status, sent.headers.get("Location")]).toEqual([302, "/register?step=4"]);
    }
    // Posting an earlier step from history moves on from there, without forgetting the furthest step.
    await b.next(2, { firstName: "Augusta", lastName: "Lovelace" });
    expect(await b.view("/register?step=4")).toMatchObject({ step: 4, values: { firstName: "Augusta" } });
  });

  it("opens with the account type a link chose, until the person posts their own", async () => {
    const b = new Browser();
    expect(await b.view("/register?type=professional")).toEqual({
      step: 1, furthest: 1, total: 9, stepId: "type", userType: "professional", values: { userType: "professional" },
    });
    expect(await b.view("/register?type=admin")).toMatchObject({ total: 8, userType: null, values: {} });
    await b.next(1, { userType: "client" });
    expect(await b.view()).toMatchObject({ step: 2, total: 8, userType: "client" });
  });

  it("forgets the steps reached beyond step 3 when the account type changes", async () => {
    const b = new Browser();
    await professionalToReview(b, uniqueEmail("switch"));
    expect((await b.view()).furthest).toBe(9);
    await b.next(1, { userType: "client" });
    expect(await b.view("/register?step=2")).toMatchObject({ furthest: 4, total: 8 });
    const sent = await settle(loader, getRequest("/register?step=8", { cookie: b.cookie }));
    expect(sent instanceof Response && sent.headers.get("Location")).toBe("/register?step=4");
  });

  it("sends a signed-in visitor to their home", async () => {
    const b = new Browser();
    await clientToReview(b, uniqueEmail("home"));
    await b.post({ step: "8", intent: "create", agreeTerms: "on" });
    let thrown: unknown;
    try {
      await b.view();
    } catch (e) {
      thrown = e;
    }
    expect(thrown instanceof Response && thrown.headers.get("Location")).toBe("/client-welcome");
    expect(await b.post({ step: "1", intent: "continue", userType: "professional" })).toMatchObject({
      kind: "redirect",
      location: "/client-welcome",
    });
  });
});

describe("/register while password hashing is full", () => {
  it("Create Account answers 503 busy, writes nothing and keeps the answers for a retry", async () => {
    const b = new Browser();
    const email = uniqueEmail("busy");
    await clientToReview(b, email);
    await configureHashPoolForTests({ threads: 1, maxQueue: 1 });
    const holding = [hashPassword("Hold-1"), hashPassword("Hold-2")];
    await expect(b.post({ step: "8", intent: "create", agreeTerms: "on" })).rejects.toMatchObject({
      init: { status: 503, headers: { "Retry-After": "5" } },
    });
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
    await Promise.all(holding);
    await configureHashPoolForTests({ maxQueue: 256, niceIncrement: 0 });
    const done = await b.post({ step: "8", intent: "create", agreeTerms: "on" });
    expect(done).toMatchObject({ kind: "redirect", location: "/client-welcome" });
  });
});
