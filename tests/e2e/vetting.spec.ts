import { expect, test, type Browser, type Page } from "@playwright/test";
import { confirmEmailFromMail, createUser, getSetting, registerProfessionalThroughWizard, testDb, uniqueEmail, visitFromOwnAddress, type TestUser, jsOn, signInAs } from "./support";
import { screenshot } from "./support/screenshots";

// Vetting: a professional records a regulator registration and clients see it with its register's link;
// an admin cannot verify until every checklist item is done, then verifies. Runs with JavaScript on and off.
const PASSWORD = "Passw0rd!Vetting";

const tag = () => (jsOn() ? "J" : "N");

/** A complete entry (matching data, 8 years of experience) linked to `userId`, not verified. */
function addProfessional(name: string, email: string, userId: string | null): number {
  const row = testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, user_id, verified, experience_years, experience_range, certifications, services,
        aum_range, client_profiles, communication, countries_served, fee_model, languages, fee_schedule)
       VALUES (?, 'Wealth Advisor', ?, ?, ?, 0, 6, '6-10', '["CFA"]', '["Investment Management"]', '50-100M',
        '["HNWI"]', '["video"]', '["UK"]', 'fee-only', '["English"]', '0.8% a year') RETURNING id`,
    )
    .get(name, `${name} Partners`, email, userId) as { id: number };
  return row.id;
}

async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: jsOn() });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

test("a professional adds a registration (a wrong format refused first) and the client-facing profile links to the register", async ({ browser }) => {
  // Sign-ins at the production bcrypt cost, on a shared machine.
  test.setTimeout(90_000);
  const user = await createUser({ email: uniqueEmail("vetting-pro"), password: PASSWORD, role: "professional", name: `Regan ${tag()}` });
  const id = addProfessional(`Regan ${tag()}`, user.email, user.id);
  const page = await signedIn(browser, user);

  await page.goto("/professional-dashboard");
  await page.getByRole("link", { name: "Add your registrations" }).click();
  await expect(page).toHaveURL(/\/professional-dashboard\/registrations$/);

  await page.getByLabel("Register").selectOption("uk-fca-frn");
  await page.getByLabel("Registration number").fill("12AB");
  await page.getByRole("button", { name: "Save registration" }).click();
  await expect(page.getByText(/That is not a valid FCA Financial Services Register \(FRN\) number: 6 or 7 digits\./)).toBeVisible();
  await expect(page.getByLabel("Registration number")).toHaveValue("12AB");

  await page.getByLabel("Registration number").fill("123 456");
  await page.getByRole("button", { name: "Save registration" }).click();
  await expect(toast(page, "Registration saved")).toBeVisible();
  await expect(page.getByRole("list", { name: "Your registrations" })).toContainText("123456");

  await page.goto(`/professionals/${id}`);
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Regulator registrations" }) });
  await expect(section).toContainText("FCA Financial Services Register (FRN)");
  await expect(section).toContainText("Not checked yet.");
  const link = section.getByRole("link", { name: /See the public record/ });
  await expect(link).toHaveAttribute("href", "https://register.fca.org.uk/s/search?q=123456&type=Companies");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(link).toHaveAttribute("target", "_blank");
});

test("an admin cannot verify until every checklist item is done, then verifies; the profile says what was checked", async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await createUser({ email: uniqueEmail("vetting-admin"), password: PASSWORD, role: "admin" });
  const name = `Vera ${tag()}${Date.now().toString(36).slice(-4)}`;
  const id = addProfessional(name, uniqueEmail("vetting-entry"), null);
  testDb().prepare("INSERT INTO professional_registrations (professional_id, register, number) VALUES (?, 'us-crd-individual', '1234567')").run(id);
  const page = await signedIn(browser, admin);

  await page.goto("/admin/professionals");
  await page.getByRole("link", { name: `Unverified: vetting checklist of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/professionals/${id}/vetting$`));
  await expect(page.getByRole("button", { name: "Verify" })).toBeDisabled();

  // The action refuses too, whatever the button says.
  const forged = await page.request.post(`/admin/professionals/${id}/vetting`, { form: { intent: "verify" } });
  expect(forged.status()).toBe(400);
  expect(testDb().prepare("SELECT verified FROM professionals WHERE id = ?").get(id)).toEqual({ verified: 0 });

  // The register item needs its note.
  const register = page.locator("li", { has: page.getByRole("heading", { name: "Register record checked" }) });
  await register.getByRole("button", { name: "Mark as done" }).click();
  await expect(register.getByText("Say what the register record shows.")).toBeVisible();
  await register.getByLabel("What the register shows").fill("BrokerCheck: registered since 2014, no disclosures");
  await register.getByRole("button", { name: "Mark as done" }).click();
  await expect(toast(page, "Register record checked: ticked.")).toBeVisible();

  for (const label of ["Identity checked", "At least 3 years of experience", "Disciplinary history reviewed", "Fee schedule received"]) {
    await page.locator("li", { has: page.getByRole("heading", { name: label }) }).getByRole("button", { name: "Mark as done" }).click();
    await expect(toast(page, `${label}: ticked.`)).toBeVisible();
  }
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "Professional verified for 12 months.")).toBeVisible();
  expect(testDb().prepare("SELECT verified FROM professionals WHERE id = ?").get(id)).toEqual({ verified: 1 });

  await page.goto(`/professionals/${id}`);
  await expect(page.getByTestId("verified-on")).toContainText(": register record, identity, experience, disciplinary history and fees");
});

test("'Mark as done' is disabled where the facts do not allow the tick and says what is missing; a reason why no registration applies enables it", async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await createUser({ email: uniqueEmail("vetting-blocked"), password: PASSWORD, role: "admin" });
  const id = addProfessional(`Nolan ${tag()}${Date.now().toString(36).slice(-4)}`, uniqueEmail("vetting-young"), null);
  testDb().prepare("UPDATE professionals SET experience_years = 0, experience_range = '0-2' WHERE id = ?").run(id);
  const page = await signedIn(browser, admin);
  await page.goto(`/admin/professionals/${id}/vetting`);

  const item = (name: string) => page.locator("li", { has: page.getByRole("heading", { name }) });
  const experience = item("At least 3 years of experience");
  await expect(experience.getByRole("button", { name: "Mark as done" })).toBeDisabled();
  await expect(experience.getByRole("button", { name: "Mark as done" })).toHaveAccessibleDescription(/below the published minimum of 3 years/);
  await expect(experience.getByText("Cannot be ticked yet.")).toBeVisible();
  const register = item("Register record checked");
  await expect(register.getByRole("button", { name: "Mark as done" })).toBeDisabled();
  await expect(register.getByText(/No registration is recorded yet: the professional adds theirs on their dashboard, or record why none applies\./)).toBeVisible();
  await expect(page.getByText("The server will refuse this")).toHaveCount(0);
  // Items the facts allow stay enabled.
  await expect(item("Identity checked").getByRole("button", { name: "Mark as done" })).toBeEnabled();
  await screenshot(page, "vetting-blocked", { widths: [375, 1280], locator: page.getByRole("heading", { name: "Checklist" }) });

  // The action refuses too, whatever the page shows.
  const forged = await page.request.post(`/admin/professionals/${id}/vetting`, { form: { intent: "tick", item: "experience" } });
  expect(forged.status()).toBe(400);
  expect(testDb().prepare("SELECT count(*) AS n FROM vetting_checks WHERE professional_id = ?").get(id)).toEqual({ n: 0 });

  await register.getByLabel(/The reason, as clients read it/).fill("A family-office lawyer: no securities register applies to this practice.");
  await register.getByRole("button", { name: "Save the reason" }).click();
  await expect(toast(page, "Reason recorded: clients read it beside the Verified badge.")).toBeVisible();
  await expect(item("Register record checked").getByRole("button", { name: "Mark as done" })).toBeEnabled();
  await expect(item("At least 3 years of experience").getByRole("button", { name: "Mark as done" })).toBeDisabled();
});

test("a professional follows the onboarding checklist from registration to verified; the admin's ticks show as they are made", async ({ browser }) => {
  // A nine-step registration, a profile, a registration, two sign-ins and an admin's checklist.
  test.setTimeout(240_000);
  const context = await browser.newContext({ javaScriptEnabled: jsOn() });
  await visitFromOwnAddress(context, test.info());
  const page = await context.newPage();
  const email = uniqueEmail("onboarding");
  // Letters only, as the wizard asks of a name.
  const lastName = `Onboard${tag()}${Date.now().toString(36).slice(-4).replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "x")}`;
  await registerProfessionalThroughWizard(page, {
    email,
    password: PASSWORD,
    firstName: "Olivia",
    lastName,
    company: "Onboard Partners",
    experience: "6-10",
    services: ["Estate Planning", "Tax Planning"],
  });
  const id = (testDb().prepare("SELECT id FROM professionals WHERE email = ? COLLATE NOCASE").get(email) as { id: number }).id;

  const main = page.getByRole("main");
  const checklist = main.getByRole("region", { name: "Your path to verification" });
  const step = (key: string) => main.locator(`li[aria-labelledby="step-${key}"]`);
  const reviewTime = (getSetting("vetting") as { reviewTime: string }).reviewTime;
  await expect(checklist.getByTestId("onboarding-progress")).toHaveText("0 of 5 steps done");
  await expect(checklist).toContainText(`Our team reviews a complete profile ${reviewTime}.`);
  await expect(main.getByText("Our team is reviewing your profile")).toHaveCount(0);
  // The services chosen in the wizard are counted and listed (not "Specialties 0").
  const glance = main.getByRole("region", { name: "Profile at a glance" });
  await expect(glance.getByRole("term").filter({ hasText: "Services" }).locator("..")).toContainText("2");
  await expect(main.getByRole("list", { name: "Services offered" })).toHaveText(/Tax Planning\s*Estate Planning|Estate Planning\s*Tax Planning/);
  await expect(step("profile")).toContainText("To do");
  await expect(step("profile")).toContainText("Still missing: your professional title, a short biography and your fee schedule.");
  await expect(step("registrations")).toContainText("To do");
  await expect(step("availability")).toContainText("To do");
  await expect(step("review")).toContainText("0 of 5 checks done.");
  await expect(step("plan")).toContainText("With our team");
  await expect(step("plan")).toContainText("Membership is arranged with our team, not on this site.");
  await screenshot(page, "onboarding-new", { widths: [375, 1280], fullPage: true });

  // 1. The profile.
  await step("profile").getByRole("link", { name: "Complete your profile" }).click();
  await expect(page).toHaveURL(/\/professional-dashboard\/edit$/);
  await page.getByLabel("Professional title").fill("Partner");
  await page.getByLabel("Bio").fill("Twenty years beside families with assets in Switzerland and abroad.");
  await page.getByLabel("Fee schedule").fill("0.8% a year on the first CHF 10M, 0.5% above");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/professional-dashboard$/);
  await expect(step("profile")).toContainText("Done");
  await expect(step("profile")).toContainText("Your title, biography, fee schedule and matching details are all filled in.");

  // 2. A registration.
  await step("registrations").getByRole("link", { name: "Add your registrations" }).click();
  await expect(page).toHaveURL(/\/professional-dashboard\/registrations$/);
  await page.getByLabel("Register").selectOption("uk-fca-frn");
  await page.getByLabel("Registration number").fill("654321");
  await page.getByRole("button", { name: "Save registration" }).click();
  await expect(toast(page, "Registration saved")).toBeVisible();
  await page.getByRole("link", { name: "Professional Dashboard" }).first().click();
  await expect(step("registrations")).toContainText("1 registration on your profile.");
  await expect(step("review").getByTestId("check-register")).toContainText("with our team");

  // 3. The hours: the link leads to their page; the hours themselves are set up directly (the form has its own specs).
  await step("availability").getByRole("link", { name: "Set your hours" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Availability for First Calls" })).toBeVisible();
  testDb()
    .prepare("INSERT INTO availability (professional_id, time_zone, meeting_minutes, weekly, offers_phone) VALUES (?, 'Europe/Zurich', 30, ?, 1)")
    .run(id, JSON.stringify([{ day: 2, start: "09:00", end: "12:00" }]));
  await page.goto("/professional-dashboard");
  await expect(step("availability")).toContainText("Done");
  await expect(step("availability")).toContainText("(Europe/Zurich)");
  await expect(checklist.getByTestId("onboarding-progress")).toHaveText("3 of 5 steps done");

  // 4. Our team's review: the admin ticks three items; the professional sees them, without the admin's note.
  const admin = await createUser({ email: uniqueEmail("onboarding-admin"), password: PASSWORD, role: "admin" });
  const adminPage = await signedIn(browser, admin);
  await adminPage.goto(`/admin/professionals/${id}/vetting`);
  const item = (name: string) => adminPage.locator("li", { has: adminPage.getByRole("heading", { name }) });
  const note = `FCA register read by hand ${tag()}: authorised, no disclosures`;
  await item("Register record checked").getByLabel("What the register shows").fill(note);
  await item("Register record checked").getByRole("button", { name: "Mark as done" }).click();
  await expect(toast(adminPage, "Register record checked: ticked.")).toBeVisible();
  for (const label of ["Identity checked", "At least 3 years of experience"]) {
    await item(label).getByRole("button", { name: "Mark as done" }).click();
    await expect(toast(adminPage, `${label}: ticked.`)).toBeVisible();
  }
  await page.reload();
  await expect(step("review")).toContainText("3 of 5 checks done.");
  await expect(step("review").getByTestId("check-identity")).toContainText("done");
  await expect(step("review").getByTestId("check-fees")).toContainText("with our team");
  await expect(main.getByText(note)).toHaveCount(0);
  await expect(main.getByText(admin.email)).toHaveCount(0);
  await screenshot(page, "onboarding-review", { widths: [375, 1280], locator: checklist });

  for (const label of ["Disciplinary history reviewed", "Fee schedule received"]) {
    await item(label).getByRole("button", { name: "Mark as done" }).click();
    await expect(toast(adminPage, `${label}: ticked.`)).toBeVisible();
  }
  await adminPage.getByRole("button", { name: "Verify" }).click();
  await expect(toast(adminPage, "Professional verified for 12 months.")).toBeVisible();
  await adminPage.context().close();

  // 5. Verified: every step done once the address is confirmed (onboarding-journey.spec.ts shows the checklist
  // before); membership (billing off here) arranged with the team, on its own page.
  await confirmEmailFromMail(page, email);
  await page.reload();
  const ready = main.getByRole("region", { name: "Your profile is ready" });
  await expect(ready.getByTestId("onboarding-progress")).toHaveText("5 of 5 steps done");
  await expect(step("review")).toContainText(/Verified until \w{3} \d{1,2}, \d{4}: clients can be proposed your profile\./);
  await expect(glance).toContainText("Verified");
  await expect(step("plan")).toContainText("Arranged with our team: there is nothing to pay on this site.");
  await screenshot(page, "onboarding-done", { widths: [375, 1280], locator: ready });

  await step("plan").getByRole("link", { name: "How membership works" }).click();
  await expect(page).toHaveURL(/\/professional-dashboard\/plan$/);
  await expect(page.getByRole("heading", { level: 1, name: "Membership" })).toBeVisible();
  await expect(main.getByText("Membership of the WealthMatch network is arranged directly with our team, not on this site.")).toBeVisible();
  const contact = getSetting("contact") as { email: string; phone: string; city: string };
  await expect(main.getByRole("link", { name: contact.email })).toHaveAttribute("href", `mailto:${contact.email}`);
  await expect(main.getByRole("link", { name: contact.phone })).toBeVisible();
  await expect(main.getByText(contact.city)).toBeVisible();
  await expect(main.getByTestId("membership-standing")).toHaveText("You are verified: clients can be proposed your profile.");
  await screenshot(page, "plan-billing-off", { widths: [375, 1280], fullPage: true });
  await context.close();
});
