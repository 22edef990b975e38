import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { createUser, testDb, uniqueEmail, type TestUser, jsOn, signInAs } from "./support";
import { screenshot } from "./support/screenshots";

// After a post the confirmation must be where the eye lands: without JavaScript the page opens at the form's
// section (#send-message, #shortlist), so the message is rendered there; with JavaScript it is the corner toast.
// Runs in the js and no-js projects, at 375 and 1280 px.
const PASSWORD = "Passw0rd!InView";
const HEADER_PX = 64;

let ipCounter = 0;
const uniqueIp = () => `10.${(process.pid + 7) % 250}.${200 + Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** Visible, below the sticky header and above the bottom of the window, without scrolling. */
async function expectInViewport(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, "the message has a box").not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.y, "below the header").toBeGreaterThanOrEqual(HEADER_PX - 1);
  expect(box.y + box.height, "above the bottom of the window").toBeLessThanOrEqual(viewport.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
}

const tag = () => `${jsOn() ? "J" : "N"}${Date.now().toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q")}`;

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });

    test("the contact form's 'Message Sent' is in view after sending, and the form is empty", async ({ page }) => {
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueIp() });
      await page.goto("/contact");
      const form = page.locator("form#contact");
      await form.getByLabel("First name").fill("Ada");
      await form.getByLabel("Last name").fill("Lovelace");
      await form.getByLabel("Email", { exact: true }).fill(uniqueEmail("in-view"));
      await form.getByLabel("Inquiry type").selectOption("client");
      await form.getByLabel("Message", { exact: true }).fill("I would like to talk about planning for my family's future.");
      await form.getByRole("button", { name: "Send Message" }).click();
      const sent = page.getByRole("status").filter({ hasText: "Message Sent" });
      await expectInViewport(page, sent);
      await expect(sent).toContainText("We'll get back to you within 24 hours.");
      await expect(form.getByLabel("Message", { exact: true })).toHaveValue("");
      await screenshot(page, "contact-sent");
    });

    test("asking for an introduction to the last professional on the shortlist shows the confirmation in view", async ({ browser }) => {
      test.setTimeout(120_000);
      const t = tag();
      const { client, last } = await releasedShortlist(browser, t);
      const page = await (await browser.newContext({ javaScriptEnabled: jsOn(), viewport: { width, height: width === 375 ? 812 : 800 } })).newPage();
      await signInAs(page, client);
      const card = page.getByTestId("client-shortlist-item").filter({ hasText: last });
      await card.getByRole("button", { name: /^Request introduction/ }).click();
      const confirmation = page.getByRole("status").filter({ hasText: `Introduction requested. ${last} can now see` });
      await expectInViewport(page, confirmation);
      await screenshot(page, "shortlist-asked");
    });
  });
}

/** A client with a released shortlist of this test's four professionals; `last` is the one listed last. */
async function releasedShortlist(browser: Browser, t: string): Promise<{ client: TestUser; last: string }> {
  const lang = `Lang${t}`;
  const names = ["Ava", "Ben", "Cora", "Dan"].map((n) => `${n} InView ${t}`);
  names.forEach((name, i) => {
    testDb()
      .prepare(
        `INSERT INTO professionals (name, title, company, email, verified, experience_years, certifications, services, aum_range,
          client_profiles, communication, countries_served, fee_model, languages)
         VALUES (?, 'Senior Advisor', ?, ?, 1, ?, '["CFA"]', '["Investment Management","Tax Planning"]', '50-100M',
          '["HNWI","UHNWI","Entrepreneurs"]', '["video","email"]', '["CH"]', 'fee-only', ?)`,
      )
      .run(name, `Firm ${i} ${t}`, uniqueEmail("in-view-pro"), 20 - i, JSON.stringify(["English", lang]));
  });
  const client = await createUser({ email: uniqueEmail("in-view-client"), password: PASSWORD, role: "client", name: `Clara InView ${t}` });
  testDb()
    .prepare("INSERT INTO registration_answers (user_id, user_type, answers, created_at) VALUES (?, 'client', ?, ?)")
    .run(
      client.id,
      JSON.stringify({ countryOfResidency: "CH", investmentObjectives: ["Growth", "Tax Optimization"], netWorth: "10-25M", preferredCommunication: "video", advisorLanguage: lang }),
      Date.now() - 3 * 3_600_000,
    );
  const admin = await createUser({ email: uniqueEmail("in-view-admin"), password: PASSWORD, role: "admin" });
  const adminPage = await (await browser.newContext({ javaScriptEnabled: jsOn() })).newPage();
  await signInAs(adminPage, admin, { at: `/admin/matches/${client.id}` });
  await adminPage.getByRole("button", { name: "Compute shortlist" }).click();
  await expect(adminPage.getByRole("button", { name: "Release shortlist" })).toBeVisible();
  // Whatever matching chose, the admin adds this test's professionals it left out (one per firm, five at most).
  for (const [i, name] of names.entries()) {
    const items = adminPage.getByTestId("shortlist-item");
    if ((await items.filter({ hasText: name }).count()) > 0 || (await items.count()) >= 5) continue;
    await adminPage.getByLabel("Add a verified professional").selectOption({ label: `${name} (Firm ${i} ${t})` });
    await adminPage.getByRole("button", { name: "Add to shortlist" }).click();
    await expect(items.filter({ hasText: name })).toHaveCount(1);
  }
  const listed = await adminPage.getByTestId("shortlist-item").allTextContents();
  await adminPage.getByRole("button", { name: "Release shortlist" }).click();
  await adminPage.getByRole("button", { name: "Yes, release it" }).click();
  await expect(adminPage.getByText("Shortlist released. The client has been emailed.")).toBeVisible();
  await adminPage.context().close();
  const last = [...names].reverse().find((n) => listed.some((text) => text.includes(n)));
  if (!last) throw new Error("none of this test's professionals is on the shortlist");
  return { client, last };
}
