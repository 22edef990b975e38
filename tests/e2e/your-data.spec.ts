import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { createUser, signIn, testDb, uniqueEmail, visitFromOwnAddress, signInAs } from "./support";

// Runs in the js and no-js projects: the download is a plain link, the deletion a plain form.
const PASSWORD = "Passw0rd!YourData";

test.beforeEach(({ context }, testInfo) => visitFromOwnAddress(context, testInfo));

test("a client downloads their data, deletes the account with the password, and can no longer sign in", async ({ page }) => {
  const email = uniqueEmail("your-data");
  const user = await createUser({ email, password: PASSWORD, role: "client", name: "Olivia Data" });
  // The wizard's answers, as registration stores them.
  testDb()
    .prepare("INSERT INTO registration_answers (user_id, user_type, answers) VALUES (?, 'client', ?)")
    .run(user.id, JSON.stringify({ firstName: "Olivia", lastName: "Data", netWorth: "10-25M", countryOfResidency: "UK" }));

  await signIn(page, email, PASSWORD, { waitForLanding: true });
  await page.goto("/client-welcome");
  const yourData = page.getByRole("region", { name: "Your data" });
  await expect(yourData).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), yourData.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^wealthmatch-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();
  const exported = JSON.parse(await readFile(file, "utf8")) as {
    account: { id: string; email: string };
    profile: { fullName: string } | null;
    roles: string[];
    registrationAnswers: { answers: Record<string, unknown> } | null;
    sessions: Record<string, unknown>[];
  };
  expect(exported.account).toMatchObject({ id: user.id, email });
  expect(exported.profile?.fullName).toBe("Olivia Data");
  expect(exported.roles).toEqual(["client"]);
  expect(exported.registrationAnswers?.answers).toMatchObject({ netWorth: "10-25M", countryOfResidency: "UK" });
  expect(exported.sessions.length).toBeGreaterThan(0);
  for (const s of exported.sessions) expect(s).not.toHaveProperty("id");

  await yourData.getByRole("link", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/account\/delete$/);
  await expect(page.getByRole("heading", { level: 1, name: "Delete your account" })).toBeVisible();

  // A wrong password is refused under the field and nothing is deleted.
  await page.getByLabel("Your password", { exact: true }).fill("Not-the-passw0rd");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Password is incorrect")).toBeVisible();
  expect(testDb().prepare("SELECT id FROM users WHERE id = ?").get(user.id)).toBeDefined();

  await page.getByLabel("Your password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account has been deleted.")).toBeVisible();

  expect(testDb().prepare("SELECT id FROM users WHERE id = ?").get(user.id)).toBeUndefined();
  const mentions = testDb().prepare("SELECT count(*) AS n FROM audit_events WHERE email = ? COLLATE NOCASE OR user_id = ?").get(email, user.id) as { n: number };
  expect(mentions.n).toBe(0);

  // Signed out, and the address and password no longer open anything.
  const page2 = await page.goto("/account/data.json");
  expect(page2?.url()).toContain("/login");
  await signIn(page, email, PASSWORD);
  await expect(page.getByText("Invalid email or password. Please try again.").first()).toBeVisible();
});

test("an admin downloads a client's data and deletes the account from /admin/users, with a confirm step", async ({ page, javaScriptEnabled }) => {
  const admin = await createUser({ email: uniqueEmail("your-data-admin"), password: PASSWORD, role: "admin" });
  const client = await createUser({ email: uniqueEmail("your-data-client"), password: PASSWORD, role: "client", name: "Percival Gone" });
  await signInAs(page, admin, { at: `/admin/users?q=${encodeURIComponent(client.email)}` });
  const row = page.getByRole("row").filter({ hasText: client.email });
  await expect(row).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: `Download data of ${client.email}` }).click()]);
  const exported = JSON.parse(await readFile(await download.path(), "utf8")) as { account: { email: string } };
  expect(exported.account.email).toBe(client.email);

  if (javaScriptEnabled) {
    // With JavaScript, confirm() asks first: dismissed, nothing happens; accepted, the account goes.
    page.once("dialog", (dialog) => void dialog.dismiss());
    await row.getByRole("button", { name: `Delete ${client.email}` }).click();
    await expect(row).toHaveCount(1);
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: `Delete ${client.email}` }).click();
  } else {
    // Without it, Delete opens the confirm step.
    await row.getByRole("link", { name: `Delete ${client.email}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delete user" })).toBeVisible();
    await page.getByRole("button", { name: "Delete this account" }).click();
  }
  await expect(page.getByText("The account has been deleted.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
  expect(testDb().prepare("SELECT id FROM users WHERE id = ?").get(client.id)).toBeUndefined();
  const actions = testDb().prepare("SELECT detail FROM audit_events WHERE kind = 'ADMIN_ACTION' AND user_id = ?").all(admin.id) as { detail: string }[];
  expect(actions.map((a) => a.detail)).toEqual(expect.arrayContaining([expect.stringMatching(/^downloaded the data/), expect.stringMatching(/^deleted an account/)]));
});
