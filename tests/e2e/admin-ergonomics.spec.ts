import { expect, test, type Locator, type Page } from "@playwright/test";
import { generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { createUser, signIn, signInAsNew, testDb, uniqueEmail, jsOn, signInAs, checkedOnce } from "./support";
import { screenshot } from "./support/screenshots";

// The admin on a phone: list rows are cards whose actions are in view; on a desktop the lists fit their
// card; times are in the admin's own zone, named; a role change asks first (with JS); the two-factor code
// box brings up the number pad; new recovery codes can be downloaded (and copied with JS).
// Runs in the js and no-js projects.
const PASSWORD = "Passw0rd!Ergo";
const js = () => jsOn();

function totp(key: string): string {
  return generateHOTP(decodeBase32IgnorePadding(key.replace(/\s/g, "")), BigInt(Math.floor(Date.now() / 30_000)), 6);
}

/** Wholly inside the window's width: nothing to scroll sideways for. */
async function expectWithinWidth(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

/** Nothing on the page to scroll sideways for. */
async function expectPageFitsWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A contact message received at a fixed moment ahead of every other (the list is newest first), so it
 * heads the list: 10:05 UTC on 15 January 2030 is 12:05 in Kyiv (EET, UTC+2).
 */
function messageAhead(name: string) {
  testDb()
    .prepare("INSERT INTO form_submissions (name, email, message, company, user_type, status, created_at) VALUES (?, ?, ?, ?, 'client', 'new', ?)")
    .run(name, uniqueEmail("ergo-msg"), "I would like to talk about the sale of my company and what to do with the proceeds.", "Montgomery Holdings International", Date.parse("2030-01-15T10:05:00Z"));
}

/** An admin whose profile still holds the zone under the name an older browser gave it. */
async function adminInKyiv(page: Page, tag: string) {
  const admin = await signInAsNew(page, "admin", { tag, viaForm: true });
  testDb().prepare("UPDATE profiles SET time_zone = 'Europe/Kiev' WHERE user_id = ?").run(admin.id);
  return admin;
}

/** The list's scroller has nothing hidden to its right. */
async function expectNoSidewaysScroll(table: Locator) {
  const overflow = await table.evaluate((el) => {
    const scroller = el.parentElement;
    return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
  });
  expect(overflow).toBeLessThanOrEqual(1);
}

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("users, professionals and audit rows are cards with their actions in view", async ({ page }) => {
    checkedOnce();
    test.setTimeout(90_000);
    const client = await createUser({ email: uniqueEmail("ergo-client"), password: PASSWORD, role: "client", name: "Cara Ergonomics" });
    const name = `Pia Ergo ${Date.now()}`;
    testDb()
      .prepare("INSERT INTO professionals (name, title, company, email, verified) VALUES (?, 'Advisor', 'Ergo Partners', ?, 0)")
      .run(name, uniqueEmail("ergo-pro"));
    const admin = await signInAsNew(page, "admin", { tag: "ergo", viaForm: true });

    await page.goto(`/admin/users?q=${encodeURIComponent(client.email)}`);
    const table = page.getByTestId("admin-table");
    const row = page.getByRole("row").filter({ hasText: client.email });
    await expect(row).toHaveCount(1);
    await expectNoSidewaysScroll(table);
    // Each value sits under its column's name (rendered before the cell), the header row being hidden.
    const labels = await row.locator("td").evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
    expect(labels).toEqual(['"User"', '"Current Role"', '"Joined"', '"Change Role"', '"Account"']);
    await expectWithinWidth(page, row.getByRole("combobox", { name: `Role for ${client.email}` }));
    await expectWithinWidth(page, row.getByRole("link", { name: `Download data of ${client.email}` }));
    await expectWithinWidth(page, row.getByRole(js() ? "button" : "link", { name: `Delete ${client.email}` }));
    await screenshot(page, "admin-users", { fullPage: true });

    await page.goto("/admin/professionals");
    const proRow = page.getByRole("row").filter({ hasText: name });
    await expect(proRow.first()).toBeVisible();
    await expectNoSidewaysScroll(page.getByTestId("admin-table"));
    await expectWithinWidth(page, proRow.first().getByRole("link", { name: `Edit ${name}` }));
    await screenshot(page, "admin-professionals", { fullPage: true });

    await page.goto(`/admin/audit?email=${encodeURIComponent(admin.email)}`);
    await expect(page.getByRole("row").filter({ hasText: "admin sign-in" }).first()).toBeVisible();
    await expectNoSidewaysScroll(page.getByTestId("admin-table"));
    await expectWithinWidth(page, page.getByRole("row").filter({ hasText: "admin sign-in" }).first());
    await screenshot(page, "admin-audit", { fullPage: true });
  });

  test("submissions: every filter tab, status and Open in view; times in the admin's zone", async ({ page }) => {
    checkedOnce();
    test.setTimeout(60_000);
    const name = `Alexandra Montgomery-Smythe ${Date.now()}`;
    messageAhead(name);
    await adminInKyiv(page, "ergo-sub");
    await page.goto("/admin/submissions");
    const tabs = page.getByRole("navigation", { name: "Filter by status" }).getByRole("link");
    await expect(tabs).toHaveCount(4);
    for (const tab of await tabs.all()) await expectWithinWidth(page, tab);
    const row = page.getByTestId("submission-row").filter({ hasText: name });
    await expectWithinWidth(page, row.getByRole("combobox", { name: `Status of the message from ${name}` }));
    await expectWithinWidth(page, row.getByRole("link", { name: `Open the message from ${name}` }));
    if (!js()) await expectWithinWidth(page, row.getByRole("button", { name: "Save" }));
    await expect(row).toContainText("Jan 15, 2030");
    await expect(row).toContainText("12:05 PM EET");
    await expect(row).not.toContainText("UTC");
    await expectPageFitsWidth(page);
    await screenshot(page, "submissions");
  });
});

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the lists fit their card with every action in view, times in the admin's zone", async ({ page }) => {
    checkedOnce();
    test.setTimeout(90_000);
    const name = `Bartholomew Featherstonehaugh ${Date.now()}`;
    messageAhead(name);
    const client = await createUser({ email: uniqueEmail("ergo-wide"), password: PASSWORD, role: "client", name: "Wide Client" });
    const admin = await adminInKyiv(page, "ergo-wide");

    await page.goto("/admin/submissions");
    const table = page.getByRole("table");
    await expectNoSidewaysScroll(table);
    const row = page.getByTestId("submission-row").filter({ hasText: name });
    const card = await table.locator("xpath=..").boundingBox();
    for (const control of [row.getByRole("combobox", { name: `Status of the message from ${name}` }), row.getByRole("link", { name: `Open the message from ${name}` })]) {
      await expect(control).toBeVisible();
      const box = await control.boundingBox();
      expect(box && card && box.x + box.width <= card.x + card.width).toBe(true);
    }
    await expectPageFitsWidth(page);
    await expect(row).toContainText("12:05 PM EET");
    // Stored as Europe/Kiev, read as the name people use now.
    await expect(page.getByTestId("admin-time-zone").filter({ visible: true })).toHaveText("Times in Europe/Kyiv");
    await screenshot(page, "submissions", { fullPage: true });

    await page.goto(`/admin/users?q=${encodeURIComponent(client.email)}`);
    await expectNoSidewaysScroll(page.getByTestId("admin-table"));
    const userRow = page.getByRole("row").filter({ hasText: client.email });
    await expectWithinWidth(page, userRow.getByRole(js() ? "button" : "link", { name: `Delete ${client.email}` }));
    await expect(page.getByText("1 user", { exact: true })).toBeVisible();
    await expectPageFitsWidth(page);
    await screenshot(page, "users", { fullPage: true });

    await page.goto("/admin/professionals");
    await expectNoSidewaysScroll(page.getByTestId("admin-table"));
    await expectPageFitsWidth(page);

    await page.goto(`/admin/audit?email=${encodeURIComponent(admin.email)}`);
    await expectNoSidewaysScroll(page.getByTestId("admin-table"));
    const signInRow = page.getByRole("row").filter({ hasText: "admin sign-in" }).first();
    await expect(signInRow).toContainText(/\d{1,2}:\d{2}:\d{2} (AM|PM) EET/);
    await expectPageFitsWidth(page);
    await screenshot(page, "audit", { fullPage: true });
  });
});

