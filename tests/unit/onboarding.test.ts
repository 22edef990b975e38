// The professional's onboarding checklist on /professional-dashboard (billing off here; billing on is in
// billing.test.ts): each step's state and link from registration to verified, the vetting items' progress
// as an admin ticks them (never their notes or names), the review time from the site settings, the services
// chosen in the wizard counted, and what waits for an answer rendered first.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { availability, introductions, professionals, registrationAnswers, users } from "~/platform/schema";
import { getSettings } from "~/platform/settings.server";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { createRegistration } from "~/features/registration/create-registration.server";
import type { ProfessionalRegistration } from "~/features/registration/registration-schema";
import { onboardingView, type OnboardingFacts, type OnboardingView } from "~/features/professional-home/onboarding";
import Dashboard, { loader as dashboardLoader } from "~/routes/professional-dashboard";
import * as registrationsRoute from "~/routes/professional-dashboard.registrations";
import * as vettingRoute from "~/routes/admin.professionals.$id.vetting";
import * as settingsRoute from "~/routes/admin.settings";
import { call, formRequest, getRequest, requestArgs, routeArgs } from "./helpers";
import { errorsOf, run, uniqueEmail } from "./support/auth-requests";

type Cookie = { cookie: string };

async function signedIn(userId: string): Promise<string> {
  return (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
}

/** A professional as the registration wizard leaves them: services chosen, no specialties, nothing else. */
async function registered(): Promise<Cookie & { userId: string; id: number; email: string }> {
  const email = uniqueEmail("onboarding");
  const reg: ProfessionalRegistration = {
    userType: "professional",
    firstName: "Olivia",
    lastName: "Onboard",
    email,
    password: "Passw0rdX",
    confirmPassword: "Passw0rdX",
    dateOfBirth: "1975-03-02",
    agreeTerms: true,
    companyName: "Onboard Partners",
    experienceYears: "6-10",
    servicesOffered: ["Tax Planning", "Estate Planning", "Investment Management"],
    assetsUnderManagement: "50-100M",
    typicalClientProfile: ["HNWI"],
    preferredCommunication: "video",
    countriesServed: ["CH"],
    feeModel: "fee-only",
    languages: ["English"],
    disciplinaryAction: false,
  };
  const result = await createRegistration(reg);
  if (!result.ok) throw new Error("not registered");
  const [row] = await db().select({ id: professionals.id }).from(professionals).where(eq(professionals.userId, result.userId));
  return { userId: result.userId, id: row!.id, email, cookie: await signedIn(result.userId) };
}

const dashboard = async (cookie: string) => {
  const out = await run(() => call(dashboardLoader, getRequest("/professional-dashboard", { cookie })));
  expect(out.status).toBe(200);
  return out.body as { onboarding: OnboardingView } & Record<string, unknown>;
};
const step = (view: OnboardingView, id: string) => view.steps.find((s) => s.id === id)!;

/** The dashboard as the server renders it, from the loader's data. */
function render(loaderData: unknown): string {
  const router = createMemoryRouter([{ path: "/professional-dashboard", Component: () => createElement(Dashboard, { loaderData } as never) }], {
    initialEntries: ["/professional-dashboard"],
  });
  return renderToString(createElement(RouterProvider, { router })).replace(/<!-- -->/g, "");
}

let admin: Cookie & { email: string };
beforeAll(async () => {
  const email = uniqueEmail("onboarding-admin");
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role: "admin" });
  admin = { email, cookie: await signedIn(userId) };
});

const tick = (id: number, fields: Record<string, string>) =>
  run(() => vettingRoute.action(routeArgs(formRequest(`/admin/professionals/${id}/vetting`, { intent: "tick", ...fields }, { cookie: admin.cookie }), { id: String(id) }) as never));

