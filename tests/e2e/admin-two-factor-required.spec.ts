import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { createUser, signIn, startOwnServer, uniqueEmail, type OwnServer } from "./support";

// Mandatory two-factor is site-wide: while it is on, every admin of every other spec would be sent to
// /admin/security. So this spec runs on a server of its own (same build, its own data folder).
const PASSWORD = "Passw0rd!Required";

function totp(key: string): string {
  return generateHOTP(decodeBase32IgnorePadding(key.replace(/\s/g, "")), BigInt(Math.floor(Date.now() / 30_000)), 6);
}

let own: OwnServer | undefined;
test.beforeAll(async () => {
  own = await startOwnServer();
});
test.afterAll(async () => {
  await own?.stop();
});

function storedSetting(server: OwnServer): unknown {
  const sqlite = new Database(server.dbPath, { readonly: true });
  try {
    const row = sqlite.prepare("SELECT value FROM site_settings WHERE key = 'security'").get() as { value: string } | undefined;
    return row ? JSON.parse(row.value) : undefined;
  } finally {
    sqlite.close();
  }
}

test("an admin makes two-factor mandatory in Settings; an admin without it is kept on /admin/security until enrolled", async ({ browser, javaScriptEnabled }) => {
  if (!own) throw new Error("no server");
  // A fresh install: off.
  expect(storedSetting(own)).toEqual({ requireAdminTwoFactor: false });
  const admin = await createUser({ email: uniqueEmail("e2e-2fa-required"), password: PASSWORD, role: "admin" }, own);
  const context = await browser.newContext({ baseURL: own.baseURL, javaScriptEnabled });
  const page = await context.newPage();
  try {
    await signIn(page, admin.email, PASSWORD, { path: "/admin/login" });
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto("/admin/settings");
    await page.getByLabel("Require two-factor authentication for every admin").check();
    await page.getByRole("button", { name: "Save Settings" }).click();
    // Saved, and at once this admin (not enrolled) is sent to set it up.
    await expect(page).toHaveURL(/\/admin\/security$/);
    expect(storedSetting(own)).toEqual({ requireAdminTwoFactor: true });
    await expect(page.getByText("Two-factor authentication is required")).toBeVisible();

    for (const path of ["/admin", "/admin/users", "/admin/settings", "/admin/audit"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin\/security$/);
    }

    await page.getByRole("button", { name: "Set up two-factor" }).click();
    const key = await page.getByTestId("two-factor-key").innerText();
    await page.getByLabel("6-digit code").fill(totp(key));
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    await expect(page.getByText("Two-factor authentication is required")).toHaveCount(0);

    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  } finally {
    await context.close();
  }
});
