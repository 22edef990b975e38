import { expect, test, type Page } from "@playwright/test";
import { auditEvents, createUser, signIn, testDb, uniqueEmail, visitFromOwnAddress, jsOn } from "./support";

const PASSWORD = "Passw0rd!Wizard";

const continueButton = (page: Page) => page.getByRole("button", { name: "Continue" });
const backButton = (page: Page) => page.getByRole("button", { name: "Back" });
const passwordInput = (page: Page) => page.getByLabel("Password", { exact: true });
const confirmInput = (page: Page) => page.getByLabel("Confirm password", { exact: true });

async function expectStep(page: Page, step: number, total: number) {
  await expect(page.getByText(`Step ${step} of ${total}`, { exact: true })).toBeVisible();
  if (step > 1) await expect(page).toHaveURL(new RegExp(`/register\\?step=${step}$`));
  await expect(page.getByText(`${Math.round((step / total) * 100)}% complete`, { exact: true })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Registration progress" })).toHaveAttribute(
    "aria-valuenow",
    String(Math.round((step / total) * 100)),
  );
}

/** Step 1 before an account type is chosen: no count yet, both paths' lengths instead. */
async function expectTypeNotChosen(page: Page) {
  await expect(page.getByText("Step 1", { exact: true })).toBeVisible();
  await expect(page.getByText("8 steps for clients, 9 for professionals", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Step 1 of/)).toHaveCount(0);
}

async function next(page: Page, step: number, total: number) {
  await continueButton(page).click();
  await expectStep(page, step, total);
}

