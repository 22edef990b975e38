import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { createProfessional, createUser, jsOn, storePhoto, testDb, uniqueEmail, type TestUser, signInAs } from "./support";

// A shortlist card a client can decide from: photo (or initials), name, title and firm, city, qualifications
// in words, fees and minimum, languages and the registration, as the professional's entry holds them, and
// three reasons in plain words (never the engine's list of wealth bands). The profile's header shows the
// same fields. At 375 and 1280 px, in the js and no-js projects.
const PASSWORD = "Passw0rd!Cards";
const tag = () => `${jsOn() ? "J" : "N"}${Date.now().toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q")}`;

async function signedIn(browser: Browser, user: TestUser, width: number): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: jsOn(), viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

/** Nothing on the page is wider than the screen. */
async function expectNoSideways(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function expectReasons(card: Locator, expected: string[]) {
  const fits = card.getByTestId("why-they-fit").getByRole("listitem");
  await expect(fits).toHaveText(expected);
  await expect(card.getByTestId("why-they-fit")).not.toContainText(/individuals and families with|HNWI|\$1M/i);
}

test("each shortlist card shows who the professional is, from their entry, with three plain reasons; the profile's header the same", async ({ browser }) => {
  test.setTimeout(150_000);
  const t = tag();
  const lang = `Lang${t}`;
  const photo = await storePhoto();
  const known = {
    name: `Eleanor Cards ${t}`,
    title: "Senior Partner",
    company: `Whitfield Cards ${t}`,
    location: "Geneva",
    profileImage: photo,
    certifications: ["CFA", "CFP"],
    feeModel: "fee-only" as const,
    feeMinimum: 250000,
    languages: ["English", lang],
  };
  const knownId = createProfessional(known);
  // No photo, no city, no qualification and no minimum: nothing is made up for them.
  const bare = { name: `Samuel Cards ${t}`, title: "Wealth Manager", company: `Okafor Cards ${t}`, feeModel: "fee-based" as const, languages: ["English", lang] };
  createProfessional(bare);

  const client = await createUser({ email: uniqueEmail("cards-client"), password: PASSWORD, role: "client", name: `Clara Cards ${t}` });
  testDb()
    .prepare("INSERT INTO registration_answers (user_id, user_type, answers) VALUES (?, 'client', ?)")
    .run(
      client.id,
      JSON.stringify({ countryOfResidency: "CH", investmentObjectives: ["Growth"], netWorth: "10-25M", preferredCommunication: "video", advisorLanguage: lang }),
    );

  // The admin computes the shortlist with the engine and releases it.
  const admin = await createUser({ email: uniqueEmail("cards-admin"), password: PASSWORD, role: "admin" });
  const adminPage = await signedIn(browser, admin, 1280);
  await adminPage.goto(`/admin/matches/${client.id}`);
  await adminPage.getByRole("button", { name: "Compute shortlist" }).click();
  await expect(adminPage.getByTestId("shortlist-item").filter({ hasText: known.name })).toHaveCount(1);
  await expect(adminPage.getByTestId("shortlist-item").filter({ hasText: bare.name })).toHaveCount(1);
  await adminPage.getByRole("button", { name: "Release shortlist" }).click();
  await adminPage.getByRole("button", { name: "Yes, release it" }).click();
  await expect(adminPage.getByText("Shortlist released. The client has been emailed.")).toBeVisible();
  await adminPage.context().close();

  // The engine's own line names both bands; it stays on the profile, never on the card.
  const stored = testDb().prepare("SELECT items FROM shortlists WHERE client_user_id = ?").get(client.id) as { items: string };
  expect(stored.items).toContain("individuals and families with about $1M to $30M and individuals and families with more than about $30M");

  const reasons = ["Helps with growth, the objective you named.", "Works with families of your wealth.", `Works in ${lang}, as you asked.`];

  for (const width of [375, 1280]) {
    const page = await signedIn(browser, client, width);
    await page.goto("/client-welcome");
    const shortlist = page.locator("#shortlist");
    await expect(shortlist.getByTestId("paid-disclosure")).toBeVisible();

    const card = shortlist.getByTestId("client-shortlist-item").filter({ hasText: known.name });
    await expect(card.getByRole("heading", { level: 3, name: known.name })).toBeVisible();
    const img = card.getByRole("img", { name: `Photo of ${known.name}` });
    await expect(img).toHaveAttribute("src", photo);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await expect(card.getByTestId("pro-role")).toHaveText(`${known.title}, ${known.company}`);
    await expect(card.getByTestId("pro-city")).toHaveText(`Based in ${known.location}`);
    await expect(card.getByRole("list", { name: "Qualifications" }).getByRole("listitem")).toHaveText([
      "Chartered Financial Analyst (CFA)",
      "Certified Financial Planner (CFP)",
    ]);
    await expect(card.getByTestId("pro-fees")).toHaveText("Fee-only, minimum fee $250,000 a year");
    await expect(card.getByTestId("pro-languages")).toHaveText(`English, ${lang}`);
    await expect(card.getByText("Verified", { exact: true })).toBeVisible();
    await expect(card.getByTestId("card-registers")).toContainText("No regulator registration applies: Advises under a Swiss bar admission");
    await expectReasons(card, reasons);
    await expect(card.getByText(/more reasons? on their full profile/)).toBeVisible();
    // What was there stays: the profile link, the introduction, "Not for me".
    await expect(card.getByRole("link", { name: /View full profile/ })).toHaveAttribute("href", `/professionals/${knownId}`);
    await expect(card.getByRole("button", { name: /^Request introduction/ })).toBeVisible();
    await expect(card.getByRole("button", { name: /^Not for me/ })).toBeVisible();

    const plain = shortlist.getByTestId("client-shortlist-item").filter({ hasText: bare.name });
    await expect(plain.getByRole("img")).toHaveCount(0);
    // The first letters of the first and last words of "Samuel Cards <tag>".
    await expect(plain.getByTestId("avatar-initials")).toHaveText(`S${t.charAt(0)}`);
    await expect(plain.getByTestId("pro-role")).toHaveText(`${bare.title}, ${bare.company}`);
    await expect(plain.getByTestId("pro-city")).toHaveCount(0);
    await expect(plain.getByRole("list", { name: "Qualifications" })).toHaveCount(0);
    await expect(plain.getByTestId("pro-fees")).toHaveText("Fee-based (fees and some commissions)");
    await expect(plain.getByTestId("pro-languages")).toHaveText(`English, ${lang}`);
    await expectReasons(plain, reasons);

    await expectNoSideways(page, width);
    if (process.env.E2E_SCREENSHOTS) {
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/cards-${width}-${test.info().project.name}.png`, fullPage: true });
    }

    // The profile's header: the same fields, from the same component; the rest of the profile below it.
    await card.getByRole("link", { name: /View full profile/ }).click();
    await expect(page).toHaveURL(new RegExp(`/professionals/${knownId}$`));
    const header = page.getByTestId("professional-header");
    await expect(header.getByRole("heading", { level: 1, name: known.name })).toBeVisible();
    await expect(header.getByRole("img", { name: `Photo of ${known.name}` })).toHaveAttribute("src", photo);
    await expect(header.getByTestId("pro-city")).toHaveText(`Based in ${known.location}`);
    await expect(header.getByTestId("pro-fees")).toHaveText("Fee-only, minimum fee $250,000 a year");
    await expect(header.getByTestId("pro-languages")).toHaveText(`English, ${lang}`);
    await expect(header.getByRole("list", { name: "Qualifications" }).getByRole("listitem")).toHaveCount(2);
    // The card's plain reasons, all of them: more than the card's three.
    await expect(page.getByTestId("why-they-fit")).toContainText("Helps with growth, the objective you named.");
    await expect(page.getByTestId("why-they-fit").getByRole("listitem")).toHaveCount(6);
    await expect(header.getByTestId("card-registers")).toHaveCount(0);
    await expectNoSideways(page, width);
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/profile-${width}-${test.info().project.name}.png`, fullPage: true });
    }
    await page.context().close();
  }
});
