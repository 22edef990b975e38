import { expect, test, type Browser, type Page } from "@playwright/test";
import { generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { auditEvents, createUser, mailsTo, signIn, uniqueEmail, visitFromOwnAddress, waitForMailContaining, jsOn } from "./support";

// A member runs their own account from /account, with JavaScript on and off: a new e-mail address
// (confirmed by its own link before it replaces the old one), a new password (other browsers are
// signed out), and two-factor sign-in for a client.
const PASSWORD = "Passw0rd!Account";

test.beforeEach(({ context }, testInfo) => visitFromOwnAddress(context, testInfo));
// Each test drives two or three browsers through several sign-ins.
test.describe.configure({ timeout: 120_000 });

/** A second browser (its own cookies), from the same test's address, that signs in as `email`. */
async function otherBrowser(browser: Browser, email: string, password = PASSWORD) {
  const context = await browser.newContext({ javaScriptEnabled: jsOn() });
  await visitFromOwnAddress(context, test.info());
  const page = await context.newPage();
  await signIn(page, email, password, { waitForLanding: true });
  return { context, page };
}

async function openAccount(page: Page) {
  // The member nav's "Account" (decision 059), or the home page's "Account settings".
  await page.getByRole("link", { name: "Account", exact: true }).or(page.getByRole("link", { name: "Account settings" })).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();
}

test("a member changes their e-mail: the old address signs in until the new one is confirmed; then the new one does and the old was told", async ({ page, browser }) => {
  const user = await createUser({ email: uniqueEmail("acct-email"), password: PASSWORD, role: "client", name: "Emma Stone" });
  const newEmail = uniqueEmail("acct-new");
  await signIn(page, user.email, PASSWORD, { waitForLanding: true });
  await openAccount(page);

  const emailCard = page.getByRole("region", { name: "Email address" });
  // A wrong password: a clear message, the typed address kept, no link sent.
  await emailCard.getByLabel("New email address").fill(newEmail);
  await emailCard.getByLabel("Your current password", { exact: true }).fill("Wrong!Passw0rd");
  await emailCard.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(emailCard.getByText("That password is not correct.")).toBeVisible();
  await expect(emailCard.getByLabel("New email address")).toHaveValue(newEmail);
  expect(mailsTo(newEmail)).toEqual([]);

  await emailCard.getByLabel("Your current password", { exact: true }).fill(PASSWORD);
  await emailCard.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByText(`We have sent a link to ${newEmail}.`).first()).toBeVisible();
  // The page says what is waiting, with a way to send the link again or cancel.
  const pending = page.getByTestId("pending-email");
  await expect(pending).toContainText(`Waiting for you to confirm ${newEmail}`);
  // The form starts empty again: the password just typed is not left in it.
  await expect(emailCard.getByLabel("New email address")).toHaveValue("");
  await expect(emailCard.getByLabel("Your current password", { exact: true })).toHaveValue("");
  await expect(pending.getByRole("button", { name: "Send the link again" })).toBeVisible();
  await expect(pending.getByRole("button", { name: "Cancel this change" })).toBeVisible();
  const mail = await waitForMailContaining(newEmail, "/account/confirm-email?token=");
  const link = mail.links.find((l) => l.includes("/account/confirm-email?token="));
  if (!link) throw new Error(`no change link in: ${mail.text}`);

  // Until the link is followed, the old address still signs in (another browser).
  const before = await otherBrowser(browser, user.email);
  await expect(before.page).toHaveURL(/\/client-welcome$/);
  await before.context.close();

  await page.goto(link);
  await expect(page.getByText(newEmail)).toBeVisible();
  await page.getByRole("button", { name: "Confirm my new address" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(`From now on, sign in with ${newEmail}.`).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Email address" })).toContainText(newEmail);
  await expect(page.getByTestId("pending-email")).toHaveCount(0);

  // The link works once.
  await page.goto(link);
  await expect(page.getByText("Your address was not changed")).toBeVisible();

  const notice = await waitForMailContaining(user.email, "was changed from this address");
  expect(notice.text).toContain(newEmail);
  expect(notice.text).toContain("If you did not make this change");

  const after = await otherBrowser(browser, newEmail);
  await expect(after.page).toHaveURL(/\/client-welcome$/);
  await after.context.close();
  const old = await browser.newContext({ javaScriptEnabled: jsOn() });
  await visitFromOwnAddress(old, test.info());
  const oldPage = await old.newPage();
  await signIn(oldPage, user.email, PASSWORD);
  await expect(oldPage.getByText("Invalid email or password.")).toBeVisible();
  await old.close();
  expect(auditEvents({ kind: "ACCOUNT_CHANGE", email: newEmail }).map((e) => e.detail)).toContain(`e-mail changed with the link (was ${user.email.toLowerCase()})`);
});

test("a member changes their password: another browser's session ends, this one continues", async ({ page, browser }) => {
  const user = await createUser({ email: uniqueEmail("acct-pass"), password: PASSWORD, role: "professional", name: "Paul Price" });
  const other = await otherBrowser(browser, user.email);
  await signIn(page, user.email, PASSWORD, { waitForLanding: true });
  await openAccount(page);

  const card = page.getByRole("region", { name: "Password" });
  await card.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await card.getByLabel("New password", { exact: true }).fill("short");
  await card.getByLabel("Confirm new password", { exact: true }).fill("short");
  await card.getByRole("button", { name: "Change password" }).click();
  await expect(card.getByText("Password must be at least 8 characters long")).toBeVisible();

  await card.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await card.getByLabel("New password", { exact: true }).fill("N3w!Passw0rd");
  await card.getByLabel("Confirm new password", { exact: true }).fill("N3w!Passw0rd");
  await card.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password is changed.").first()).toBeVisible();
  // The account's address is told, with what to do if it was not them.
  const told = await waitForMailContaining(user.email, "The password of your WealthMatch account");
  expect(told.subject).toBe("Your WealthMatch password was changed");
  expect(told.text).toContain("Hello Paul Price,");
  expect(told.links.some((l) => l.endsWith("/forgot-password"))).toBe(true);

  await page.reload();
  await expect(page).toHaveURL(/\/account$/);
  await other.page.goto("/account");
  await expect(other.page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await other.context.close();
});

test("a client turns on two-factor and is asked for the code at the next sign-in", async ({ page }) => {
  const user = await createUser({ email: uniqueEmail("acct-2fa"), password: PASSWORD, role: "client", name: "Tara Code" });
  await signIn(page, user.email, PASSWORD, { waitForLanding: true });
  await openAccount(page);
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(page.getByRole("img", { name: "QR code of your two-factor key" }).locator("svg")).toBeVisible();
  const key = (await page.getByTestId("two-factor-key").innerText()).replace(/\s/g, "");
  const totp = (offset: number) => generateHOTP(decodeBase32IgnorePadding(key), BigInt(Math.floor(Date.now() / 30_000) + offset), 6);
  await page.getByLabel("6-digit code").fill(totp(0));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor is on. Save your recovery codes" })).toBeVisible();
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page.getByText("10 of 10")).toBeVisible();

  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("You have been signed out on every device").first()).toBeVisible();

  await signIn(page, user.email, PASSWORD);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === "wm_session")).toBe(false);
  await page.getByLabel("Authentication code").fill(totp(1));
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).toHaveURL(/\/client-welcome$/);
});