describe("right after registering", () => {
  it("counts and lists the services chosen in the wizard (the specialties, their own tags, start empty)", async () => {
    const pro = await registered();
    const html = render(await dashboard(pro.cookie));
    const glance = html.slice(html.indexOf('aria-label="Profile at a glance"'));
    expect(glance).toMatch(/<dt[^>]*>Services<\/dt><dd[^>]*>3<\/dd>/);
    expect(glance).not.toMatch(/>Specialties<\/dt>/);
    for (const service of ["Tax Planning", "Estate Planning", "Investment Management"]) expect(html).toContain(`>${service}</li>`);
  });

  it("shows the checklist: what the profile lacks, registrations and hours to add, the review with our team and membership arranged with the team", async () => {
    const pro = await registered();
    const { onboarding } = await dashboard(pro.cookie);
    expect(onboarding.steps.map((s) => [s.id, s.state, s.link.to])).toEqual([
      ["profile", "todo", "/professional-dashboard/edit"],
      ["registrations", "todo", "/professional-dashboard/registrations"],
      ["availability", "todo", "/professional-dashboard/availability"],
      ["review", "todo", "/professionals#standards-title"],
      ["plan", "team", "/professional-dashboard/plan"],
    ]);
    expect(step(onboarding, "profile").text).toBe("Still missing: your professional title, a short biography and your fee schedule.");
    expect(step(onboarding, "plan")).toMatchObject({ title: "Membership", link: { label: "How membership works" } });
    expect(step(onboarding, "review").text).toBe(`0 of 5 checks done. Our team reviews a complete profile ${(await getSettings()).vetting.reviewTime}.`);
    expect(step(onboarding, "review").checks?.map((c) => [c.item, c.state])).toEqual([
      ["register", "todo"],
      ["identity", "team"],
      ["experience", "team"],
      ["disciplinary", "team"],
      ["fees", "todo"],
    ]);
    expect(onboarding).toMatchObject({ done: 0, complete: false });

    // The bare "Pending: our team is reviewing your profile" gives way to the checklist.
    const html = render(await dashboard(pro.cookie));
    expect(html).not.toContain("Our team is reviewing your profile");
    expect(html).toContain("0 of 5 onboarding steps done");
    expect(html).toContain("Your path to verification");
  });
});

describe("from registration to verified", () => {
  it("follows each step; the review counts the admin's ticks in the professional's words, without the admin's notes or address", async () => {
    const pro = await registered();
    await db()
      .update(professionals)
      .set({ title: "Partner", bio: "Cross-border families.", feeSchedule: "0.8% a year" })
      .where(eq(professionals.id, pro.id));
    let view = (await dashboard(pro.cookie)).onboarding;
    expect(step(view, "profile")).toMatchObject({ state: "done", link: { label: "Edit your profile" } });

    const added = await run(() =>
      registrationsRoute.action(routeArgs(formRequest("/professional-dashboard/registrations", { intent: "add", register: "ch-uid", number: "CHE-123.456.788" }, { cookie: pro.cookie })) as never),
    );
    expect(added.status).toBe(303);
    await db().insert(availability).values({ professionalId: pro.id, timeZone: "Europe/Zurich", meetingMinutes: 30, weekly: [{ day: 1, start: "09:00", end: "12:00" }], offersPhone: true });
    view = (await dashboard(pro.cookie)).onboarding;
    expect(step(view, "registrations")).toMatchObject({ state: "done", text: "1 registration on your profile.", link: { label: "Manage your registrations" } });
    expect(step(view, "availability")).toMatchObject({ state: "done", text: expect.stringContaining("(Europe/Zurich)") });
    expect(step(view, "review").state).toBe("team");

    const note = "FINMA list read by hand: Onboard Partners AG, authorised";
    expect(await tick(pro.id, { item: "register", checkedOn: "2026-01-10", note })).toMatchObject({ status: 303 });
    expect(await tick(pro.id, { item: "identity", note: "Passport seen on the call" })).toMatchObject({ status: 303 });
    expect(await tick(pro.id, { item: "experience" })).toMatchObject({ status: 303 });
    const page = await dashboard(pro.cookie);
    view = page.onboarding;
    expect(step(view, "review").text).toMatch(/^3 of 5 checks done\. /);
    expect(step(view, "review").checks?.map((c) => [c.label, c.state])).toEqual([
      ["Your registrations looked up on the regulators' public registers", "done"],
      ["Your identity confirmed against the register record", "done"],
      ["Your experience confirmed (at least 3 years)", "done"],
      ["Your disciplinary history reviewed", "team"],
      ["Your written fee schedule received", "team"],
    ]);
    const shown = JSON.stringify(page) + render(page);
    for (const secret of [note, "Passport seen", admin.email, "2026-01-10"]) expect(shown).not.toContain(secret);

    expect(await tick(pro.id, { item: "disciplinary" })).toMatchObject({ status: 303 });
    expect(await tick(pro.id, { item: "fees" })).toMatchObject({ status: 303 });
    const verify = await run(() => vettingRoute.action(routeArgs(formRequest(`/admin/professionals/${pro.id}/vetting`, { intent: "verify" }, { cookie: admin.cookie }), { id: String(pro.id) }) as never));
    expect(verify).toMatchObject({ status: 303 });

    const after = await dashboard(pro.cookie);
    view = after.onboarding;
    expect(step(view, "review")).toMatchObject({ state: "done", text: expect.stringMatching(/^Verified until \w{3} \d{1,2}, \d{4}: clients can be proposed your profile\./) });
    expect(step(view, "review").checks?.every((c) => c.state === "done")).toBe(true);
    expect(step(view, "plan")).toMatchObject({ state: "done", text: "Arranged with our team: there is nothing to pay on this site." });
    // The wizard's address is not confirmed yet: every step is done, but clients who ask stay unseen.
    expect(view).toMatchObject({ done: 5, complete: false, title: "Confirm your email address" });
    expect(render(after)).not.toContain("Your profile is ready");

    await db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, pro.userId));
    const confirmed = await dashboard(pro.cookie);
    expect(confirmed.onboarding).toMatchObject({ done: 5, complete: true });
    expect(render(confirmed)).toContain("Your profile is ready");
  });
});

