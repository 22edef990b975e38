import { expect, test, type Page } from "@playwright/test";
import { auditEvents, createUser, signIn, testDb, uniqueEmail, type Role, checkedOnce } from "./support";

// Every test makes its own accounts (the sign-in limits are per e-mail) and signs in with the right
// password, so the shared per-IP budget of failed sign-ins is left alone.
const PASSWORD = "Passw0rd!Admin";

const ADMIN_PATHS = [
  "/admin",
  "/admin/blog",
  "/admin/blog/new",
  "/admin/blog/1",
  "/admin/blog/1/edit",
  "/admin/submissions",
  "/admin/professionals",
  "/admin/professionals/new",
  "/admin/professionals/1/edit",
  "/admin/users",
  "/admin/settings",
  "/admin/audit",
];

/** /admin/login, with the page asked for kept for after the sign-in. */
const AT_ADMIN_LOGIN = /\/admin\/login(\?redirectTo=%2Fadmin%2F[^&]*)?$/;

/**
 * Each admin page, asked for with the page's cookies, ends at /admin/login once the redirects are followed
 * as the browser follows them: a request each, not a rendered page each (a page's rendering is checked once after).
 */
async function expectEachLandsOnAdminLogin(page: Page) {
  for (const path of ADMIN_PATHS) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.url(), path).toMatch(AT_ADMIN_LOGIN);
  }
}

const account = (role: Role) => createUser({ email: uniqueEmail(`admin-e2e-${role}`), password: PASSWORD, role });

const fillAdminLogin = (page: Page, email: string) => signIn(page, email, PASSWORD, { path: "/admin/login" });

async function signInAsAdmin(page: Page) {
  const admin = await account("admin");
  await fillAdminLogin(page, admin.email);
  await expect(page).toHaveURL(/\/admin$/);
  return admin;
}

/** A client or professional signed in through the member sign-in page. */
async function signInAsMember(page: Page, role: "client" | "professional") {
  const user = await account(role);
  await signIn(page, user.email, PASSWORD, { waitForLanding: true });
  expect((await page.context().cookies()).some((c) => c.name === "wm_session")).toBe(true);
  return user;
}

const toggleButton = (page: Page) => page.getByRole("button", { name: /^(Collapse|Expand) sidebar$/ });
const sidebarCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "sidebar_state");

function totals() {
  const n = (sql: string) => (testDb().prepare(sql).get() as { n: number }).n;
  return {
    posts: n("SELECT count(*) AS n FROM blog_posts"),
    submissions: n("SELECT count(*) AS n FROM form_submissions"),
    // The entry of a deleted account is neither listed nor counted.
    professionals: n("SELECT count(*) AS n FROM professionals WHERE deleted_at IS NULL"),
  };
}

