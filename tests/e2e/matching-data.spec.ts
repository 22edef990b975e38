import { expect, test, type Page } from "@playwright/test";
import { createUser, testDb, uniqueEmail, visitFromOwnAddress, signInAs } from "./support";

// Matching data in, with JavaScript on and off (docs/decisions/021-matching-data-edits.md): a professional's matching
// answers from the wizard reach the admin's edit page; a verified professional's change waits for an
// admin's approval; a client keeps their answers current.
const PASSWORD = "Passw0rd!Data";

test.beforeEach(({ context }, testInfo) => visitFromOwnAddress(context, testInfo));

async function continueTo(page: Page, step: number, total: number) {
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(`Step ${step} of ${total}`, { exact: true })).toBeVisible();
}

async function signInAsAdmin(page: Page) {
  const admin = await createUser({ email: uniqueEmail("data-admin"), password: PASSWORD, role: "admin" });
  await page.context().clearCookies();
  await signInAs(page, admin);
  return admin;
}

const COMPLETE = `experience_years = 12, services = '["Investment Management","Tax Planning"]', aum_range = '100-500M',
  client_profiles = '["HNWI","UHNWI"]', communication = '["email","video"]', countries_served = '["US","UK"]',
  fee_model = 'fee-only', languages = '["English"]'`;

test("a professional's matching answers from the wizard are on the admin's edit page", async ({ page }) => {
  const email = uniqueEmail("data-pro");
  await page.goto("/register");
  await page.getByRole("radio", { name: /Financial Professional/ }).check();
  await continueTo(page, 2, 9);
  await page.getByLabel("First Name").fill("Maria");
  await page.getByLabel("Last Name").fill("Sibylla");
  await continueTo(page, 3, 9);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await continueTo(page, 4, 9);
  await page.getByLabel("Company Name").fill("Sibylla Partners");
  await page.getByLabel("Date of Birth").fill("1975-03-02");
  await continueTo(page, 5, 9);
  await page.getByLabel("Years of Experience").selectOption("16-20");
  await continueTo(page, 6, 9);
  await page.getByLabel("Estate Planning").check();
  await page.getByLabel("Fee-only").check();
  await page.getByLabel("I offer sustainable and impact investing.").check();
  await continueTo(page, 7, 9);
  await page.getByLabel("Assets Under Management").selectOption("50-100M");
  await page.getByLabel("Family Offices").check();
  await page.getByLabel("Switzerland").check();
  await page.getByLabel("Worldwide").check();
  await continueTo(page, 8, 9);
  await page.getByLabel("In person").check();
  await page.getByLabel("English").check();
  await page.getByLabel("German").check();
  await continueTo(page, 9, 9);

  const summary = page.getByRole("main");
  for (const text of ["Fee-only", "Offered", "Switzerland, Worldwide", "English, German", "In person"]) {
    await expect(summary.getByText(text, { exact: true })).toBeVisible();
  }
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/professional-dashboard$/);

  const row = testDb().prepare("SELECT id, services, fee_model, impact_investing, languages, countries_served, communication FROM professionals WHERE email = ?").get(email) as {
    id: number;
  } & Record<string, unknown>;
  expect(row).toMatchObject({
    services: '["Estate Planning"]',
    fee_model: "fee-only",
    impact_investing: 1,
    languages: '["English","German"]',
    countries_served: '["CH","worldwide"]',
    communication: '["in-person"]',
  });

  await signInAsAdmin(page);
  await page.goto(`/admin/professionals/${row.id}/edit`);
  const matching = page.getByRole("region", { name: "Matching data" });
  await expect(matching.getByLabel("Estate Planning")).toBeChecked();
  await expect(matching.getByLabel("Tax Planning")).not.toBeChecked();
  await expect(matching.getByLabel("How they are paid")).toHaveValue("fee-only");
  await expect(matching.getByLabel("Assets under management")).toHaveValue("50-100M");
  await expect(matching.getByLabel("Offers sustainable and impact investing")).toBeChecked();
  await expect(matching.getByLabel("Worldwide")).toBeChecked();
  await expect(matching.getByLabel("German")).toBeChecked();
  await expect(matching.getByLabel("In person")).toBeChecked();
  await expect(page.getByLabel("Disciplinary action disclosed")).not.toBeChecked();

  // Every matching answer was given: the vetting checklist, where verifying happens, names nothing missing.
  await page.goto(`/admin/professionals/${row.id}/vetting`);
  await expect(page.getByRole("button", { name: "Verify" })).toBeVisible();
  await expect(page.getByText(/Complete the matching data before verifying/)).toHaveCount(0);
});

test("verifying a professional with incomplete matching data is refused, naming what is missing", async ({ page }) => {
  const email = uniqueEmail("data-incomplete");
  const { lastInsertRowid } = testDb().prepare("INSERT INTO professionals (name, email, services) VALUES ('Ida Incomplete', ?, '[\"Tax Planning\"]')").run(email);
  await signInAsAdmin(page);
  await page.goto(`/admin/professionals/${lastInsertRowid}/edit`);
  await page.getByLabel("Bio", { exact: true }).fill("Text that stays");
  await page.getByRole("button", { name: "Update Professional" }).click();
  await expect(page).toHaveURL(/\/admin\/professionals$/);
  // Verifying happens on the vetting checklist, which names what is missing and refuses the post.
  await page.goto(`/admin/professionals/${lastInsertRowid}/vetting`);
  await expect(page.getByText(/Complete the matching data before verifying\. Missing: assets under management, .*languages\./)).toBeVisible();
  const forged = await page.request.post(`/admin/professionals/${lastInsertRowid}/vetting`, { form: { intent: "verify" } });
  expect(forged.status()).toBe(400);
  expect(testDb().prepare("SELECT verified, bio FROM professionals WHERE id = ?").get(lastInsertRowid)).toEqual({ verified: 0, bio: "Text that stays" });
});

