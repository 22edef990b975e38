import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { PUBLIC_PAGES as SITE_PAGES } from "../../app/features/site/public-pages";
import { axeViolations, expectArrived, loadAxeIn, signInAsNew, testDb, uniqueEmail, type Role, jsOn } from "./support";

// axe on every page, at a phone's width and a desktop's, signed out and signed in; any serious or
// critical violation fails. A public page is the server's HTML, which the browser with JavaScript audits
// as hydrated at both widths; the pages a form posts to or that differ without JavaScript (the wizard's
// steps with their messages, the member pages) are audited in both projects, a width in each.
const PASSWORD = "Passw0rd!Axe";
type Size = { width: number; height: number };
const PHONE: Size = { width: 375, height: 812 };
const DESKTOP: Size = { width: 1280, height: 800 };

// The public pages (the one list the routes are made from) that are HTML, the wizard aside (its own
// test below walks its steps), and the pages outside that list a visitor still reaches.
const PUBLIC_PAGES = [
  ...SITE_PAGES.map((p) => p.path).filter((p) => !/\.(xml|txt)$/.test(p) && !p.includes(":") && p !== "/register"),
  "/forgot-password",
  "/admin/login",
  "/no-such-page",
];

/**
 * axe runs as a script in the page, which a page without JavaScript cannot run. So without JavaScript the
 * document exactly as that browser shows it (after its form posts too) is copied, its scripts removed, and
 * served at the same address to a second page that may run axe; styles, fonts and images load as usual.
 * One such page per test: it keeps its styles and fonts cached from one audit to the next.
 */
type AxeCopy = { context: BrowserContext; page: Page; html: string; url: string };
let axeCopy: AxeCopy | undefined;
// Nearly every page a test here opens is audited: axe-core comes with each document (with JavaScript).
test.beforeEach(async ({ context }) => {
  if (jsOn()) await loadAxeIn(context);
});
test.afterEach(async () => {
  await axeCopy?.context.close();
  axeCopy = undefined;
});

async function pageForAxe(page: Page): Promise<Page> {
  if (jsOn()) return page;
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
  if (!axeCopy) {
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    const context = await browser.newContext({ javaScriptEnabled: true });
    await loadAxeIn(context);
    const copy: AxeCopy = { context, page: await context.newPage(), html: "", url: "" };
    await context.route(
      (u) => u.href === copy.url,
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: copy.html }),
    );
    axeCopy = copy;
  }
  Object.assign(axeCopy, { html, url: page.url() });
  await axeCopy.page.goto(axeCopy.url);
  return axeCopy.page;
}

/**
 * The serious and critical violations on the page as it is now. A public page is the same server HTML in
 * both projects: the js project audits it at both widths. A page audited in both projects (the wizard's
 * steps with their messages, the member pages) is audited once per width: without JavaScript at a phone's
 * width, where JavaScript is most often off and the page differs most, with it at a desktop's.
 */
async function violations(page: Page, label: string, widths: readonly Size[] = jsOn() ? [DESKTOP] : [PHONE]): Promise<string[]> {
  const found: string[] = [];
  const target = await pageForAxe(page);
  for (const size of widths) {
    await target.setViewportSize(size);
    for (const v of await axeViolations(target)) found.push(`${label} @${size.width}px: ${v}`);
  }
  return found;
}

async function expectAccessible(page: Page, label: string, widths?: readonly Size[]) {
  expect(await violations(page, label, widths), `axe findings on ${label}`).toEqual([]);
}

const signIn = (page: Page, role: Role) => signInAsNew(page, role, { password: PASSWORD, tag: "axe" });

