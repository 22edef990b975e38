import { expect, test, type Locator, type Page } from "@playwright/test";
import { generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { createUser, signIn, signInAsNew, testDb, uniqueEmail, jsOn } from "./support";

// The admin on a phone: list rows are cards whose actions are in view; a role change asks first (with JS);
// the two-factor code box brings up the number pad; new recovery codes can be downloaded (and copied with JS).
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
    test.setTimeout(90_000);
    const client = await createUser({ email: uniqueEmail("ergo-client"), password: PASSWORD, role: "client", name: "Cara Ergonomics" });
    const name = `Pia Ergo ${Date.now()}`;
    testDb()
      .prepare("INSERT INTO professionals (name, title, company, email, verified) VALUES (?, 'Advisor', 'Ergo Partners', ?, 0)")
      .run(name, uniqueEmail("ergo-pro"));
    const admin = await signInAsNew(page, "admin", { tag: "ergo" });

    await page.goto(`/admin/users?q=${encodeURIComponent(client.email)}`);
    const table = page.getByTestId("admin-table");
    const row = page.getByRole("row").filter({ hasText: client.email });
    await expect(row).toHaveCount(1);
    await expectNoSidewaysScroll(table);
    // Each value sits under its column's name (drawn before the cell), the header row being hidden.
    const labels = await row.locator("td").evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
    expect(labels).toEqual(['"User"', '"Current Role"', '"Joined"', '"Change Role"', '"Account"']);
    await expectWithinWidth(page, row.getByRole("combobox", { name: `Role for ${client.email}` }));
    await expectWithinWidth(page, row.getByRole("link", { name: `Download data of ${client.email}` }));
    await expectWithinWidth(page, row.getByRole(js() ? "button" : "link", { name: `Delete ${client.email}` }));
    await page.screenshot({ path: `/tmp/polish-shots/admin-users-375-${test.info().project.name}.png`, fullPage: true });

    await page.goto("/admin/professionals");
    const proRow = page.getByRole("row").filter({ hasText: name });
    await expect(proRow.first()).toBeVisible();
    await expectNoSidewaysScroll(page.getByTestId("admin-table"));
    await expectWithinWidth(page, proRow.first().getByRole("link", { name: `Edit ${name}` }));
    await page.screenshot({ path: `/tmp/polish-shots/admin-professionals-375-${test.info().project.name}.png`, fullPage: true });

    await page.goto(`/admin/audit?email=${encodeURIComponent(admin.email)}`);
    await expect(page.getByRole("row").filter({ hasText: "admin sign-in" }).first()).toBeVisible();
    await expectNoSidewaysScroll(page.getByTestId("admin-table"));
    await expectWithinWidth(page, page.getByRole("row").filter({ hasText: "admin sign-in" }).first());
    await page.screenshot({ path: `/tmp/polish-shots/admin-audit-375-${test.info().project.name}.png`, fullPage: true });
  });
});

test("with JavaScript a role change asks first: No leaves the role as it was", async ({ page }) => {
  test.setTimeout(60_000);
  test.skip(!js(), "without JavaScript choosing a role and pressing Save is the confirmation");
  const client = await createUser({ email: uniqueEmail("ergo-role"), password: PASSWORD, role: "client" });
  await signInAsNew(page, "admin", { tag: "ergo-role" });
  await page.goto(`/admin/users?q=${encodeURIComponent(client.email)}`);
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
  await signIn(page, admin.email, PASSWORD, { path: "/admin/login", waitForLanding: true });
  await page.goto("/admin/security");
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
  await page.screenshot({ path: `/tmp/polish-shots/recovery-codes-${test.info().project.name}.png`, fullPage: true });

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