test("a verified professional's change to matching data waits for an admin's approval", async ({ page }) => {
  const pro = await createUser({ email: uniqueEmail("data-verified"), password: PASSWORD, role: "professional" });
  const { lastInsertRowid: id } = testDb()
    .prepare(`INSERT INTO professionals (name, company, email, verified, user_id) VALUES ('Vera Verified', 'Vera & Co', ?, 1, ?)`)
    .run(pro.email, pro.id);
  testDb().prepare(`UPDATE professionals SET ${COMPLETE} WHERE id = ?`).run(id);

  await signInAs(page, pro, { at: "/professional-dashboard/edit" });
  await expect(page.getByText(/reviewed by our team before matching uses it/).first()).toBeVisible();
  await page.getByLabel("French").check();
  await page.getByLabel("Professional title").fill("Partner");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/professional-dashboard$/);
  await expect(page.getByText("Your changes await approval")).toBeVisible();
  await expect(page.getByText(/You changed languages on/)).toBeVisible();
  expect(testDb().prepare("SELECT title, languages, pending_matching IS NOT NULL AS waiting FROM professionals WHERE id = ?").get(id)).toEqual({
    title: "Partner",
    languages: '["English"]',
    waiting: 1,
  });

  await signInAsAdmin(page);
  await page.goto(`/admin/professionals/${id}/edit`);
  const pending = page.getByRole("region", { name: "Matching changes awaiting approval" });
  await expect(pending).toContainText("Languages");
  await expect(pending).toContainText("English, French");
  await pending.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Matching changes approved")).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Matching data" }).getByLabel("French")).toBeChecked();
  expect(testDb().prepare("SELECT languages, pending_matching FROM professionals WHERE id = ?").get(id)).toEqual({
    languages: '["English","French"]',
    pending_matching: null,
  });
});

test("a client edits the answers matching uses, and the shortlist goes back to the admins", async ({ page }) => {
  const client = await createUser({ email: uniqueEmail("data-client"), password: PASSWORD, role: "client", name: "Clara Client" });
  testDb()
    .prepare("INSERT INTO registration_answers (user_id, user_type, answers) VALUES (?, 'client', ?)")
    .run(client.id, JSON.stringify({ firstName: "Clara", countryOfResidency: "US", investmentObjectives: ["Growth"], netWorth: "5-10M" }));
  testDb().prepare("INSERT INTO shortlists (client_user_id, status, items, released_at) VALUES (?, 'released', '[]', ?)").run(client.id, Date.now());

  await signInAs(page, client);
  await expect(page).toHaveURL(/\/client-welcome$/);
  await page.getByRole("link", { name: "Update your answers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your answers" })).toBeVisible();
  await expect(page.getByLabel("Country of Residency")).toHaveValue("US");
  await expect(page.getByLabel("Growth")).toBeChecked();

  // The wizard's rules: at least one objective.
  await page.getByLabel("Growth").uncheck();
  await page.getByLabel("Country of Residency").selectOption("UK");
  await page.getByRole("button", { name: "Save Answers" }).click();
  await expect(page.getByText("Please select at least one investment objective")).toBeVisible();
  await expect(page.getByLabel("Country of Residency")).toHaveValue("UK");
  expect(testDb().prepare("SELECT json_extract(answers, '$.countryOfResidency') AS c FROM registration_answers WHERE user_id = ?").get(client.id)).toEqual({ c: "US" });

  await page.getByLabel("Estate Planning").check();
  await page.getByLabel("Video call").check();
  await page.getByLabel("Fee-only").check();
  await page.getByLabel(/sustainable and impact investing/).check();
  await page.getByLabel("Language", { exact: true }).selectOption("French");
  await page.getByRole("button", { name: "Save Answers" }).click();
  await expect(page).toHaveURL(/\/client-welcome$/);
  await expect(page.getByText("Answers saved")).toBeVisible();

  const stored = testDb().prepare("SELECT answers FROM registration_answers WHERE user_id = ?").get(client.id) as { answers: string };
  expect(JSON.parse(stored.answers)).toEqual({
    firstName: "Clara",
    countryOfResidency: "UK",
    investmentObjectives: ["Estate Planning"],
    netWorth: "5-10M",
    preferredCommunication: "video",
    advisorFeeModel: "fee-only",
    advisorImpactInvesting: true,
    advisorLanguage: "French",
  });
  expect(testDb().prepare("SELECT status, released_at FROM shortlists WHERE client_user_id = ?").get(client.id)).toEqual({ status: "proposed", released_at: null });

  // An optional answer, once given, can be taken back: a radio button cannot be unticked.
  await page.getByRole("link", { name: "Update your answers" }).click();
  const communication = page.getByRole("group", { name: /Preferred communication/ });
  await expect(communication.getByLabel("Video call")).toBeChecked();
  await communication.getByLabel("No preference").check();
  await page.getByRole("button", { name: "Save Answers" }).click();
  await expect(page.getByText("Answers saved")).toBeVisible();
  const cleared = testDb().prepare("SELECT answers FROM registration_answers WHERE user_id = ?").get(client.id) as { answers: string };
  expect(JSON.parse(cleared.answers)).not.toHaveProperty("preferredCommunication");
  await page.getByRole("link", { name: "Update your answers" }).click();
  await expect(page.getByRole("group", { name: /Preferred communication/ }).getByLabel("No preference")).toBeChecked();
});
