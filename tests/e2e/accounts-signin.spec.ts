import { expect, test, type Page } from "@playwright/test";
import { auditEvents, createUser, expectArrived, latestMailTo, signIn, uniqueEmail, waitForMailTo, type Role, checkedOnce } from "./support";

// Every test makes its own accounts: the sign-in limits are per e-mail. Failed attempts from this
// machine also count against the per-IP bound (50 per 15 minutes), so the suite keeps them few.
const PASSWORD = "Passw0rd!SignIn";
const INVALID = "Invalid email or password. Please try again.";
const TOO_MANY = "Too many login attempts. Please try again in a few minutes.";

const emailInput = (page: Page) => page.getByLabel("Email", { exact: true });
const passwordInput = (page: Page) => page.getByLabel("Password", { exact: true });
const signInButton = (page: Page) => page.getByRole("button", { name: "Sign In", exact: true });
const loginAlert = (page: Page) => page.getByRole("alert").filter({ hasText: "Login Failed" });

async function account(role: Role) {
  return createUser({ email: uniqueEmail(`signin-${role}`), password: PASSWORD, role });
}


test.describe("sign-in page", () => {
  test("shows the spec's texts and links", async ({ page }) => {
    checkedOnce();
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to continue your wealth journey" })).toBeVisible();
    await expect(emailInput(page)).toBeVisible();
    await expect(passwordInput(page)).toHaveAttribute("type", "password");
    await expect(page.getByLabel("Remember me")).not.toBeChecked();
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/register");
    await expect(signInButton(page)).toBeEnabled();
  });

  test("the show/hide toggle needs JavaScript; without it the field stays a plain password field", async ({ page, javaScriptEnabled }) => {
    await page.goto("/login");
    await passwordInput(page).fill("Visible-1");
    if (!javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);
      await expect(passwordInput(page)).toHaveAttribute("type", "password");
      return;
    }
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(passwordInput(page)).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(passwordInput(page)).toHaveAttribute("type", "password");
  });

  test("an empty form shows a message under each field", async ({ page }) => {
    await page.goto("/login");
    await signInButton(page).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(emailInput(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("signing in", () => {
  test("a client lands on /client-welcome with the success message", async ({ page }) => {
    const user = await account("client");
    await signIn(page, user.email, PASSWORD);
    await expect(page).toHaveURL(/\/client-welcome$/);
    await expect(page.getByText("Successfully signed in!")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
    expect(auditEvents({ kind: "LOGIN_SUCCESS", email: user.email })).toHaveLength(1);
  });

  test("while the request runs the button reads 'Signing in...' and is disabled", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the busy label is a JavaScript enhancement; without it the browser shows its own progress");
    const user = await account("client");
    await page.goto("/login");
    await emailInput(page).fill(user.email);
    await passwordInput(page).fill(PASSWORD);
    // Hold the sign-in request until the busy state has been seen.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/login.data*", async (route) => {
      await gate;
      await route.continue();
    });
    await signInButton(page).click();
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/client-welcome$/);
  });

  test("a professional lands on /professional-dashboard", async ({ page }) => {
    const user = await account("professional");
    await signIn(page, user.email.toUpperCase(), PASSWORD);
    await expect(page).toHaveURL(/\/professional-dashboard$/);
    await expect(page.getByText("Successfully signed in!")).toBeVisible();
  });

  test("a signed-in visitor opening /login is sent on", async ({ page }) => {
    const user = await account("client");
    await signIn(page, user.email, PASSWORD);
    await expect(page).toHaveURL(/\/client-welcome$/);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/client-welcome$/);
  });

  test("a local redirectTo is honoured, another site's is ignored", async ({ page }) => {
    const user = await account("client");
    await signIn(page, user.email, PASSWORD, { path: "/login?redirectTo=%2Fblog" });
    await expect(page).toHaveURL(/\/blog$/);

    const other = await account("professional");
    await page.context().clearCookies();
    await signIn(page, other.email, PASSWORD, { path: "/login?redirectTo=%2F%2Fevil.example%2Fphish" });
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/professional-dashboard$/);
  });

  test("a wrong password and an unknown e-mail get the same message; the e-mail stays, the password goes", async ({ page }) => {
    const user = await account("client");
    await signIn(page, user.email, "Wrong-Passw0rd");
    await expect(loginAlert(page)).toContainText(INVALID);
    await expect(page).toHaveURL(/\/login$/);
    await expect(emailInput(page)).toHaveValue(user.email);
    await expect(passwordInput(page)).toHaveValue("");

    const ghost = uniqueEmail("signin-ghost");
    await signIn(page, ghost, "Wrong-Passw0rd");
    await expect(loginAlert(page)).toContainText(INVALID);
    await expect(emailInput(page)).toHaveValue(ghost);
    await expect(passwordInput(page)).toHaveValue("");

    const failed = auditEvents({ kind: "LOGIN_FAILED", email: user.email });
    expect(failed).toHaveLength(1);
    expect(JSON.stringify(failed)).not.toContain("Wrong-Passw0rd");
  });

  test("the 6th attempt within 15 minutes is refused even with the right password", async ({ page }) => {
    const user = await account("professional");
    for (let i = 1; i <= 5; i++) {
      await signIn(page, user.email, `Wrong-Passw0rd-${i}`);
      await expect(loginAlert(page)).toContainText(INVALID);
    }
    await signIn(page, user.email, PASSWORD);
    await expect(loginAlert(page)).toContainText(TOO_MANY);
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().cookies()).some((c) => c.name === "wm_session")).toBe(false);
    expect(auditEvents({ kind: "SUSPICIOUS_ACTIVITY", email: user.email }).length).toBeGreaterThanOrEqual(1);
  });
});