async function chooseType(page: Page, type: "Wealth Creator" | "Financial Professional") {
  await page.goto("/register");
  await expectTypeNotChosen(page);
  await expect(backButton(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  await page.getByRole("radio", { name: new RegExp(type) }).check();
  await next(page, 2, type === "Wealth Creator" ? 8 : 9);
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
}

async function fillNameAndCredentials(page: Page, total: number, email: string, first: string, last: string) {
  await page.getByLabel("First Name").fill(first);
  await page.getByLabel("Last Name").fill(last);
  await next(page, 3, total);
  await page.getByLabel("Email").fill(email);
  await passwordInput(page).fill(PASSWORD);
  await confirmInput(page).fill(PASSWORD);
  await next(page, 4, total);
}

async function signInAgain(page: Page, email: string, home: string) {
  const context = await page.context().browser()?.newContext({
    baseURL: new URL(page.url()).origin,
    javaScriptEnabled: jsOn(),
  });
  if (!context) throw new Error("no browser");
  const fresh = await context.newPage();
  await signIn(fresh, email, PASSWORD);
  await expect(fresh).toHaveURL(new RegExp(`${home}$`));
  await context.close();
}

// Each test registers as a visitor of its own: the suite creates more accounts than one address may in an hour.
test.beforeEach(({ context }, testInfo) => visitFromOwnAddress(context, testInfo));

test.describe("registration wizard", () => {
  test("a Wealth Creator goes from step 1 to the client welcome page and can sign in again", async ({ page }) => {
    const email = uniqueEmail("wizard-client");
    await chooseType(page, "Wealth Creator");
    await fillNameAndCredentials(page, 8, email, "Ada", "Lovelace");

    const country = page.getByLabel("Country of Residency");
    for (const label of ["United States", "United Kingdom", "Canada", "Switzerland", "Singapore", "Australia", "Other"]) {
      await expect(country.getByRole("option", { name: label, exact: true })).toHaveCount(1);
    }
    await country.selectOption({ label: "Switzerland" });
    await page.getByLabel("Date of Birth").fill("1980-05-01");
    await page.getByLabel("Phone Number").fill("+41 44 000 00 00");
    await next(page, 5, 8);

    await page.getByLabel("Wealth Preservation").check();
    await page.getByLabel("Estate Planning").check();
    await next(page, 6, 8);
    await page.getByLabel("Net Worth (USD)").selectOption("25-50M");
    await page.getByLabel("Business Ownership").check();
    await next(page, 7, 8);
    await page.getByLabel("Current Professional Relationships").fill("A private bank in Zurich");
    await next(page, 8, 8);

    const summary = page.getByRole("main");
    for (const text of ["Wealth Creator", "Ada", "Lovelace", email, "Switzerland", "May 1, 1980", "Wealth Preservation, Estate Planning", "$25M – $50M", "A private bank in Zurich"]) {
      await expect(summary.getByText(text, { exact: true })).toBeVisible();
    }
    const terms = page.locator('label[for="agreeTerms"]');
    await expect(terms.getByRole("link", { name: /Terms of Service/ })).toHaveAttribute("href", "/terms");
    await expect(terms.getByRole("link", { name: /Privacy Policy/ })).toHaveAttribute("href", "/privacy");
    await expect(continueButton(page)).toHaveCount(0);
    await page.getByLabel(/I agree to the/).check();
    await page.getByLabel(/occasional insights/).check();
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/client-welcome$/);
    await expect(page.getByText("Welcome to WealthMatch").first()).toBeVisible();
    // Greeted by the first name given on step 2, not by the e-mail.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Ada");
    expect(auditEvents({ kind: "ACCOUNT_CREATION", email })).toHaveLength(1);
    const role = testDb()
      .prepare("SELECT r.role FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.email = ?")
      .all(email.toLowerCase());
    expect(role).toEqual([{ role: "client" }]);
    // Signed in: the wizard sends a signed-in person home.
    await page.goto("/register");
    await expect(page).toHaveURL(/\/client-welcome$/);
    await signInAgain(page, email, "/client-welcome");
  });

  test("a Financial Professional goes through 9 steps to the dashboard and can sign in again", async ({ page }) => {
    const email = uniqueEmail("wizard-pro");
    const js = jsOn();
    await chooseType(page, "Financial Professional");
    await fillNameAndCredentials(page, 9, email, "Grace", "Hopper");

    await page.getByLabel("Company Name").fill("Independent");
    await page.getByLabel("Date of Birth").fill("1970-01-01");
    await next(page, 5, 9);
    const experience = page.getByLabel("Years of Experience");
    for (const range of ["0-2", "3-5", "6-10", "11-15", "16-20", "20+"]) {
      await expect(experience.locator(`option[value="${range}"]`)).toHaveCount(1);
    }
    await experience.selectOption("11-15");
    await page.getByLabel("CFA").check();
    await page.getByLabel("CFP").check();
    await next(page, 6, 9);
    await page.getByLabel("Tax Planning").check();
    await page.getByLabel("Family Office Services").check();
    await next(page, 7, 9);
    await page.getByLabel("Assets Under Management").selectOption("100-500M");
    await page.getByLabel(/^UHNWI/).check();
    await next(page, 8, 9);

    // Several ways to be reached: matching reads the list.
    await page.getByRole("group", { name: /How clients can reach you/ }).getByLabel("Video call").check();
    await page.getByRole("group", { name: /How clients can reach you/ }).getByLabel("Email").check();
    const details = page.getByLabel(/Details of the disciplinary action/);
    if (js) {
      await expect(details).toHaveCount(0);
      await page.getByLabel(/disciplinary action, regulatory sanction/).check();
      await expect(details).toBeVisible();
    } else {
      // Without JavaScript the optional details box is always there.
      await expect(details).toBeVisible();
    }
    await next(page, 9, 9);

    const summary = page.getByRole("main");
    for (const text of ["Financial Professional", "Independent", "11-15 years", "CFA, CFP", "Tax Planning, Family Office Services", "$100M – $500M", "Email, Video call"]) {
      await expect(summary.getByText(text, { exact: true })).toBeVisible();
    }
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/professional-dashboard$/);
    const listing = testDb()
      .prepare("SELECT name, company, experience_years AS years, verified, featured FROM professionals WHERE email = ?")
      .get(email.toLowerCase());
    expect(listing).toEqual({ name: "Grace Hopper", company: "Independent", years: 11, verified: 0, featured: 0 });
    expect(testDb().prepare("SELECT communication FROM professionals WHERE email = ?").get(email.toLowerCase())).toEqual({ communication: '["email","video"]' });
    await expect(page.getByText("Grace Hopper").first()).toBeVisible();
    await signInAgain(page, email, "/professional-dashboard");
  });

  test("Back keeps every answer, the password included", async ({ page }) => {
    const email = uniqueEmail("wizard-back");
    await chooseType(page, "Wealth Creator");
    await fillNameAndCredentials(page, 8, email, "Ada", "Lovelace");
    await page.getByLabel("Country of Residency").selectOption("SG");
    await page.getByLabel("Phone Number").fill("+65 6000 0000");

    await backButton(page).click();
    await expectStep(page, 3, 8);
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(passwordInput(page)).toHaveValue(PASSWORD);
    await expect(confirmInput(page)).toHaveValue(PASSWORD);
    await backButton(page).click();
    await expectStep(page, 2, 8);
    await expect(page.getByLabel("First Name")).toHaveValue("Ada");
    await backButton(page).click();
    await expectStep(page, 1, 8);
    await expect(page.getByRole("radio", { name: /Wealth Creator/ })).toBeChecked();

    await next(page, 2, 8);
    await next(page, 3, 8);
    await next(page, 4, 8);
    await expect(page.getByLabel("Country of Residency")).toHaveValue("SG");
    await expect(page.getByLabel("Phone Number")).toHaveValue("+65 6000 0000");
  });

  test("Continue is never disabled: a skipped required answer shows its message, with the focus on it", async ({ page }) => {
    await page.goto("/register");
    await expect(continueButton(page)).toBeEnabled();
    await continueButton(page).click();
    await expectTypeNotChosen(page);
    await expect(page.getByText("Please choose an account type")).toBeVisible();
    await page.getByRole("radio", { name: /Financial Professional/ }).check();
    await next(page, 2, 9);

    // Both names skipped: both are marked, with JavaScript as without, and the focus is on the first.
    await page.getByLabel("First Name").focus();
    await continueButton(page).click();
    await expectStep(page, 2, 9);
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Last name is required")).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Last Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("First Name")).toBeFocused();

    await page.getByLabel("First Name").fill("Grace");
    await expect(continueButton(page)).toBeEnabled();
    await continueButton(page).click();
    await expectStep(page, 2, 9);
    await expect(page.getByText("Last name is required")).toBeVisible();
    await expect(page.getByLabel("Last Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Last Name")).toBeFocused();
    await expect(page.getByLabel("First Name")).toHaveValue("Grace");
    await page.getByLabel("Last Name").fill("Hopper");
    await next(page, 3, 9);
    await page.getByLabel("Email").fill(uniqueEmail("wizard-gate"));
    await passwordInput(page).fill(PASSWORD);
    await confirmInput(page).fill(PASSWORD);
    await next(page, 4, 9);

    // The date of birth skipped: the message says why Continue did not move on.
    await page.getByLabel("Company Name").fill("Independent");
    await expect(continueButton(page)).toBeEnabled();
    await continueButton(page).click();
    await expectStep(page, 4, 9);
    await expect(page.getByText("Please enter your date of birth")).toBeVisible();
    await expect(page.getByLabel("Date of Birth")).toBeFocused();
    await expect(page.getByLabel("Company Name")).toHaveValue("Independent");
    await page.getByLabel("Date of Birth").fill("1970-01-01");
    await next(page, 5, 9);
    await page.getByLabel("CFA").check();
    await continueButton(page).click();
    await expectStep(page, 5, 9);
    await expect(page.getByText("Please select your years of experience")).toBeVisible();
    await expect(page.getByLabel("CFA")).toBeChecked();
  });

  test("the browser's Back goes through the steps and Forward returns, the answers kept", async ({ page }) => {
    const email = uniqueEmail("wizard-history");
    await chooseType(page, "Wealth Creator");
    await fillNameAndCredentials(page, 8, email, "Ada", "Lovelace");
    await page.getByLabel("Country of Residency").selectOption("CH");
    await page.getByLabel("Date of Birth").fill("1980-05-01");
    await next(page, 5, 8);

    await page.goBack();
    await expectStep(page, 4, 8);
    await expect(page.getByLabel("Country of Residency")).toHaveValue("CH");
    await expect(page.getByLabel("Date of Birth")).toHaveValue("1980-05-01");
    await page.goBack();
    await expectStep(page, 3, 8);
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.goBack();
    await expectStep(page, 2, 8);
    await expect(page.getByLabel("First Name")).toHaveValue("Ada");
    await page.reload();
    await expectStep(page, 2, 8);
    await expect(page.getByLabel("Last Name")).toHaveValue("Lovelace");

    await page.goForward();
    await expectStep(page, 3, 8);
    await expect(passwordInput(page)).toHaveValue(PASSWORD);
    await page.goForward();
    await expectStep(page, 4, 8);
    await expect(page.getByLabel("Country of Residency")).toHaveValue("CH");
    await page.goForward();
    await expectStep(page, 5, 8);
    await page.getByLabel("Growth").check();
    await next(page, 6, 8);

    // A step not reached yet leads to the furthest one reached.
    await page.goto("/register?step=8");
    await expectStep(page, 6, 8);
    // Coming back to /register shows step 1 with the way back to where the person was.
    await page.goto("/register");
    await expectStep(page, 1, 8);
    await page.getByRole("link", { name: "Continue from step 6" }).click();
    await expectStep(page, 6, 8);
  });

  test("without JavaScript the focus starts on the step's first field after a post", async ({ page }) => {
    test.skip(jsOn(), "with JavaScript a new step focuses its heading");
    await chooseType(page, "Wealth Creator");
    await expect(page.getByLabel("First Name")).toBeFocused();
    await page.getByLabel("First Name").fill("Ada");
    await page.getByLabel("Last Name").fill("Lovelace");
    await next(page, 3, 8);
    await expect(page.getByLabel("Email")).toBeFocused();
  });

  test("step 1 gives no count until a type is chosen; Financial Professional counts 9 steps (at once with JavaScript)", async ({ page }) => {
    const js = jsOn();
    await page.goto("/register");
    await expectTypeNotChosen(page);
    await page.getByRole("radio", { name: /Financial Professional/ }).check();
    if (js) await expectStep(page, 1, 9);
    else await expectTypeNotChosen(page);
    await page.getByRole("radio", { name: /Wealth Creator/ }).check();
    if (js) await expectStep(page, 1, 8);
    else await expectTypeNotChosen(page);
    await page.getByRole("radio", { name: /Financial Professional/ }).check();
    await next(page, 2, 9);
  });

  test("a card ticked before the page's script has loaded (a slow phone) still sets the count once it has", async ({ page }) => {
    const js = jsOn();
    // Hold the page's scripts until the card is ticked, as a slow connection would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/register", { waitUntil: "domcontentloaded" });
    await page.getByRole("radio", { name: /Financial Professional/ }).check();
    release();
    // With JavaScript the count follows the ticked card once the script runs; without, it is counted on Continue.
    if (js) await expectStep(page, 1, 9);
    else await expectTypeNotChosen(page);
    await next(page, 2, 9);
  });

  for (const from of ["/professionals", "/"]) {
    test(`'Join Our Network' on ${from} opens the wizard as a Financial Professional`, async ({ page }) => {
      await page.goto(from);
      const links = page.getByRole("main").getByRole("link", { name: "Join Our Network" });
      expect(await links.count()).toBeGreaterThan(0);
      for (const link of await links.all()) await expect(link).toHaveAttribute("href", "/register?type=professional");
      await links.first().click();
      await expect(page).toHaveURL(/\/register\?type=professional$/);
      await expectStep(page, 1, 9);
      await expect(page.getByRole("radio", { name: /Financial Professional/ })).toBeChecked();
      await next(page, 2, 9);
      await page.goBack();
      await expect(page.getByRole("radio", { name: /Financial Professional/ })).toBeChecked();
    });
  }

  test("a 500-character answer wraps on the review step at 375 px and 1280 px", async ({ page }) => {
    const word = "W".repeat(500);
    await chooseType(page, "Wealth Creator");
    await fillNameAndCredentials(page, 8, uniqueEmail("wizard-long"), "Ada", "Lovelace");
    await page.getByLabel("Country of Residency").selectOption("CH");
    await page.getByLabel("Date of Birth").fill("1980-05-01");
    await next(page, 5, 8);
    await page.getByLabel("Growth").check();
    await next(page, 6, 8);
    await next(page, 7, 8);
    await page.getByLabel("Current Professional Relationships").fill(word);
    await next(page, 8, 8);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const answer = page.getByRole("main").getByText(word, { exact: true });
      await expect(answer).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal scroll at ${width}px`).toBe(0);
      const box = await answer.boundingBox();
      const label = await page.getByRole("main").getByText("Current professional relationships", { exact: true }).boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      // The label and the answer never overlap.
      if (box && label) {
        const apart = label.y + label.height <= box.y + 1 || label.x + label.width <= box.x + 1;
        expect(apart, `label and answer overlap at ${width}px`).toBe(true);
      }
    }
  });

  test("step 3 refuses a weak password, a mismatch and an e-mail already registered", async ({ page }) => {
    const js = jsOn();
    const existing = uniqueEmail("wizard-existing");
    await createUser({ email: existing, password: PASSWORD, role: "client" });
    await chooseType(page, "Wealth Creator");
    await page.getByLabel("First Name").fill("Ada");
    await page.getByLabel("Last Name").fill("Lovelace");
    await next(page, 3, 8);

    if (js) {
      await page.getByRole("button", { name: "Show password", exact: true }).click();
      await expect(passwordInput(page)).toHaveAttribute("type", "text");
      await page.getByRole("button", { name: "Hide password", exact: true }).click();
      await expect(passwordInput(page)).toHaveAttribute("type", "password");
    } else {
      await expect(passwordInput(page)).toHaveAttribute("type", "password");
      await expect(page.getByRole("button", { name: /Show/ })).toHaveCount(0);
    }

    await page.getByLabel("Email").fill(uniqueEmail("wizard-weak"));
    await passwordInput(page).fill("password");
    await confirmInput(page).fill("password");
    await continueButton(page).click();
    await expectStep(page, 3, 8);
    await expect(page.getByText("Password must contain at least one uppercase letter")).toBeVisible();
    await expect(page.getByText("Password must contain at least one number")).toBeVisible();

    await passwordInput(page).fill("Short1");
    await confirmInput(page).fill("Short1");
    await continueButton(page).click();
    await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();

    await passwordInput(page).fill(PASSWORD);
    await confirmInput(page).fill(`${PASSWORD}x`);
    await continueButton(page).click();
    await expectStep(page, 3, 8);
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(confirmInput(page)).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Email").fill(existing.toUpperCase());
    await confirmInput(page).fill(PASSWORD);
    await continueButton(page).click();
    await expectStep(page, 3, 8);
    await expect(page.getByText("An account with this email already exists.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to your account" })).toHaveAttribute("href", "/login");
  });

  test("Create Account needs the terms agreed", async ({ page }) => {
    const email = uniqueEmail("wizard-terms");
    await chooseType(page, "Wealth Creator");
    await fillNameAndCredentials(page, 8, email, "Ada", "Lovelace");
    await page.getByLabel("Country of Residency").selectOption("AU");
    await page.getByLabel("Date of Birth").fill("1985-03-03");
    await next(page, 5, 8);
    await page.getByLabel("Growth").check();
    await next(page, 6, 8);
    await next(page, 7, 8);
    await next(page, 8, 8);

    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("You must agree to the terms and conditions")).toBeVisible();
    await expectStep(page, 8, 8);
    await expect(page).toHaveURL(/\/register\?step=8$/);

    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/client-welcome$/);
  });

  test("a date of birth under 18 keeps step 4", async ({ page }) => {
    await chooseType(page, "Wealth Creator");
    await fillNameAndCredentials(page, 8, uniqueEmail("wizard-minor"), "Ada", "Lovelace");
    const year = new Date().getFullYear() - 10;
    await page.getByLabel("Country of Residency").selectOption("US");
    await page.getByLabel("Date of Birth").fill(`${year}-01-01`);
    await continueButton(page).click();
    await expectStep(page, 4, 8);
    await expect(page.getByText("You must be at least 18 years old to register")).toBeVisible();
  });
});
