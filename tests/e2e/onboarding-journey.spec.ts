import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { confirmEmailFromMail, createUser, expectArrived, jsOn, registerProfessionalThroughWizard, testDb, uniqueEmail, visitFromOwnAddress, signInAs } from "./support";
import { screenshot } from "./support/screenshots";

// Issue #33, done when "a professional follows the onboarding checklist from registration to verified":
// the real wizard, then each step's link followed and the step completed as a person would (the profile
// form, the registration form, the weekly hours' time inputs), the dashboard's checklist changing after
// each; then an admin ticks the five checks and verifies, and once the address is confirmed from the mail
// the checklist reads complete. One journey per project: with JavaScript at 1280 px, without it at 375 px
// (a phone with the member menu folded).
const PASSWORD = "Passw0rd!Onboard";

const width = () => (jsOn() ? 1280 : 375);
const tag = () => (jsOn() ? "J" : "N");

async function adminPage(browser: Browser): Promise<Page> {
  const admin = await createUser({ email: uniqueEmail("journey-admin"), password: PASSWORD, role: "admin" });
  const context = await browser.newContext({ javaScriptEnabled: jsOn(), viewport: { width: width(), height: 900 } });
  const page = await context.newPage();
  await signInAs(page, admin);
  return page;
}

test("a professional follows the onboarding checklist from registration to verified", async ({ browser }) => {
  // Nine wizard steps, three forms, an admin's sign-in and five ticks, on a shared two-core machine.
  test.setTimeout(180_000);
  const context = await browser.newContext({ javaScriptEnabled: jsOn(), viewport: { width: width(), height: 900 } });
  await visitFromOwnAddress(context, test.info());
  const page = await context.newPage();
  const email = uniqueEmail("journey");
  // Letters only, as the wizard asks of a name.
  const lastName = `Journey${tag()}${Date.now().toString(36).slice(-4).replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "x")}`;
  await registerProfessionalThroughWizard(page, {
    email,
    password: PASSWORD,
    firstName: "Jonas",
    lastName,
    company: "Journey Partners",
    experience: "11-15",
    services: ["Estate Planning", "Tax Planning"],
  });

  const main = page.getByRole("main");
  const checklist = main.getByRole("region", { name: "Your path to verification" });
  const progress = checklist.getByTestId("onboarding-progress");
  const step = (key: string): Locator => main.locator(`li[aria-labelledby="step-${key}"]`);
  const pill = (key: string) => step(key).getByText(/^(Done|To do|With our team)$/);
  const backToDashboard = async (steps: string) => {
    await main.getByRole("link", { name: "Professional Dashboard" }).click();
    await expectArrived(page, /\/professional-dashboard$/, progress.filter({ hasText: steps }));
  };

  // Registered: every step with its state and its link.
  await expect(main.getByRole("list", { name: "Onboarding steps" }).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) })).toHaveCount(5);
  await expect(progress).toHaveText("0 of 5 steps done");
  const first = [
    ["profile", "To do", "Complete your profile"],
    ["registrations", "To do", "Add your registrations"],
    ["availability", "To do", "Set your hours"],
    ["review", "To do", "Our standards"],
    ["plan", "With our team", "How membership works"],
  ] as const;
  for (const [key, state, link] of first) {
    await expect(pill(key)).toHaveText(state);
    await expect(step(key).getByRole("link", { name: link })).toBeVisible();
  }
  await expect(step("profile")).toContainText("Still missing: your professional title, a short biography and your fee schedule.");
  await expect(step("review")).toContainText("0 of 5 checks done.");
  await expect(step("review").getByTestId("check-register")).toContainText("Add your registrations first.");
  await expect(step("review").getByTestId("check-fees")).toContainText("Write your fee schedule on your profile");

  // 1. The profile, through its form.
  await step("profile").getByRole("link", { name: "Complete your profile" }).click();
  await expectArrived(page, /\/professional-dashboard\/edit$/, page.getByLabel("Professional title"));
  await page.getByLabel("Professional title").fill("Private Wealth Partner");
  await page.getByLabel("Bio").fill("Fifteen years beside founders and families with assets in Switzerland and abroad.");
  await page.getByLabel("Fee schedule").fill("0.8% a year on the first CHF 10M, 0.5% above");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectArrived(page, /\/professional-dashboard$/, progress.filter({ hasText: "1 of 5 steps done" }));
  await expect(pill("profile")).toHaveText("Done");
  await expect(step("profile")).toContainText("Your title, biography, fee schedule and matching details are all filled in.");
  await expect(step("profile").getByRole("link", { name: "Edit your profile" })).toBeVisible();
  await expect(step("review").getByTestId("check-fees")).toContainText("with our team");

  // 2. A regulator registration, through its form.
  await step("registrations").getByRole("link", { name: "Add your registrations" }).click();
  await expectArrived(page, /\/professional-dashboard\/registrations$/, page.getByLabel("Registration number"));
  await page.getByLabel("Register").selectOption("uk-fca-frn");
  await page.getByLabel("Registration number").fill("765432");
  await page.getByRole("button", { name: "Save registration" }).click();
  await expect(page.getByText("Registration saved", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your registrations" })).toContainText("765432");
  await backToDashboard("2 of 5 steps done");
  await expect(pill("registrations")).toHaveText("Done");
  await expect(step("registrations")).toContainText("1 registration on your profile.");
  await expect(step("registrations").getByRole("link", { name: "Manage your registrations" })).toBeVisible();
  await expect(step("review").getByTestId("check-register")).toContainText("with our team");
  // Nothing waits for the professional in the review any more: it is with our team.
  await expect(pill("review")).toHaveText("With our team");

  // 3. The weekly hours, with the time inputs.
  await step("availability").getByRole("link", { name: "Set your hours" }).click();
  await expectArrived(page, /\/professional-dashboard\/availability$/, page.getByRole("heading", { level: 1, name: "Availability for First Calls" }));
  await page.getByRole("combobox", { name: "Your time zone" }).selectOption("Europe/Zurich");
  // The weekdays come with office hours suggested: Tuesday becomes the morning only, Saturday gains one.
  await page.getByLabel("Tuesday, range 1, From").fill("08:30");
  await page.getByLabel("Tuesday, range 1, To").fill("12:00");
  await page.getByLabel("Tuesday, range 2, From").fill("");
  await page.getByLabel("Tuesday, range 2, To").fill("");
  await page.getByLabel("Saturday, range 1, From").fill("10:00");
  await page.getByLabel("Saturday, range 1, To").fill("11:30");
  await page.getByLabel("Your video meeting link").fill("https://meet.example.com/jonas");
  await page.getByRole("button", { name: "Save availability" }).click();
  await expectArrived(page, /\/professional-dashboard$/, progress.filter({ hasText: "3 of 5 steps done" }));
  await expect(page.getByText("Clients whose introduction you accepted can now book a first call in these hours.")).toBeVisible();
  await expect(pill("availability")).toHaveText("Done");
  await expect(step("availability")).toContainText("(Europe/Zurich)");
  await expect(step("availability").getByRole("link", { name: "Change your hours" })).toBeVisible();
  // Saved as typed: the form shows them again.
  await step("availability").getByRole("link", { name: "Change your hours" }).click();
  await expectArrived(page, /\/professional-dashboard\/availability$/, page.getByText("Your hours are live"));
  await expect(page.getByLabel("Tuesday, range 1, To")).toHaveValue("12:00");
  await expect(page.getByLabel("Saturday, range 1, From")).toHaveValue("10:00");
  await backToDashboard("3 of 5 steps done");
  await expect(step("review")).toContainText("0 of 5 checks done.");
  await screenshot(page, "onboarding-journey-part-done", { fullPage: true });

  // 4. Our team's review: an admin ticks the five checks on the vetting page, then verifies.
  const id = (testDb().prepare("SELECT id FROM professionals WHERE email = ? COLLATE NOCASE").get(email) as { id: number }).id;
  const admin = await adminPage(browser);
  await admin.goto(`/admin/professionals/${id}/vetting`);
  const item = (name: string) => admin.locator("li", { has: admin.getByRole("heading", { name }) });
  const ticked = (label: string) => admin.getByText(`${label}: ticked.`, { exact: true });
  await expect(admin.getByRole("button", { name: "Verify" })).toBeDisabled();
  await item("Register record checked").getByLabel("What the register shows").fill(`FCA register ${tag()}: authorised, no disclosures`);
  await item("Register record checked").getByRole("button", { name: "Mark as done" }).click();
  await expect(ticked("Register record checked")).toBeVisible();
  await item("Identity checked").getByRole("button", { name: "Mark as done" }).click();
  await expect(ticked("Identity checked")).toBeVisible();

  // The professional sees the review move as the ticks are made.
  await page.reload();
  await expect(step("review")).toContainText("2 of 5 checks done.");
  await expect(step("review").getByTestId("check-identity")).toContainText("done");
  await expect(step("review").getByTestId("check-experience")).toContainText("with our team");

  for (const label of ["At least 3 years of experience", "Disciplinary history reviewed", "Fee schedule received"]) {
    await item(label).getByRole("button", { name: "Mark as done" }).click();
    await expect(ticked(label)).toBeVisible();
  }
  await admin.getByRole("button", { name: "Verify" }).click();
  await expect(admin.getByText("Professional verified for 12 months.", { exact: true })).toBeVisible();
  await admin.context().close();

  // 5. Verified, every step done; but the address from the wizard is still unconfirmed, so clients who ask
  // to meet them would wait unseen: the checklist is not "ready" and says the confirmation is what is left.
  await page.reload();
  const confirm = main.getByRole("region", { name: "Confirm your email address", exact: true });
  await expect(confirm.getByTestId("onboarding-progress")).toHaveText("5 of 5 steps done");
  await expect(confirm).toContainText("you see those who ask to meet you only once you confirm your email address");
  await expect(page.getByRole("region", { name: "Please confirm your email address" })).toBeVisible();
  await expect(main.getByRole("region", { name: "Your profile is ready" })).toHaveCount(0);

  // 6. The professional confirms the address from the mail: the checklist is complete.
  await confirmEmailFromMail(page, email);
  await expect(page).toHaveURL(/\/professional-dashboard$/);
  const ready = main.getByRole("region", { name: "Your profile is ready" });
  await expect(ready.getByTestId("onboarding-progress")).toHaveText("5 of 5 steps done");
  await expect(main.getByRole("region", { name: "Your path to verification" })).toHaveCount(0);
  for (const key of ["profile", "registrations", "availability", "review", "plan"]) await expect(pill(key)).toHaveText("Done");
  await expect(step("review")).toContainText(/Verified until \w{3} \d{1,2}, \d{4}: clients can be proposed your profile\./);
  for (const check of ["register", "identity", "experience", "disciplinary", "fees"]) await expect(step("review").getByTestId(`check-${check}`)).toContainText("done");
  await expect(step("plan")).toContainText("Arranged with our team: there is nothing to pay on this site.");
  await expect(main.getByRole("region", { name: "Profile at a glance" })).toContainText("Verified");
  await screenshot(page, "onboarding-journey-verified", { fullPage: true });
  await context.close();
});
