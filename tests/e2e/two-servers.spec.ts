import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { landingFor } from "../../app/domain/roles";
import { slugify } from "../../app/features/blog/slug";
import {
  createUser,
  pgQuery,
  registerClientThroughWizard,
  signIn,
  signInAs,
  twoServers,
  uniqueEmail,
  visitFromOwnAddress,
  waitForMailContaining,
  withAdvisoryLock,
  type Role,
  type TestUser,
  jsOn,
} from "./support";

// Two app servers sharing one PostgreSQL behave as one site (docs/decisions/033-two-engines.md). Run by
// `npm run test:e2e:pg` only (the title tag @two-servers): A is E2E_BASE_URL, B is E2E_BASE_URL_2, each
// with its own data and uploads folder. Every test goes back and forth between them and checks what a
// person sees. A browser keeps cookies per host, not per port, so one browser context carries the same
// cookies to A and B, as one visitor behind a load balancer would; each person of a test has a context
// of their own. Every test runs in both projects (js and no-js) with rows and accounts of its own.

const PASSWORD = "Passw0rd!TwoServers";
const project = () => (jsOn() ? "J" : "N");
/** Letters only (the admin's searches and the matching page find names by words). */
const tag = () => `${project()}${Date.now().toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q")}`;

/** A person with a browser of their own, starting on `baseURL` (relative paths go there). */
async function person(browser: Browser, baseURL: string, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
  await visitFromOwnAddress(context, testInfo);
  return context.newPage();
}

async function signedIn(browser: Browser, baseURL: string, user: TestUser, testInfo: TestInfo): Promise<Page> {
  const page = await person(browser, baseURL, testInfo);
  await signInAs(page, user);
  return page;
}

const account = (role: Role, name?: string) => createUser({ email: uniqueEmail(`two-${role}`), password: PASSWORD, role, name });
const signOutButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Sign Out" });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