test.describe("axe finds no serious or critical violation", () => {
  // Each axe run takes a few seconds on this 2-core box, twice per page (two widths).
  test.describe.configure({ timeout: 90_000 });
  for (const path of PUBLIC_PAGES) {
    test(`on ${path}`, async ({ page }) => {
      test.skip(!jsOn(), "the same server HTML is audited once, hydrated, in the js project");
      await page.goto(path);
      await expectAccessible(page, path, [PHONE, DESKTOP]);
    });
  }

  test("on the first blog post", async ({ page }) => {
    await page.goto("/blog");
    await page.getByRole("main").getByRole("article").first().getByRole("link").first().click();
    await expectArrived(page, /\/blog\/.+/, page.getByRole("link", { name: "Back to Blog" }).first());
    await expectAccessible(page, page.url());
  });

  test("on every registration step, with messages shown", async ({ page }) => {
    test.setTimeout(240_000);
    const found: string[] = [];
    const cont = () => page.getByRole("button", { name: "Continue" }).click();
    const at = async (n: number, total: number) => {
      await expect(page).toHaveURL(new RegExp(`step=${n}$`));
      await expect(page.getByText(`Step ${n} of ${total}`, { exact: true })).toBeVisible();
    };
    await page.goto("/register");
    await cont();
    await expect(page.getByText("Please choose an account type")).toBeVisible();
    found.push(...(await violations(page, "/register (step 1, message shown)")));
    await page.getByRole("radio", { name: /Financial Professional/ }).check();
    await cont();
    await at(2, 9);
    await cont();
    await expect(page.getByText("Name is required").first()).toBeVisible();
    found.push(...(await violations(page, "/register?step=2 (messages shown)")));
    await page.getByLabel("First Name").fill("Grace");
    await page.getByLabel("Last Name").fill("Hopper");
    await cont();
    await at(3, 9);
    found.push(...(await violations(page, "/register?step=3")));
    await page.getByLabel("Email").fill(uniqueEmail("axe-wizard"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
    await cont();
    await at(4, 9);
    found.push(...(await violations(page, "/register?step=4")));
    await page.getByLabel("Company Name").fill("Independent");
    await page.getByLabel("Date of Birth").fill("1970-01-01");
    await cont();
    await at(5, 9);
    found.push(...(await violations(page, "/register?step=5")));
    await page.getByLabel("Years of Experience").selectOption("11-15");
    for (const n of [6, 7, 8]) {
      await cont();
      await at(n, 9);
      found.push(...(await violations(page, `/register?step=${n}`)));
    }
    await cont();
    await at(9, 9);
    found.push(...(await violations(page, "/register?step=9 (review)")));
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("You must agree to the terms and conditions")).toBeVisible();
    found.push(...(await violations(page, "/register?step=9 (message shown)")));
    // The client's own steps 4 to 7.
    await page.goto("/register?step=1");
    await page.getByRole("radio", { name: /Wealth Creator/ }).check();
    await cont();
    await at(2, 8);
    await cont();
    await at(3, 8);
    await cont();
    await at(4, 8);
    found.push(...(await violations(page, "/register?step=4 (client)")));
    await page.getByLabel("Country of Residency").selectOption("CH");
    await cont();
    await at(5, 8);
    found.push(...(await violations(page, "/register?step=5 (client)")));
    await page.getByLabel("Growth").check();
    for (const n of [6, 7, 8]) {
      await cont();
      await at(n, 8);
      found.push(...(await violations(page, `/register?step=${n} (client)`)));
    }
    expect(found).toEqual([]);
  });

  test("on the client welcome page and the member nav's pages", async ({ page }) => {
    const client = await signIn(page, "client");
    // An accepted introduction with an unread message: the nav's count, an unread row on /messages.
    const entry = testDb()
      .prepare("INSERT INTO professionals (name, title, company, email, verified) VALUES ('Axe Advisor', 'Advisor', 'Axe & Co', ?, 1) RETURNING id")
      .get(uniqueEmail("axe-entry")) as { id: number };
    const intro = testDb()
      .prepare("INSERT INTO introductions (client_user_id, professional_id, status, requested_at, answered_at) VALUES (?, ?, 'accepted', ?, ?) RETURNING id")
      .get(client.id, entry.id, Date.now(), Date.now()) as { id: number };
    testDb().prepare("INSERT INTO messages (introduction_id, sender, body) VALUES (?, 'professional', 'Welcome aboard.')").run(intro.id);
    await expectArrived(page, /\/client-welcome$/, page.getByRole("heading", { level: 1, name: /^Welcome/ }));
    await expectAccessible(page, "/client-welcome");
    for (const path of ["/messages", "/introductions", "/calls"]) {
      await page.goto(path);
      await expectAccessible(page, path);
    }
    await page.goto("/account/delete");
    await expectAccessible(page, "/account/delete");
  });

  test("on the professional dashboard and its edit page", async ({ page }) => {
    const pro = await signIn(page, "professional");
    await expectArrived(page, /\/professional-dashboard$/, page.getByRole("heading", { level: 1, name: "Professional Profile Not Found" }));
    await expectAccessible(page, "/professional-dashboard (no profile)");
    testDb()
      .prepare(
        `INSERT INTO professionals (name, title, company, email, bio, phone, location, experience_years, specialties, verified, featured, user_id)
         VALUES ('Eleanor Whitfield', 'Senior Wealth Advisor', 'Whitfield & Hale', ?, 'Founders and families.', '+1 (212) 555-0143',
                 'New York, NY', 12, '["Investment Management"]', 1, 1, (SELECT id FROM users WHERE email = ? COLLATE NOCASE))`,
      )
      .run(pro.email, pro.email);
    await page.goto("/professional-dashboard");
    await expect(page.getByRole("heading", { name: "Eleanor Whitfield" })).toBeVisible();
    await expectAccessible(page, "/professional-dashboard");
    await page.goto("/professional-dashboard/edit");
    await expectAccessible(page, "/professional-dashboard/edit");
    for (const path of ["/introductions", "/calls"]) {
      await page.goto(path);
      await expectAccessible(page, `${path} (professional)`);
    }
  });

  test("on the admin dashboard", async ({ page }) => {
    await signIn(page, "admin");
    await expectArrived(page, /\/admin$/, page.getByRole("heading", { level: 1, name: "Dashboard" }));
    await expectAccessible(page, "/admin");
  });
});
