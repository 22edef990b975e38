import { expect, test, type Locator, type Page } from "@playwright/test";
import { createUser, expectArrived, jsOn, testDb, uniqueEmail, type TestUser, signInAs } from "./support";
import { screenshot } from "./support/screenshots";

// The member nav (decision 059): a signed-in client or professional whose introduction holds one unread
// message from the other side sees "Messages" with the count 1 in the nav of every member page, opens
// Messages, opens the conversation, and the count is gone. The marketing header stays on public pages.
// At a phone's width (the nav is a <details> menu) and a desktop's, with JavaScript and without.
const PASSWORD = "Passw0rd!Nav";
const WIDTHS = [375, 1280] as const;

function accepted(clientId: string, proId: string, t: string): number {
  const entry = testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, user_id, verified, experience_years, services, communication, countries_served, languages)
       VALUES (?, 'Senior Advisor', 'Nav Partners', ?, ?, 1, 12, '["Investment Management"]', '["video","email"]', '["CH"]', '["English"]') RETURNING id`,
    )
    .get(`Alice Nav ${t}`, uniqueEmail("nav-office"), proId) as { id: number };
  const now = Date.now();
  const intro = testDb()
    .prepare("INSERT INTO introductions (client_user_id, professional_id, status, requested_at, answered_at) VALUES (?, ?, 'accepted', ?, ?) RETURNING id")
    .get(clientId, entry.id, now - 3_600_000, now - 1_800_000) as { id: number };
  return intro.id;
}

function write(introductionId: number, sender: "client" | "professional", body: string) {
  testDb().prepare("INSERT INTO messages (introduction_id, sender, body, created_at) VALUES (?, ?, ?, ?)").run(introductionId, sender, body, Date.now() - 60_000);
}

/** Two people with an accepted introduction; `from` has written one message the other has not read. */
async function people(from: "client" | "professional") {
  const t = `${jsOn() ? "j" : "n"}${Date.now().toString(36)}`;
  const client = await createUser({ email: uniqueEmail("nav-client"), password: PASSWORD, role: "client", name: `Clara Nav ${t}` });
  const pro = await createUser({ email: uniqueEmail("nav-pro"), password: PASSWORD, role: "professional", name: `Alice Nav ${t}` });
  const intro = accepted(client.id, pro.id, t);
  const body = `A note from the ${from}, ${t}.`;
  write(intro, from, body);
  return { client, pro, intro, body };
}

/** The member nav as this width shows it: the row on a desktop, the menu opened on a phone. */
async function memberNav(page: Page, width: number): Promise<Locator> {
  await expect(page.getByTestId("member-header")).toBeVisible();
  if (width >= 768) return page.getByRole("navigation", { name: "Member", exact: true });
  const nav = page.getByRole("navigation", { name: "Member mobile" });
  if (!(await nav.isVisible())) await page.getByTestId("mobile-menu").locator("summary").click();
  await expect(nav).toBeVisible();
  return nav;
}

async function expectCount(page: Page, width: number, count: number | null) {
  const nav = await memberNav(page, width);
  const messages = nav.getByRole("link", { name: /^Messages/ });
  if (count === null) {
    await expect(messages).toHaveAccessibleName("Messages");
    await expect(messages.getByTestId("unread-count")).toHaveCount(0);
  } else {
    await expect(messages).toHaveAccessibleName(`Messages, ${count === 1 ? "1 unread message" : `${count} unread messages`}`);
    await expect(messages.getByTestId("unread-count")).toHaveText(String(count));
  }
  return nav;
}

async function goVia(page: Page, width: number, label: string | RegExp, url: RegExp, heading: string | RegExp) {
  const nav = await memberNav(page, width);
  const link = nav.getByRole("link", { name: label });
  await link.click();
  await expectArrived(page, url, page.getByRole("heading", { level: 1, name: heading }));
}

async function walk(page: Page, width: number, who: TestUser, home: { path: RegExp; label: string; heading: string | RegExp }, withName: string, body: string, intro: number) {
  await signInAs(page, who);
  await expect(page).toHaveURL(home.path);
  // From any member page: the home, Introductions, Calls, Account.
  const homeNav = await expectCount(page, width, 1);
  await screenshot(page, `member-nav-${who.role}`);
  await expect(homeNav.getByRole("link", { name: home.label, exact: true })).toHaveAttribute("aria-current", "page");
  for (const [label, url, heading] of [
    ["Introductions", /\/introductions$/, "Introductions"],
    ["Calls", /\/calls$/, "Calls"],
    ["Account", /\/account$/, "Account settings"],
  ] as const) {
    await goVia(page, width, label, url, heading);
    const nav = await expectCount(page, width, 1);
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: home.label, exact: true })).not.toHaveAttribute("aria-current", "page");
  }

  // Messages: the unread one first, marked, leading to the conversation.
  await goVia(page, width, /^Messages/, /\/messages$/, "Messages");
  const item = page.getByTestId("message-item").filter({ hasText: body });
  await expect(item.getByTestId("unread-mark")).toHaveText("Unread");
  await screenshot(page, `member-messages-${who.role}`);
  await item.getByRole("link", { name: `From ${withName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/introductions/${intro}#messages$`));
  await expect(page.getByText(body)).toBeVisible();
  // Introductions holds the conversation's page.
  await expect((await expectCount(page, width, null)).getByRole("link", { name: "Introductions", exact: true })).toHaveAttribute("aria-current", "page");

  // Read: gone from the nav on every member page, and unmarked in the list.
  await goVia(page, width, /^Messages/, /\/messages$/, "Messages");
  await expectCount(page, width, null);
  await expect(page.getByTestId("message-item").filter({ hasText: body }).getByTestId("unread-mark")).toHaveCount(0);
  await goVia(page, width, home.label, home.path, home.heading);
  await expectCount(page, width, null);

  // A public page keeps the marketing header.
  await page.goto("/about");
  await expect(page.getByTestId("member-header")).toHaveCount(0);
  // (Its Main nav is hidden on a phone, behind its own menu: there in the page either way.)
  await expect(page.locator('header nav[aria-label="Main"]')).toBeAttached();
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } });

    test("a client sees the unread message in the nav, reads it, and the count is gone", async ({ page }) => {
      test.setTimeout(120_000);
      const { client, pro, intro, body } = await people("professional");
      await walk(page, width, client, { path: /\/client-welcome$/, label: "Shortlist", heading: /^Welcome/ }, pro.name!, body, intro);
    });

    test("a professional sees the unread message in the nav, reads it, and the count is gone", async ({ page }) => {
      test.setTimeout(120_000);
      const { client, pro, intro, body } = await people("client");
      await walk(page, width, pro, { path: /\/professional-dashboard$/, label: "Clients", heading: "Professional Dashboard" }, client.name!, body, intro);
    });
  });
}