test.describe("a browser in India", () => {
  test.use({ timezoneId: "Asia/Calcutta" });

  test("the admin's time zone on /account: current names by region, the browser's Asia/Calcutta chosen as Asia/Kolkata", async ({ page }) => {
    test.setTimeout(60_000);
    const admin = await signInAsNew(page, "admin", { tag: "ergo-zone", viaForm: true });
    await expect(page.getByTestId("admin-time-zone").filter({ visible: true })).toHaveText("Times in UTC. Set your time zone");
    await page.goto("/account#time-zone");
    const select = page.getByRole("combobox", { name: "Your time zone" });
    await expect(select.locator('optgroup[label="Asia"] option[value="Asia/Kolkata"]')).toHaveText("India, Kolkata");
    await expect(select.locator('option[value="Asia/Calcutta"]')).toHaveCount(0);
    if (js()) await expect(select).toHaveValue("Asia/Kolkata");
    else await select.selectOption("Asia/Kolkata");
    await screenshot(page, "account-zone");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByText("Times are shown in Asia/Kolkata.").first()).toBeVisible();
    expect(testDb().prepare("SELECT time_zone AS zone FROM profiles WHERE user_id = ?").get(admin.id)).toEqual({ zone: "Asia/Kolkata" });

    await page.goto(`/admin/audit?email=${encodeURIComponent(admin.email)}`);
    await expect(page.getByTestId("admin-time-zone").filter({ visible: true })).toHaveText("Times in Asia/Kolkata");
    await expect(page.getByRole("row").filter({ hasText: "admin sign-in" }).first()).toContainText(/ IST/);
  });
});