test.describe("admin sign-in", () => {
  test("an admin signs in at /admin/login and sees the dashboard: counts, quick links, welcome line", async ({ page }) => {
    // Other tests may add rows meanwhile: each shown total must lie between the counts before and after.
    const before = totals();
    const admin = await signInAsAdmin(page);
    const after = totals();

    await expect(page.getByText("Login Successful")).toBeVisible();
    await expect(page.getByText("Welcome to the admin dashboard")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText(`Welcome, ${admin.email}`).filter({ visible: true })).toBeVisible();
    for (const [testId, key] of [
      ["stat-blog-posts-total", "posts"],
      ["stat-form-submissions-total", "submissions"],
      ["stat-professionals-total", "professionals"],
    ] as const) {
      const shown = Number((await page.getByTestId(testId).innerText()).replace(/,/g, ""));
      expect(shown).toBeGreaterThanOrEqual(before[key]);
      expect(shown).toBeLessThanOrEqual(after[key]);
    }
    await expect(page.getByText("Published", { exact: true })).toBeVisible();
    await expect(page.getByText("Drafts", { exact: true })).toBeVisible();
    await expect(page.getByText("New", { exact: true })).toBeVisible();
    await expect(page.getByText("Verified", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "New Post" })).toHaveAttribute("href", "/admin/blog/new");
    await expect(page.getByRole("link", { name: "Add Professional" })).toHaveAttribute("href", "/admin/professionals/new");
    await expect(page.getByRole("link", { name: "Dashboard", exact: true }).filter({ visible: true })).toHaveAttribute("aria-current", "page");
    expect(auditEvents({ kind: "LOGIN_SUCCESS", email: admin.email })).toHaveLength(1);

    // Signed in, the sign-in page sends the admin on.
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("while the request runs the button reads 'Signing in...'", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the busy label is a JavaScript enhancement; without it the browser shows its own progress");
    const admin = await account("admin");
    await page.goto("/admin/login");
    await page.getByLabel("Email", { exact: true }).fill(admin.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/login.data*", async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("a client's correct password opens no session: 'Login Failed' with the reason, recorded as suspicious", async ({ page }) => {
    const client = await account("client");
    await fillAdminLogin(page, client.email);
    const alert = page.getByRole("alert").filter({ hasText: "Login Failed" });
    await expect(alert).toContainText("This account does not have access to the admin area.");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(client.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    expect((await page.context().cookies()).some((c) => c.name === "wm_session")).toBe(false);
    expect(auditEvents({ kind: "SUSPICIOUS_ACTIVITY", email: client.email }).length).toBeGreaterThanOrEqual(1);
  });
});

test.describe("only admins get in", () => {
  test("a signed-out visitor opening any /admin page lands on /admin/login", async ({ page }) => {
    checkedOnce();
    await expectEachLandsOnAdminLogin(page);
    await page.goto("/admin/settings");
    await expect(page).toHaveURL(AT_ADMIN_LOGIN);
    await expect(page.getByRole("heading", { level: 1, name: "Admin sign in" })).toBeVisible();
  });

  test("an admin sent to sign in from an admin page is brought back to it", async ({ page }) => {
    const admin = await account("admin");
    await page.goto("/admin/settings");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fsettings$/);
    await signIn(page, admin.email, PASSWORD, { path: "/admin/login?redirectTo=%2Fadmin%2Fsettings" });
    await expect(page).toHaveURL(/\/admin\/settings$/);
  });

  for (const role of ["client", "professional"] as const) {
    test(`a signed-in ${role} opening any /admin page lands on /admin/login`, async ({ page }) => {
      checkedOnce();
      const user = await signInAsMember(page, role);
      await expectEachLandsOnAdminLogin(page);
      await page.goto("/admin/settings");
      await expect(page).toHaveURL(AT_ADMIN_LOGIN);
      await expect(page.getByText(`You are signed in as ${user.email}`)).toBeVisible();
      expect(auditEvents({ kind: "SUSPICIOUS_ACTIVITY", email: user.email }).length).toBeGreaterThanOrEqual(ADMIN_PATHS.length);
    });
  }

  test("a client's POST to an /admin path answers 403 and changes nothing", async ({ page }) => {
    const client = await signInAsMember(page, "client");
    const toggle = await page.request.post("/admin", { form: { intent: "sidebar", open: "false", back: "/admin" }, maxRedirects: 0 });
    expect(toggle.status()).toBe(403);
    expect(toggle.headers()["set-cookie"] ?? "").not.toContain("sidebar_state");
    const section = await page.request.post("/admin/users", { form: { role: "admin" }, maxRedirects: 0 });
    expect(section.status()).toBe(403);
    expect(await sidebarCookie(page)).toBeUndefined();
    const refused = auditEvents({ kind: "SUSPICIOUS_ACTIVITY", email: client.email }).map((e) => e.detail);
    expect(refused).toContain("admin access refused: POST /admin");
    expect(refused).toContain("admin access refused: POST /admin/users");
  });
});

test.describe("admin shell", () => {
  test("every sidebar link opens its section, marked as the current page", async ({ page }) => {
    await signInAsAdmin(page);
    const sidebar = page.getByRole("complementary", { name: "Admin" });
    for (const [label, path] of [
      ["Blog", "/admin/blog"],
      ["Submissions", "/admin/submissions"],
      ["Professionals", "/admin/professionals"],
      ["Users", "/admin/users"],
      ["Settings", "/admin/settings"],
      ["Audit log", "/admin/audit"],
      ["Dashboard", "/admin"],
    ] as const) {
      await sidebar.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(sidebar.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });

  test("the sidebar state survives reloads and page changes in a 7-day cookie", async ({ page }) => {
    await signInAsAdmin(page);
    const sidebar = page.locator("#admin-sidebar");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect(toggleButton(page)).toHaveAttribute("aria-expanded", "true");

    await toggleButton(page).click();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect(page.getByRole("button", { name: "Expand sidebar" })).toHaveAttribute("aria-expanded", "false");
    await expect.poll(async () => (await sidebarCookie(page))?.value).toBe("false");
    const cookie = await sidebarCookie(page);
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);

    await page.reload();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await page.goto("/admin/users");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");

    await toggleButton(page).click();
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.reload();
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    expect((await sidebarCookie(page))?.value).toBe("true");
  });

  test("Ctrl/Cmd+B toggles the sidebar", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "a keyboard shortcut needs JavaScript; without it the toggle button's form does the job");
    await signInAsAdmin(page);
    const sidebar = page.locator("#admin-sidebar");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    // The shortcut is listened for once the page is hydrated.
    await expect(page.locator("[data-shortcuts=ready]")).toHaveCount(1);
    await page.keyboard.press("ControlOrMeta+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect.poll(async () => (await sidebarCookie(page))?.value).toBe("false");
    await page.keyboard.press("ControlOrMeta+b");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect.poll(async () => (await sidebarCookie(page))?.value).toBe("true");
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("the sidebar becomes a top bar whose menu opens and navigates", async ({ page }) => {
      const admin = await signInAsAdmin(page);
      const menu = page.getByTestId("admin-mobile-menu");
      // The admin page, not the sign-in page being left, is the one whose sidebar must be hidden.
      await expect(menu).toBeVisible();
      await expect(page.locator("#admin-sidebar")).toBeHidden();
      const links = menu.getByRole("navigation", { name: "Admin sections" });
      await expect(links).toBeHidden();
      await menu.getByLabel("Admin menu").click();
      await expect(links).toBeVisible();
      await expect(menu.getByText(`Welcome, ${admin.email}`)).toBeVisible();
      await links.getByRole("link", { name: "Users" }).click();
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    });
  });

  test("Sign Out from the admin area ends the session", async ({ page }) => {
    const admin = await signInAsAdmin(page);
    await page.getByRole("button", { name: "Sign Out" }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("You have been signed out. See you soon.")).toBeVisible();
    expect(auditEvents({ kind: "LOGOUT", email: admin.email })).toHaveLength(1);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
