import { expect, test, type Page } from "@playwright/test";
import { axeViolations, createUser, testDb, uniqueEmail, jsOn } from "./support";

// Matching, the admin's side: an admin sees a waiting client against the 24-hour promise, opens the proposed
// shortlist with its reasons, and releases it. Runs in the js and no-js projects on one database, so
// each test makes its own client and professionals (complete, verified, serving Switzerland); only its
// own professionals work in the client's (made-up) language, so they rank first whatever else is there.
const PASSWORD = "Passw0rd!Match";
// Letters only (names allow no digits), different in every test and project.
const tag = () =>
  `${jsOn() ? "J" : "N"}${Date.now().toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q")}`;

function addProfessional(name: string, company: string, language: string) {
  testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, verified, experience_years, certifications, services, aum_range,
        client_profiles, communication, countries_served, fee_model, languages)
       VALUES (?, 'Advisor', ?, ?, 1, 12, '["CFA"]', '["Investment Management","Tax Planning"]', '50-100M',
        '["HNWI","UHNWI","Entrepreneurs"]', '["video","email"]', '["CH"]', 'fee-only', ?)`,
    )
    .run(name, company, uniqueEmail("match-pro"), JSON.stringify(["English", language]));
}

/** Serious and critical axe findings (axe needs JavaScript: checked in the js project; the markup is the same). */
async function axeFindings(page: Page): Promise<string[]> {
  if (!jsOn()) return [];
  return axeViolations(page);
}

test("an admin reviews a waiting client's explained shortlist and releases it", async ({ page }) => {
  // Several accounts made with the real CLI, axe twice and four form posts: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const t = tag();
  for (const n of [1, 2, 3]) addProfessional(`Match Pro ${t} ${n}`, `Match Firm ${t} ${n}`, `Lang${t}`);
  const clientName = `Waiting Client ${t}`;
  const client = await createUser({ email: uniqueEmail("match-client"), password: PASSWORD, role: "client", name: clientName });
  testDb()
    .prepare("INSERT INTO registration_answers (user_id, user_type, answers, created_at) VALUES (?, 'client', ?, ?)")
    .run(
      client.id,
      JSON.stringify({ countryOfResidency: "CH", investmentObjectives: ["Growth", "Tax Optimization"], netWorth: "10-25M", preferredCommunication: "video", advisorLanguage: `Lang${t}` }),
      Date.now() - 30 * 3_600_000,
    );
  const admin = await createUser({ email: uniqueEmail("match-admin"), password: PASSWORD, role: "admin" });

  await page.goto("/admin/login");
  await page.getByLabel("Email", { exact: true }).fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole("link", { name: "Matches" }).click();
  const row = page.getByRole("listitem").filter({ hasText: clientName });
  // Thirty hours is overdue on a weekday; over a weekend one business day may not have passed yet.
  await expect(row).toContainText(/Waiting 30 h; (one business day passed at .* \(overdue\)|due by )/);
  expect(await axeFindings(page)).toEqual([]);
  await row.getByRole("link", { name: clientName }).click();

  await expect(page.getByRole("heading", { level: 1, name: clientName })).toBeVisible();
  await expect(page.getByText("Switzerland")).toBeVisible();
  // Opening the page stores nothing; the admin computes the proposal explicitly.
  await expect(page.getByText("No shortlist proposed yet.")).toBeVisible();
  await page.getByRole("button", { name: "Compute shortlist" }).click();
  await expect(page.getByText("Shortlist recomputed against today's verified professionals.")).toBeVisible();
  const items = page.getByTestId("shortlist-item");
  await expect(items.nth(0)).toContainText(`1. Match Pro ${t} 1`);
  await expect(items.nth(1)).toContainText(`2. Match Pro ${t} 2`);
  await expect(items.nth(2)).toContainText(`3. Match Pro ${t} 3`);
  // Whole points a person reads, and why a factor's most is not its weight in words, not "scaled by 100/115".
  await expect(items.first()).toContainText(/Score \d{1,3} \/ 100/);
  for (const points of await items.first().getByTestId("factor-points").allInnerTexts()) expect(points.trim()).toMatch(/^(\d+ \/ \d+|—)$/);
  await expect(items.first().getByTestId("factor-total")).toHaveText(/^\d{1,3} \/ 100$/);
  await expect(items.first()).not.toContainText("scaled by");
  await expect(items.first()).toContainText("Serves clients in your country.");
  await expect(items.first()).toContainText(/Works in [^.]+\./);

  expect(await axeFindings(page)).toEqual([]);
  await page.getByRole("button", { name: "Release shortlist" }).click();
  await page.getByRole("button", { name: "Yes, release it" }).click();
  await expect(page).toHaveURL(/\/admin\/matches$/);
  await expect(page.getByText("Shortlist released. The client has been emailed.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: clientName })).toHaveCount(0);
  const stored = testDb().prepare("SELECT status FROM shortlists WHERE client_user_id = ?").get(client.id) as { status: string };
  expect(stored.status).toBe("released");
});