test("with JavaScript a role change asks first: No leaves the role as it was", async ({ page }) => {
  test.setTimeout(60_000);
  test.skip(!js(), "without JavaScript choosing a role and pressing Save is the confirmation");
  const client = await createUser({ email: uniqueEmail("ergo-role"), password: PASSWORD, role: "client" });
  await signInAsNew(page, "admin", { tag: "ergo-role", at: `/admin/users?q=${encodeURIComponent(client.email)}` });
  const row = page.getByRole("row").filter({ hasText: client.email });
  const select = row.getByRole("combobox", { name: `Role for ${client.email}` });
  await expect(row.getByRole("button", { name: `Save role for ${client.email}` })).toBeHidden();
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await select.selectOption("admin");
  await expect.poll(() => asked).toEqual([`Change the role of ${client.email} from Client to Admin?`]);
  await expect(select).toHaveValue("client");
  await page.reload();
  await expect(row.getByTestId("current-role")).toHaveText("Client");
  const roles = testDb().prepare("SELECT role FROM user_roles WHERE user_id = ?").all(client.id) as { role: string }[];
  expect(roles).toEqual([{ role: "client" }]);
});

test("the code box brings up the number pad, and new recovery codes download as a text file (and copy with JS)", async ({ page, context }) => {
  test.setTimeout(60_000);
  const admin = await createUser({ email: uniqueEmail("ergo-2fa"), password: PASSWORD, role: "admin" });
  await signInAs(page, admin, { at: "/admin/security" });
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  const key = (await page.getByTestId("two-factor-key").innerText()).trim();
  const enrolCode = page.getByLabel("6-digit code");
  await expect(enrolCode).toHaveAttribute("inputmode", "numeric");
  await expect(enrolCode).toHaveAttribute("autocomplete", "one-time-code");
  await enrolCode.fill(totp(key));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor is on. Save your recovery codes" })).toBeVisible();
  const codes = (await page.getByTestId("recovery-codes").getByRole("listitem").allInnerTexts()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await screenshot(page, "recovery-codes", { fullPage: true });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download as a text file" }).click()]);
  expect(download.suggestedFilename()).toBe("wealthmatch-recovery-codes.txt");
  const path = await download.path();
  const fs = await import("node:fs");
  const text = fs.readFileSync(path, "utf8");
  for (const code of codes) expect(text).toContain(`${code}\n`);

  if (js()) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy codes" }).click();
    await expect(page.getByText("Copied.", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  } else {
    await expect(page.getByRole("button", { name: "Copy codes" })).toHaveCount(0);
  }

  // Once saved, the page offers them no more: there is no address that serves them later.
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page.getByRole("link", { name: "Download as a text file" })).toHaveCount(0);

  // The sign-in's code box: the number pad and autofill; with JS, a switch to letters for a recovery code.
  await page.getByRole("button", { name: "Sign Out" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, admin.email, PASSWORD, { path: "/admin/login" });
  const code = page.getByLabel("Authentication code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  if (js()) {
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    const recovery = page.getByLabel("Recovery code");
    await expect(recovery).toHaveAttribute("inputmode", "text");
    await recovery.fill(codes[0] ?? "");
  } else {
    await code.fill(codes[0] ?? "");
  }
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