describe("the expected review time", () => {
  it("is a site setting the admin edits on /admin/settings (checked like any field) and the checklist quotes it", async () => {
    const before = await getSettings();
    const fields = (reviewTime: string) => {
      const flat: Record<string, string> = { baseline: JSON.stringify(before) };
      const walk = (value: unknown, prefix: string) => {
        if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
        else if (typeof value === "boolean") {
          if (value) flat[prefix] = "on";
        } else flat[prefix] = value === null ? "" : String(value);
      };
      walk(before, "");
      flat["vetting.reviewTime"] = reviewTime;
      return flat;
    };
    const save = (reviewTime: string) => run(() => settingsRoute.action(routeArgs(formRequest("/admin/settings", fields(reviewTime), { cookie: admin.cookie })) as never));

    expect(before.vetting.reviewTime).toBe("within 3 business days");
    const refused = await save("");
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.body)["vetting.reviewTime"]).toEqual(["Review time is required"]);
    expect((await getSettings()).vetting.reviewTime).toBe("within 3 business days");

    try {
      expect(await save("within five working days")).toMatchObject({ status: 303 });
      const pro = await registered();
      const { onboarding } = await dashboard(pro.cookie);
      expect(onboarding.reviewPromise).toBe("Our team reviews a complete profile within five working days.");
      expect(step(onboarding, "review").text).toContain("Our team reviews a complete profile within five working days.");
    } finally {
      await save(before.vetting.reviewTime);
    }
  });
});

describe("what needs the professional's answer", () => {
  it("a new introduction is rendered before the figures and the checklist; once answered the list goes below them", async () => {
    const pro = await registered();
    // Until their address is confirmed they learn only that someone asked: that word comes first too.
    await db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, pro.userId));
    const client = await upsertAccount({ email: uniqueEmail("onboarding-client"), password: "Passw0rdX", role: "client", name: "Clara Client" });
    await db().insert(registrationAnswers).values({ userId: client.userId, userType: "client", answers: { investmentObjectives: ["Growth"], preferredCommunication: "email" } });
    const [intro] = await db().insert(introductions).values({ clientUserId: client.userId, professionalId: pro.id, status: "requested", requestedAt: new Date() }).returning({ id: introductions.id });

    const at = (html: string, marker: string) => {
      const i = html.indexOf(marker);
      expect(i, marker).toBeGreaterThan(-1);
      return i;
    };
    let html = render(await dashboard(pro.cookie));
    expect(at(html, 'id="introductions-heading"')).toBeLessThan(at(html, 'aria-label="Profile at a glance"'));
    expect(at(html, 'id="introductions-heading"')).toBeLessThan(at(html, 'id="onboarding-heading"'));
    expect(html).toContain("Awaiting your answer");

    await db().update(introductions).set({ status: "accepted", answeredAt: new Date() }).where(eq(introductions.id, intro!.id));
    html = render(await dashboard(pro.cookie));
    expect(at(html, 'aria-label="Profile at a glance"')).toBeLessThan(at(html, 'id="introductions-heading"'));
  });
});