test.describe("two app servers on one PostgreSQL", () => {
  test("@two-servers a session begun on A is the same on B, and signing out on B ends it on A", async ({ page, baseURL }) => {
    const { a, b } = twoServers();
    expect(baseURL).toBe(a);
    const user = await account("client", `Sam ${tag()}`);
    await signIn(page, user.email, PASSWORD, { path: `${a}/login` });
    await expect(page).toHaveURL(`${a}/client-welcome`);
    await expect(signOutButton(page)).toBeVisible();

    // The same browser (its cookie) on B: signed in there too, as the same person.
    await page.goto(`${b}/client-welcome`);
    await expect(page).toHaveURL(`${b}/client-welcome`);
    await expect(signOutButton(page)).toBeVisible();
    await page.goto(`${b}/login`);
    await expect(page).toHaveURL(`${b}/client-welcome`);

    // Signing out on B ends the session everywhere: A asks to sign in.
    await signOutButton(page).click();
    await expect(page).toHaveURL(new RegExp(`^${b}/`));
    await expect(signOutButton(page)).toHaveCount(0);
    await page.goto(`${a}/client-welcome`);
    await expect(page).toHaveURL(new RegExp(`^${a}/login\\?redirectTo=%2Fclient-welcome$`));
    const sessions = await pgQuery<{ n: string }>("SELECT count(*) AS n FROM sessions WHERE user_id = $1", [user.id]);
    expect(sessions).toEqual([{ n: "0" }]);
  });

  test("@two-servers a client who registered on A signs in on B", async ({ page, browser, context }, testInfo) => {
    const { a, b } = twoServers();
    await visitFromOwnAddress(context, testInfo);
    const email = uniqueEmail("two-wizard");
    await registerClientThroughWizard(page, {
      email,
      password: PASSWORD,
      firstName: "Rene",
      lastName: `Wizard ${tag()}`,
      country: "Switzerland",
      dateOfBirth: "1979-04-03",
      objective: "Wealth Preservation",
    });
    await expect(page).toHaveURL(`${a}/client-welcome`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Rene");

    const elsewhere = await person(browser, b, testInfo);
    await signIn(elsewhere, email, PASSWORD, { path: `${b}/login` });
    await expect(elsewhere).toHaveURL(`${b}/client-welcome`);
    await expect(elsewhere.getByRole("heading", { level: 1 })).toHaveText("Welcome, Rene");
    await elsewhere.context().close();
  });

  test("@two-servers 20 registrations of one e-mail at once, split over A and B, make exactly one account", async () => {
    // Plain form posts, as 20 browsers without JavaScript would send them: each walks the wizard on its
    // server (the answers travel in the sealed wm_register cookie, steps 1 to 7), then all 20 press
    // Create Account together. Each comes from an address of its own (10 accounts an hour per address).
    test.setTimeout(60_000);
    const { a, b } = twoServers();
    const email = uniqueEmail(`two-race-${project()}`);
    const subnet = jsOn() ? 71 : 72;
    const browsers = Array.from({ length: 20 }, (_, i) => ({ base: i % 2 === 0 ? a : b, ip: `10.${subnet}.${Date.now() % 200}.${i + 1}` }));
    const cookies = await Promise.all(browsers.map((x) => walkWizardToReview(x.base, x.ip, email)));

    const answers = await Promise.all(
      browsers.map(async (x, i) => {
        const res = await postStep(x.base, x.ip, cookies[i] ?? "", 8, { intent: "create", agreeTerms: "on" });
        const body = res.status === 400 ? await res.text() : "";
        return { server: x.base, status: res.status, location: res.headers.get("location"), taken: body.includes(EMAIL_TAKEN) };
      }),
    );
    const created = answers.filter((r) => r.status >= 300 && r.status < 400 && r.location === "/client-welcome");
    const refused = answers.filter((r) => r.status === 400 && r.taken);
    expect(answers.filter((r) => !created.includes(r) && !refused.includes(r)), "every answer is the new account or 'already exists'").toEqual([]);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(19);
    // Both servers answered some of them.
    expect(new Set(refused.map((r) => r.server)).size).toBe(2);
    const users = await pgQuery<{ n: string }>("SELECT count(*) AS n FROM users WHERE lower(email) = lower($1)", [email]);
    expect(users).toEqual([{ n: "1" }]);
    const roles = await pgQuery<{ role: string }>("SELECT r.role FROM user_roles r JOIN users u ON u.id = r.user_id WHERE lower(u.email) = lower($1)", [email]);
    expect(roles).toEqual([{ role: "client" }]);
  });

  test("@two-servers an admin's settings change on A reaches an anonymous visitor of B's cached page", async ({ browser }, testInfo) => {
    test.setTimeout(60_000);
    const { a, b } = twoServers();
    // Each project changes its own figure, shown on its own page; the settings form saves every field at
    // once, so the two projects take turns (a PostgreSQL advisory lock) rather than save over each other.
    const js = jsOn();
    const figureKey = js ? "longTermRelationships" : "renewal";
    const figureName = js ? "Long-term relationships" : "Professional renewal";
    const publicPath = js ? "/about" : "/professionals";
    const admin = await account("admin");
    const adminPage = await signedIn(browser, a, admin, testInfo);
    const visitor = await (await browser.newContext({ javaScriptEnabled: js })).newPage();

    await withAdvisoryLock(SETTINGS_TURN, async () => {
      const [row] = await pgQuery<{ value: Record<string, unknown> }>("SELECT value FROM site_settings WHERE key = 'marketingStats'");
      const before = row?.value[figureKey];
      const figure = `${js ? 61 : 62}.${Date.now() % 10}%`;
      try {
        // B keeps the page for anonymous visitors: the visitor is served the cached copy.
        await adminPage.goto("/admin/settings");
        let cache: string | undefined;
        await expect
          .poll(async () => {
            cache = (await visitor.goto(`${b}${publicPath}`))?.headers()["x-page-cache"];
            return cache;
          }, { message: `B serves ${publicPath} from its page cache` })
          .toBe("hit");
        await expect(visitor.getByText(figure, { exact: true })).toHaveCount(0);

        // The admin saves a new figure on A.
        await adminPage.getByRole("group", { name: figureName }).getByLabel("Figure").fill(figure);
        // A set figure is saved (and shown) only with the day it was true and its source.
        await adminPage.getByRole("group", { name: figureName }).getByLabel("As of").fill("2026-11-05");
        await adminPage.getByRole("group", { name: figureName }).getByRole("textbox", { name: "Source" }).fill("Renewals, November 2026");
        await adminPage.getByRole("button", { name: "Save Settings" }).click();
        await expect(toast(adminPage, "Settings saved successfully")).toBeVisible();
        const saved = Date.now();

        // The visitor on B sees it without B restarting (NOTIFY, else B's 1 s poll). How long it took is
        // printed, not asserted: a test that fails on a timing fails on a busy machine, not on a fault.
        await expect
          .poll(
            async () => {
              await visitor.goto(`${b}${publicPath}`);
              return visitor.getByText(figure, { exact: true }).count();
            },
            { timeout: 15_000, intervals: [100], message: `B shows ${figure} on ${publicPath}` },
          )
          .toBeGreaterThan(0);
        testInfo.annotations.push({ type: "seen on B after", description: `${Date.now() - saved} ms` });
        await expect(visitor.getByText(figure, { exact: true }).first()).toBeVisible();
      } finally {
        if (row && before !== undefined) {
          await pgQuery("UPDATE site_settings SET value = jsonb_set(value, $1::text[], $2::jsonb), updated_at = now() WHERE key = 'marketingStats'", [
            [figureKey],
            JSON.stringify(before),
          ]);
        } else await pgQuery("DELETE FROM site_settings WHERE key = 'marketingStats'");
      }
    });
    await adminPage.context().close();
    await visitor.context().close();
  });

  test("@two-servers a message sent through the contact form on B is in the admin's submissions on A", async ({ browser }, testInfo) => {
    const { a, b } = twoServers();
    const visitor = await person(browser, b, testInfo);
    const email = uniqueEmail("two-contact");
    const marker = `Two servers ${tag()}`;
    await visitor.goto("/contact");
    const form = visitor.locator("form#contact");
    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel("Last name").fill(marker);
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Inquiry type").selectOption("client");
    await form.getByLabel("Message", { exact: true }).fill(`Hello, I would like to discuss estate planning (${marker}).`);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(visitor.getByText("Message Sent", { exact: true })).toBeVisible();
    expect(new URL(visitor.url()).origin).toBe(b);

    const admin = await account("admin");
    const adminPage = await signedIn(browser, a, admin, testInfo);
    await adminPage.goto("/admin/submissions");
    const row = adminPage.getByTestId("submission-row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: `Ada ${marker}`, exact: true }).click();
    await expect(adminPage).toHaveURL(new RegExp(`^${a}/admin/submissions/\\d+$`));
    await expect(adminPage.getByTestId("submission-message")).toContainText(`(${marker})`);
    await visitor.context().close();
    await adminPage.context().close();
  });

  test("@two-servers a featured image uploaded on A is served by B, whose uploads folder stays empty, and deleted on A it is gone from B", async ({ browser, request }, testInfo) => {
    test.setTimeout(60_000);
    const { a, b } = twoServers();
    const image = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wm-two-servers-")), "harbour.png");
    await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 20, g: 60, b: 90 } } }).png().toFile(image);

    const admin = await account("admin");
    const adminPage = await signedIn(browser, a, admin, testInfo);
    const title = `Two Servers Harbour ${tag()}`;
    await adminPage.goto("/admin/blog/new");
    await adminPage.getByLabel("Title", { exact: true }).fill(title);
    await adminPage.getByLabel("Content", { exact: true }).fill("<p>One database behind two app servers: every server serves every uploaded image.</p>");
    await adminPage.getByLabel("Category").selectOption({ label: "Investment" });
    await adminPage.getByLabel("Upload image").setInputFiles(image);
    // With JavaScript the image is uploaded on choice; without, with the form.
    if (jsOn()) await expect(adminPage.getByRole("button", { name: "Remove" })).toBeVisible();
    await adminPage.getByLabel("Alt text").fill("A harbour at dusk");
    await adminPage.locator('label[for="published"]').click();
    await expect(adminPage.getByRole("switch", { name: "Published" })).toBeChecked();
    await adminPage.getByRole("button", { name: "Create Post" }).click();
    await expect(adminPage).toHaveURL(`${a}/admin/blog`);

    // A reader on B sees the post with its image; the bytes come from B.
    const reader = await person(browser, b, testInfo);
    await reader.goto(`/blog/${slugify(title)}`);
    const img = reader.getByRole("img", { name: "A harbour at dusk" });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    const src = (await img.getAttribute("src")) ?? "";
    expect(src).toMatch(/^\/uploads\/blog-[a-z0-9-]+\.webp$/);
    const file = await request.get(`${b}${src}`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/webp");
    const meta = await sharp(await file.body()).metadata();
    expect(meta.format).toBe("webp");
    // B never had the file on disk: it came from the database both servers share.
    const name = src.slice("/uploads/".length);
    const uploadsOfB = path.join(path.dirname(process.env.E2E_DATA_DIR ?? ""), "data-2", "uploads");
    expect(fs.existsSync(uploadsOfB), `B's uploads folder (${uploadsOfB})`).toBe(true);
    expect(fs.readdirSync(uploadsOfB)).toEqual([]);
    expect(await pgQuery<{ type: string }>("SELECT content_type AS type FROM stored_files WHERE name = $1", [name])).toEqual([{ type: "image/webp" }]);

    // Deleting the post on A deletes its files: B, which just served one, stops at once.
    await adminPage.goto("/admin/blog");
    const confirmation = await adminPage.getByRole("link", { name: `Delete ${title}` }).getAttribute("href");
    await adminPage.goto(confirmation ?? "");
    await adminPage.getByRole("button", { name: "Delete Post" }).click();
    await expect(adminPage.getByText("Blog post deleted successfully")).toBeVisible();
    expect((await request.get(`${b}${src}`)).status()).toBe(404);
    await adminPage.context().close();
    await reader.context().close();
  });

  test("@two-servers a client registers on A, the admin releases on B, the client asks on A, the professional accepts on B", async ({ browser, page, context }, testInfo) => {
    test.setTimeout(150_000);
    const { a, b } = twoServers();
    await visitFromOwnAddress(context, testInfo);
    // Each project matches in a country of its own, so the two runs never fill each other's shortlists.
    const country = jsOn() ? { value: "SG", label: "Singapore" } : { value: "AU", label: "Australia" };
    const t = tag();
    const alice = await account("professional", `Alice Both ${t}`);
    await addProfessional(`Alice Both ${t}`, `Both Firm ${t}`, country.value, { userId: alice.id, email: alice.email });
    await addProfessional(`Ben Both ${t}`, `Other Firm ${t}`, country.value);

    const email = uniqueEmail("two-path-client");
    await registerClientThroughWizard(page, {
      email,
      password: PASSWORD,
      firstName: "Pat",
      lastName: `Both ${t}`,
      country: country.label,
      dateOfBirth: "1975-03-02",
      objective: "Growth",
    });
    await expect(page).toHaveURL(`${a}/client-welcome`);
    await expect(page.getByText(/Your shortlist is being prepared/)).toBeVisible();
    const [client] = await pgQuery<{ id: string }>("SELECT id FROM users WHERE lower(email) = lower($1)", [email]);
    if (!client) throw new Error(`no account for ${email}`);
    expect(await pgQuery("SELECT status FROM shortlists WHERE client_user_id = $1", [client.id])).toEqual([{ status: "proposed" }]);

    // The admin, on B, finds the proposed shortlist with Alice on it and releases it.
    const admin = await account("admin");
    const adminPage = await signedIn(browser, b, admin, testInfo);
    await adminPage.goto("/admin/matches");
    await adminPage.getByRole("link", { name: new RegExp(`Pat Both ${t}`) }).click();
    await expect(adminPage).toHaveURL(new RegExp(`^${b}/admin/matches/`));
    await expect(adminPage.getByTestId("shortlist-item").filter({ hasText: `Alice Both ${t}` })).toHaveCount(1);
    await adminPage.getByRole("button", { name: "Release shortlist" }).click();
    await adminPage.getByRole("button", { name: "Yes, release it" }).click();
    await expect(adminPage.getByText("Shortlist released. The client has been emailed.")).toBeVisible();

    // The client, on A, confirms the address with the mailed link, then asks for Alice.
    await page.goto(`${a}/client-welcome`);
    const aliceCard = page.getByTestId("client-shortlist-item").filter({ hasText: `Alice Both ${t}` });
    await expect(aliceCard.getByTestId("confirm-first")).toBeVisible();
    const mail = await waitForMailContaining(email, "/confirm-email?token=");
    const link = mail.links.find((l) => l.includes("/confirm-email?token="));
    if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
    await page.goto(`${a}${new URL(link).pathname}${new URL(link).search}`);
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await expect(page).toHaveURL(`${a}/client-welcome`);
    await aliceCard.getByRole("button", { name: /^Request introduction/ }).click();
    await expect(aliceCard.getByTestId("introduction-status")).toHaveText("Introduction requested: waiting for their answer.");

    // Alice, on B, sees the client and accepts.
    const alicePage = await signedIn(browser, b, alice, testInfo);
    await expect(alicePage).toHaveURL(`${b}/professional-dashboard`);
    const intro = alicePage.getByTestId("introduction").filter({ hasText: `Pat Both ${t}` });
    await expect(intro).toContainText("Growth");
    await intro.getByRole("button", { name: /^Accept/ }).click();
    await expect(alicePage.getByText("Introduction accepted. The client has been emailed.")).toBeVisible();
    await expect(alicePage.getByTestId("introduction").filter({ hasText: `Pat Both ${t}` })).toContainText("Accepted");

    // The client, on A, sees it accepted.
    await page.goto(`${a}/client-welcome`);
    await expect(aliceCard.getByTestId("introduction-status")).toHaveText("Introduction accepted: their contact details, your messages and a first call are one click away.");
    expect(await pgQuery("SELECT status FROM introductions WHERE client_user_id = $1", [client.id])).toEqual([{ status: "accepted" }]);
    await adminPage.context().close();
    await alicePage.context().close();
  });

  test("@two-servers role changes on A and B at once, while the person signs in again and again on B, end as one role they land by", async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const { a, b } = twoServers();
    const user = await account("client", `Robin ${tag()}`);
    const admin = await account("admin");
    const adminPage = await signedIn(browser, a, admin, testInfo);
    await adminPage.goto(`/admin/users?q=${encodeURIComponent(user.email)}`);
    const row = adminPage.getByRole("row").filter({ hasText: user.email });
    await expect(row.getByTestId("current-role")).toHaveText("Client");
    // With JavaScript the select saves on change once the page is hydrated (its Save button is gone by then).
    if (jsOn()) await expect(row.getByRole("button", { name: `Save role for ${user.email}` })).toBeHidden();

    const member = await person(browser, b, testInfo);
    const landings: { path: string; afterChanges: boolean }[] = [];
    let changed = false;
    const signingIn = (async () => {
      for (let round = 0, after = 0; round < 40 && after < 3; round++) {
        const startedAfter = changed;
        await member.context().clearCookies();
        await member.goto(`${b}/login`);
        await member.getByLabel("Email", { exact: true }).fill(user.email);
        await member.getByLabel("Password", { exact: true }).fill(PASSWORD);
        await member.getByRole("button", { name: "Sign In", exact: true }).click();
        // Landed by role, or (a role change between the sign-in and the landing page ends the session)
        // sent back to sign in.
        await member.waitForURL((url) => url.pathname !== "/login" || url.search !== "");
        landings.push({ path: new URL(member.url()).pathname, afterChanges: startedAfter });
        if (startedAfter) after++;
      }
    })();
    // Awaited below; until then a failure in the loop must not count as an unhandled rejection.
    signingIn.catch(() => undefined);

    // Once the person has landed twice, while the sign-ins go on: the admin makes the client a
    // professional on A's page, and at the same moment the same admin's other tabs post changes to
    // 'user' and 'professional' to A and B (plain form posts with the admin's session cookie).
    await expect.poll(() => landings.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const session = (await adminPage.context().cookies(a)).find((c) => c.name === "wm_session");
    if (!session) throw new Error("the admin has no session cookie");
    const postRole = (server: string, role: Role) =>
      fetch(`${server}/admin/users`, {
        method: "POST",
        body: new URLSearchParams({ userId: user.id, role, back: "" }),
        redirect: "manual",
        headers: { Origin: server, Cookie: `wm_session=${session.value}` },
      }).then((res) => ({ server, role, status: res.status, location: res.headers.get("location") }));
    const [, ...posted] = await Promise.all([
      (async () => {
        if (jsOn()) adminPage.once("dialog", (dialog) => void dialog.accept());
        await row.getByRole("combobox", { name: `Role for ${user.email}` }).selectOption("professional");
        if (!jsOn()) await row.getByRole("button", { name: `Save role for ${user.email}` }).click();
        await expect(toast(adminPage, "User role updated to professional")).toBeVisible();
      })(),
      ...[b, a, b, a, b, a].map((server, i) => postRole(server, i % 2 === 0 ? "user" : "professional")),
    ]);
    expect(posted.filter((p) => p.status !== 303 || p.location !== "/admin/users"), "every change is answered with the list again").toEqual([]);
    changed = true;
    await signingIn;

    // Exactly one role is stored, whichever change committed last.
    const roles = await pgQuery<{ role: Role }>("SELECT role FROM user_roles WHERE user_id = $1", [user.id]);
    expect(roles).toHaveLength(1);
    const role = roles[0]?.role ?? "client";
    expect(["professional", "user"]).toContain(role);
    const landing = landingFor(role);

    expect(landings.filter((l) => !["/client-welcome", "/professional-dashboard", "/login"].includes(l.path))).toEqual([]);
    // The sign-ins before the changes landed as a client; every one begun after them lands by the stored role.
    const before = landings.filter((l) => !l.afterChanges);
    expect(before.slice(0, 2).map((l) => l.path)).toEqual(["/client-welcome", "/client-welcome"]);
    const after = landings.filter((l) => l.afterChanges);
    expect(after.length).toBeGreaterThanOrEqual(3);
    expect(after.map((l) => l.path)).toEqual(after.map(() => landing));

    // The admin's list on A says the same role, and the person, on B and on A with the same cookie, is
    // where that role belongs.
    await adminPage.reload();
    await expect(row.getByTestId("current-role")).toHaveText(role === "professional" ? "Professional" : "User");
    for (const server of [b, a]) {
      await member.goto(`${server}/login`);
      await expect(member).toHaveURL(`${server}${landing}`);
      // A professional without a directory entry yet gets the dashboard's page for that; anyone else the welcome.
      if (role === "professional") await expect(member.getByRole("heading", { level: 1, name: "Professional Profile Not Found" })).toBeVisible();
      else await expect(member.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
    }
    await adminPage.context().close();
    await member.context().close();
  });
});