test.describe("sessions", () => {
  test("'Remember me' keeps the session cookie for 30 days; otherwise it ends with the browser", async ({ browser }) => {
    const user = await account("client");
    const session = async (remember: boolean) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, user.email, PASSWORD, { remember });
      await expect(page).toHaveURL(/\/client-welcome$/);
      const cookie = (await context.cookies()).find((c) => c.name === "wm_session");
      await context.close();
      return cookie;
    };
    const remembered = await session(true);
    const days = ((remembered?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(remembered).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    const browserSession = await session(false);
    expect(browserSession?.expires).toBe(-1);
  });

  test("signing out makes a copied cookie useless at once", async ({ page, browser }) => {
    const user = await account("client");
    await signIn(page, user.email, PASSWORD);
    await expect(page).toHaveURL(/\/client-welcome$/);
    const copied = await page.context().cookies();

    // The copy works while the session lives.
    const before = await browser.newContext();
    await before.addCookies(copied);
    const beforePage = await before.newPage();
    await beforePage.goto("/login");
    await expect(beforePage).toHaveURL(/\/client-welcome$/);
    await before.close();

    await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
    expect(auditEvents({ kind: "LOGOUT", email: user.email })).toHaveLength(1);

    const after = await browser.newContext();
    await after.addCookies(copied);
    const afterPage = await after.newPage();
    await afterPage.goto("/login");
    await expect(afterPage).toHaveURL(/\/login$/);
    await expect(signInButton(afterPage)).toBeVisible();
    await expect(afterPage.getByRole("banner").getByRole("button", { name: "Sign Out" })).toHaveCount(0);
    await after.close();
  });

  test("opening /logout by link does not sign anyone out", async ({ page }) => {
    const user = await account("client");
    await signIn(page, user.email, PASSWORD);
    await expect(page).toHaveURL(/\/client-welcome$/);
    await page.goto("/logout");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
  });
});

test.describe("forgotten password", () => {
  test("the answer is the same for an unknown address, and no mail is written", async ({ page }) => {
    const ghost = uniqueEmail("reset-ghost");
    await page.goto("/forgot-password");
    await emailInput(page).fill(ghost);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page.getByText(`If an account exists for ${ghost}`)).toBeVisible();
    expect(latestMailTo(ghost)).toBeUndefined();
  });

  test("the mailed link sets a new password once; the old one stops working, the new one works", async ({ page, browser }) => {
    // Two browsers, a mail, four page loads and three sign-ins: a long flow.
    test.slow();
    const user = await account("client");
    // A session elsewhere, which the reset must end.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, user.email, PASSWORD);
    await expect(otherPage).toHaveURL(/\/client-welcome$/);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    // Arrived, or the sign-in page's own Email field gets the address.
    await expectArrived(page, /\/forgot-password$/, page.getByRole("button", { name: "Send reset link" }));
    await emailInput(page).fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(`If an account exists for ${user.email}`)).toBeVisible();

    const mail = await waitForMailTo(user.email);
    expect(mail.subject).toBe("Reset your WealthMatch password");
    const link = mail.links.find((l) => l.includes("/reset-password?token="));
    expect(link).toBeTruthy();
    const path = new URL(link ?? "").pathname + new URL(link ?? "").search;

    const NEW = "N3w-Passw0rd!Reset";
    const opened = await page.goto(path);
    // The token is in the address: a Referer may carry the origin only.
    expect(opened?.headers()["referrer-policy"]).toBe("strict-origin");
    await page.getByLabel("New password", { exact: true }).fill(NEW);
    await page.getByLabel("Confirm new password", { exact: true }).fill(`${NEW}-typo`);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await page.getByLabel("New password", { exact: true }).fill(NEW);
    await page.getByLabel("Confirm new password", { exact: true }).fill(NEW);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Password updated")).toBeVisible();

    // The other browser was signed out.
    await otherPage.goto("/login");
    await expect(signInButton(otherPage)).toBeVisible();
    await other.close();

    // The link works once.
    await page.goto(path);
    await expect(page.getByText("This reset link can no longer be used")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");

    await signIn(page, user.email, PASSWORD);
    await expect(loginAlert(page)).toContainText(INVALID);
    await signIn(page, user.email, NEW);
    await expect(page).toHaveURL(/\/client-welcome$/);

    const audits = auditEvents({ kind: "PASSWORD_RESET_REQUEST", email: user.email });
    expect(audits.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(audits)).not.toContain(new URL(link ?? "").searchParams.get("token") ?? "-");
  });
});
