import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, signIn, testDb, uniqueEmail, type TestUser, jsOn } from "./support";

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
  await signIn(page, user.email, PASSWORD, { path: user.role === "admin" ? "/admin/login" : "/login", waitForLanding: true });
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