describe("the checklist's wording", () => {
  const facts = (over: Partial<OnboardingFacts> = {}): OnboardingFacts => ({
    profileMissing: [],
    registrations: 1,
    exemption: false,
    availability: { timeZone: "Europe/London" },
    plan: null,
    verification: { state: "unverified", expiresAt: null, paused: false },
    checksDone: [],
    experienceMeets: true,
    feeSchedule: true,
    reviewTime: "within 3 business days",
    emailConfirmed: true,
    ...over,
  });

  it("says what waits for the professional in a check: experience below the minimum, no fee schedule", () => {
    const checks = step(onboardingView(facts({ experienceMeets: false, feeSchedule: false })), "review").checks!;
    expect(checks.find((c) => c.item === "experience")).toMatchObject({ state: "todo", note: expect.stringContaining("below our published minimum of 3 years") });
    expect(checks.find((c) => c.item === "fees")).toMatchObject({ state: "todo", note: "Write your fee schedule on your profile, or send it to our team." });
  });

  it("billing on: the plan waits for verification, then is the professional's to choose, done once active", () => {
    const none = { state: "none" as const, name: null };
    expect(step(onboardingView(facts({ plan: none })), "plan")).toMatchObject({ state: "team", text: "Plans open once our team has verified you. You can read them meanwhile.", link: { to: "/professional-dashboard/plan" } });
    const verified = { state: "current" as const, expiresAt: "2027-06-01T00:00:00.000Z", paused: false };
    expect(step(onboardingView(facts({ plan: none, verification: verified })), "plan")).toMatchObject({ state: "todo", link: { label: "Go to your plan" } });
    expect(step(onboardingView(facts({ plan: { state: "active", name: "Practice" }, verification: verified })), "plan")).toMatchObject({ state: "done", text: "Practice is active." });
    expect(step(onboardingView(facts({ plan: { state: "past_due", name: "Practice" }, verification: verified })), "plan").state).toBe("todo");
  });

  it("says where the professional stands: until verified, then what is left, then ready", () => {
    expect(onboardingView(facts())).toMatchObject({
      title: "Your path to verification",
      lead: "Clients are proposed your profile once our team has verified it. Our team reviews a complete profile within 3 business days.",
    });
    expect(onboardingView(facts({ plan: { state: "none", name: null } })).lead).toMatch(/^Clients are proposed your profile once our team has verified it and your plan is active\./);
    const verified = { state: "current" as const, expiresAt: "2027-06-01T00:00:00.000Z", paused: false };
    expect(onboardingView(facts({ verification: verified, availability: null }))).toMatchObject({ title: "What is left to do", complete: false });
    expect(onboardingView(facts({ verification: verified, plan: { state: "canceled", name: "Practice" } })).lead).toBe("Clients are proposed your profile once your plan is active.");
    expect(onboardingView(facts({ verification: verified }))).toMatchObject({ title: "Your profile is ready", complete: true, done: 5 });
  });

  it("every step done with the address unconfirmed: not ready, and says the confirmation is what is left", () => {
    const verified = { state: "current" as const, expiresAt: "2027-06-01T00:00:00.000Z", paused: false };
    const view = onboardingView(facts({ verification: verified, emailConfirmed: false }));
    expect(view).toMatchObject({ title: "Confirm your email address", complete: false, done: 5 });
    expect(view.lead).toMatch(/you see those who ask to meet you only once you confirm your email address/);
    // Before every step is done, the steps say what is left; the banner asks for the address.
    expect(onboardingView(facts({ emailConfirmed: false })).title).toBe("Your path to verification");
  });

  it("a renewal goes through the checks again; a paused verification says why", () => {
    const due = onboardingView(facts({ verification: { state: "renewal-due", expiresAt: "2027-06-01T12:00:00.000Z", paused: false }, checksDone: ["identity"] }));
    expect(step(due, "review")).toMatchObject({ state: "team", text: "Your verification ends on Jun 1, 2027, so our team is checking your profile again. 1 of 5 checks done." });
    const paused = onboardingView(facts({ verification: { state: "current", expiresAt: "2027-06-01T12:00:00.000Z", paused: true } }));
    expect(step(paused, "review").text).toMatch(/^A change in your regulator's record is under review/);
  });
});
