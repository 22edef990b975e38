import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { createUser, testDb, uniqueEmail, waitForMailContaining, type TestUser, jsOn, signInAs } from "./support";

// How WealthMatch is paid, said at the moment it recommends (the SEC Marketing Rule: a compensated
// recommendation discloses the pay and the conflict clearly and prominently when it is made): above the
// shortlist's cards, near the top of each profile and in the shortlist's e-mail, with a link to the page
// "How WealthMatch is paid". On a 375 px screen, at the body text's size, open on the page: in the no-js
// project that is without JavaScript, in the js project the same once hydrated.
const PASSWORD = "Passw0rd!Paid";
const LEAD = "WealthMatch is paid by the professionals it recommends.";
const DETAIL = "The order of your shortlist and every score come from our published matching weights, never from a professional's plan or payment.";
const tag = () =>
  `${jsOn() ? "J" : "N"}${Date.now().toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q")}`;

test.use({ viewport: { width: 375, height: 812 } });

function addEntry(name: string): number {
  const row = testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, verified, verified_at, experience_years, services, communication, countries_served, languages)
       VALUES (?, 'Senior Advisor', ?, ?, 1, ?, 12, '["Investment Management"]', '["video","email"]', '["CH"]', '["English"]') RETURNING id`,
    )
    .get(name, `${name} Partners`, uniqueEmail("paid-pro"), Date.now() - 86_400_000) as { id: number };
  return row.id;
}

async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  // The admin works on a desk-sized screen; the client reads on a phone.
  const width = user.role === "admin" ? 1280 : 375;
  const context = await browser.newContext({ javaScriptEnabled: jsOn(), viewport: { width, height: 812 } });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

/** Clear and prominent: shown, inside the 375 px width, the body text's size, not folded away, linked to the page. */
async function expectProminent(page: Page, disclosure: Locator) {
  await expect(disclosure).toBeVisible();
  await expect(disclosure).toContainText(LEAD);
  await expect(disclosure).toContainText(DETAIL);
  const box = await disclosure.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  const body = await page.evaluate(() => getComputedStyle(document.body).fontSize);
  await expect(disclosure.getByText(DETAIL, { exact: false })).toHaveCSS("font-size", body);
  await expect(disclosure.locator("xpath=ancestor::details")).toHaveCount(0);
  await expect(disclosure.getByRole("link", { name: "How WealthMatch is paid" })).toHaveAttribute("href", "/how-we-are-paid");
}

test("the shortlist, its e-mail and each profile say how WealthMatch is paid, above the cards and near the top", async ({ browser }) => {
  test.setTimeout(120_000);
  const t = tag();
  const first = addEntry(`Alma Paid ${t}`);
  const second = addEntry(`Bruno Paid ${t}`);
  const client = await createUser({ email: uniqueEmail("paid-client"), password: PASSWORD, role: "client", name: `Clara Paid ${t}` });
  testDb()
    .prepare("INSERT INTO registration_answers (user_id, user_type, answers) VALUES (?, 'client', ?)")
    .run(client.id, JSON.stringify({ countryOfResidency: "CH", investmentObjectives: ["Growth"], netWorth: "10-25M", preferredCommunication: "email" }));
  testDb()
    .prepare("INSERT INTO shortlists (client_user_id, status, items) VALUES (?, 'proposed', ?)")
    .run(client.id, JSON.stringify([{ id: first, rank: 1, score: 80, factors: [] }, { id: second, rank: 2, score: 70, factors: [] }]));

  // The admin releases it; the e-mail says how WealthMatch is paid and links to the page.
  const admin = await createUser({ email: uniqueEmail("paid-admin"), password: PASSWORD, role: "admin" });
  const adminPage = await signedIn(browser, admin);
  await adminPage.goto(`/admin/matches/${client.id}`);
  await adminPage.getByRole("button", { name: "Release shortlist" }).click();
  await adminPage.getByRole("button", { name: "Yes, release it" }).click();
  await expect(adminPage.getByText("Shortlist released. The client has been emailed.")).toBeVisible();
  const mail = await waitForMailContaining(client.email, LEAD);
  expect(mail.subject).toBe("Your WealthMatch shortlist is ready");
  expect(mail.text.replace(/\s+/g, " ")).toContain(DETAIL);
  expect(mail.text).toMatch(/https?:\/\/\S+\/how-we-are-paid/);

  // The shortlist: the disclosure above the first card.
  const clientPage = await signedIn(browser, client);
  await expect(clientPage).toHaveURL(/\/client-welcome/);
  const shortlist = clientPage.locator("#shortlist");
  const disclosure = shortlist.getByTestId("paid-disclosure");
  await expectProminent(clientPage, disclosure);
  const card = shortlist.getByTestId("client-shortlist-item").first();
  await expect(card).toBeVisible();
  expect((await disclosure.boundingBox())!.y).toBeLessThan((await card.boundingBox())!.y);

  // A profile: the disclosure near the top, before anything about the professional's practice.
  await clientPage.goto(`/professionals/${first}`);
  await expect(clientPage.getByRole("heading", { level: 1, name: `Alma Paid ${t}` })).toBeVisible();
  const onProfile = clientPage.getByTestId("paid-disclosure");
  await expectProminent(clientPage, onProfile);
  for (const after of [clientPage.getByRole("heading", { name: "Your introduction" }), clientPage.getByRole("heading", { name: "About" })]) {
    expect((await onProfile.boundingBox())!.y).toBeLessThan((await after.boundingBox())!.y);
  }
  // Within the first two screens of a phone, right under the name.
  expect((await onProfile.boundingBox())!.y).toBeLessThan(2 * 812);

  // The page it links to, in plain words.
  await onProfile.getByRole("link", { name: "How WealthMatch is paid" }).click();
  await expect(clientPage).toHaveURL(/\/how-we-are-paid$/);
  await expect(clientPage.getByRole("heading", { level: 1, name: "How WealthMatch is paid" })).toBeVisible();
  // The shared e2e server runs with billing off: the page says membership is arranged with our team (billing
  // on, it names Stripe's subscriptions: billing.spec.ts).
  for (const heading of ["What clients pay", "What professionals pay", "What membership buys", "What it never buys", "How we handle the conflict", "Questions"]) {
    await expect(clientPage.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(clientPage.getByText("A membership fee, agreed with each professional directly by our team.")).toBeVisible();
  await expect(clientPage.getByRole("main").getByText(/Stripe|subscription/)).toHaveCount(0);
  await expect(clientPage.getByRole("main").getByRole("link", { name: "How Matching Works" })).toHaveAttribute("href", "/matching");

  for (const p of [adminPage, clientPage]) await p.context().close();
});
