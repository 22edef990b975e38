import { expect, test, type Page } from "@playwright/test";
import { generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { auditEvents, axeViolations, createUser, expectArrived, signIn, testDb, uniqueEmail, visitFromOwnAddress, jsOn } from "./support";

// An admin enrols at /admin/security, then signs in with a code, a wrong code, a recovery code (once),
// the way a person would, with JavaScript on and off. Codes are computed here with the same library the
// server uses, from the key the page shows.
const PASSWORD = "Passw0rd!TwoFa";

/** The code an authenticator app shows now (`offset` steps away: +1 is the next one, within the accepted drift). */
function totp(key: string, offset = 0): string {
  const step = Math.floor(Date.now() / 30_000) + offset;
  return generateHOTP(decodeBase32IgnorePadding(key.replace(/\s/g, "")), BigInt(step), 6);
}

/** No serious or critical axe violation (axe runs in the page: checked in the js project). */
async function expectAccessible(page: Page) {
  if (!jsOn()) return;
  expect(await axeViolations(page)).toEqual([]);
}

const signOut = async (page: Page) => {
  await page.getByRole("button", { name: "Sign Out" }).filter({ visible: true }).click();
  // The address changes before the home page is rendered: wait for its signed-out header, or the next
  // sign-in's navigation would interrupt the one still running.
  await expectArrived(page, /\/$/, page.getByRole("banner").getByRole("link", { name: "Login", exact: true }).filter({ visible: true }));
};

const codeField = (page: Page) => page.getByLabel("Authentication code");

async function enterCode(page: Page, code: string) {
  await codeField(page).fill(code);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
}

/** Signs a new admin in (password only: not enrolled yet) and enrols at /admin/security; returns the key and recovery codes. */
async function enrol(page: Page) {
  const admin = await createUser({ email: uniqueEmail("e2e-2fa"), password: PASSWORD, role: "admin" });
  await signIn(page, admin.email, PASSWORD, { path: "/admin/login" });
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole("navigation").getByRole("link", { name: "Security" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  // The QR code is an inline SVG rendered by the server: it is there without JavaScript too.
  await expect(page.getByRole("img", { name: "QR code of your two-factor key" }).locator("svg")).toBeVisible();
  const key = (await page.getByTestId("two-factor-key").innerText()).trim();
  expect(key.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);

  await page.getByLabel("6-digit code").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByText(/^That code does not match/)).toBeVisible();

  await page.getByLabel("6-digit code").fill(totp(key));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor is on. Save your recovery codes" })).toBeVisible();
  const recoveryCodes = (await page.getByTestId("recovery-codes").getByRole("listitem").allInnerTexts()).map((c) => c.trim());
  expect(recoveryCodes).toHaveLength(10);
  await expectAccessible(page);
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  expect(auditEvents({ kind: "ADMIN_ACTION", email: admin.email })[0]?.detail).toBe("turned on two-factor authentication (10 recovery codes issued)");

  // Once saved, the page never shows them again.
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page.getByText("10 of 10")).toBeVisible();
  await expect(page.getByTestId("recovery-codes")).toHaveCount(0);
  await expectAccessible(page);
  return { admin, key, recoveryCodes };
}

test.beforeEach(async ({ context }, testInfo) => {
  await visitFromOwnAddress(context, testInfo);
});

test("an admin enrols, signs out, and signs in with a code; a wrong code is refused; a recovery code works once", async ({ page }) => {
  const { admin, key, recoveryCodes } = await enrol(page);
  await signOut(page);

  // The password alone is no longer a sign-in: no session until the code.
  await signIn(page, admin.email, PASSWORD, { path: "/admin/login" });
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expect(page.getByText(admin.email)).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === "wm_session")).toBe(false);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);

  await enterCode(page, "000000");
  await expect(page.getByRole("alert")).toContainText("That code is not valid.");
  await expect(codeField(page)).toHaveValue("");
  await expectAccessible(page);
  expect((await page.context().cookies()).some((c) => c.name === "wm_session")).toBe(false);

  // The next step's code: the enrolment spent this one (a code is never accepted twice).
  await enterCode(page, totp(key, 1));
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Welcome to the admin dashboard").first()).toBeVisible();
  await signOut(page);

  // The members' sign-in page asks for the code too, and a recovery code stands in for it once.
  const [recovery = ""] = recoveryCodes;
  await signIn(page, admin.email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await enterCode(page, recovery.toUpperCase());
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(/You used a recovery code: 9 left\./).first()).toBeVisible();
  await signOut(page);

  await signIn(page, admin.email, PASSWORD, { path: "/admin/login" });
  await enterCode(page, recovery);
  await expect(page.getByRole("alert")).toContainText("That code is not valid.");
  expect((await page.context().cookies()).some((c) => c.name === "wm_session")).toBe(false);

  const kinds = auditEvents({ email: admin.email }).map((e) => `${e.kind}: ${e.detail ?? ""}`);
  expect(kinds).toContain("LOGIN_SUCCESS: admin sign-in with a two-factor code");
  expect(kinds).toContain("LOGIN_SUCCESS: admin sign-in with a recovery code (9 left)");
  expect(kinds.filter((k) => k === "LOGIN_FAILED: admin sign-in: wrong two-factor code")).toHaveLength(2);
});

test("an admin turns two-factor off with the password and a current code, and then signs in with the password alone", async ({ page }) => {
  const { admin, key } = await enrol(page);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Authentication code").fill(totp(key, 1));
  await page.getByRole("button", { name: "Turn off two-factor" }).click();
  await expect(page.getByText("Two-factor authentication is off").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up two-factor" })).toBeVisible();
  const row = testDb().prepare("SELECT count(*) AS n FROM two_factor WHERE user_id = ?").get(admin.id) as { n: number };
  expect(row.n).toBe(0);
  await signOut(page);
  await signIn(page, admin.email, PASSWORD, { path: "/admin/login" });
  await expect(page).toHaveURL(/\/admin$/);
});