// ---- helpers ----

const EMAIL_TAKEN = "An account with this email already exists.";
/** The advisory lock the settings tests take turns with. */
const SETTINGS_TURN = 33_033;

/** One step of the registration wizard posted as a browser without JavaScript posts it. */
function postStep(base: string, ip: string, cookie: string, step: number, fields: Record<string, string>): Promise<Response> {
  const body = new URLSearchParams({ step: String(step), ...fields });
  return fetch(`${base}/register?step=${step}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: base, "X-Forwarded-For": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** Steps 1 to 7 of a Wealth Creator's registration; returns the wizard cookie that reached step 8. */
async function walkWizardToReview(base: string, ip: string, email: string): Promise<string> {
  const steps: Record<string, string>[] = [
    { userType: "client" },
    { firstName: "Race", lastName: "Condition" },
    { email, password: PASSWORD, confirmPassword: PASSWORD },
    { countryOfResidency: "CH", dateOfBirth: "1980-01-01" },
    { investmentObjectives: "Growth" },
    {},
    {},
  ];
  let cookie = "";
  for (const [i, fields] of steps.entries()) {
    const step = i + 1;
    const res = await postStep(base, ip, cookie, step, { intent: "continue", ...fields });
    expect(res.status, `step ${step} on ${base}`).toBe(303);
    expect(res.headers.get("location")).toBe(`/register?step=${step + 1}`);
    const set = res.headers.getSetCookie().find((c) => c.startsWith("wm_register="));
    if (!set) throw new Error(`step ${step} set no wizard cookie`);
    cookie = set.split(";")[0] ?? "";
  }
  return cookie;
}

/** A complete, verified directory entry serving `country` only. */
async function addProfessional(name: string, company: string, country: string, opts: { userId?: string; email?: string } = {}): Promise<number> {
  const [row] = await pgQuery<{ id: number }>(
    `INSERT INTO professionals (name, title, company, email, user_id, verified, experience_years, certifications, services, aum_range,
       client_profiles, communication, countries_served, fee_model, languages)
     VALUES ($1, 'Senior Advisor', $2, $3, $4, true, 12, '["CFA"]', '["Investment Management","Tax Planning"]', '50-100M',
       '["HNWI","UHNWI","Entrepreneurs"]', '["video","email"]', $5::jsonb, 'fee-only', '["English"]') RETURNING id`,
    [name, company, opts.email ?? uniqueEmail("two-pro"), opts.userId ?? null, JSON.stringify([country])],
  );
  if (!row) throw new Error(`could not add ${name}`);
  return row.id;
}
