import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, registerClientThroughWizard, testDb, uniqueEmail, visitFromOwnAddress, waitForMailContaining, type TestUser, jsOn, signInAs } from "./support";

// Shortlists and introductions (docs/decisions/022-introductions-consent.md): an admin reviews (removes, adds with a warning) and releases a client's
// shortlist; the client reads the reasons and asks for one introduction; only that professional sees
// the client and accepts; a professional on the same shortlist who was not asked never sees the client,
// not even by posting a forged answer. Runs in the js and no-js projects: each test makes its own people.
const PASSWORD = "Passw0rd!Intro";
const tag = () =>
  `${jsOn() ? "J" : "N"}${Date.now().toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q")}`;

/** A complete, verified directory entry; only this test's entries speak `language`, so they rank first. */
function addProfessional(name: string, company: string, language: string, opts: { userId?: string; email?: string; countries?: string[] } = {}): number {
  const row = testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, user_id, verified, experience_years, certifications, services, aum_range,
        client_profiles, communication, countries_served, fee_model, languages)
       VALUES (?, 'Senior Advisor', ?, ?, ?, 1, 12, '["CFA"]', '["Investment Management","Tax Planning"]', '50-100M',
        '["HNWI","UHNWI","Entrepreneurs"]', '["video","email"]', ?, 'fee-only', ?) RETURNING id`,
    )
    .get(name, company, opts.email ?? uniqueEmail("intro-pro"), opts.userId ?? null, JSON.stringify(opts.countries ?? ["CH"]), JSON.stringify(["English", language])) as { id: number };
  return row.id;
}

async function professionalAccount(name: string, company: string, language: string): Promise<TestUser & { entryId: number }> {
  const user = await createUser({ email: uniqueEmail("intro-pro-user"), password: PASSWORD, role: "professional", name });
  return { ...user, entryId: addProfessional(name, company, language, { userId: user.id, email: user.email }) };
}

async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: jsOn() });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

test("admin reviews and releases; the client asks for one introduction; only that professional sees and accepts", async ({ browser }) => {
  test.setTimeout(120_000);
  const t = tag();
  const lang = `Lang${t}`;
  const alice = await professionalAccount(`Alice Intro ${t}`, `Alpha Firm ${t}`, lang);
  const bob = await professionalAccount(`Bob Intro ${t}`, `Beta Firm ${t}`, lang);
  addProfessional(`Cleo Intro ${t}`, `Gamma Firm ${t}`, lang);
  // Serves only Canada: the country filter leaves Dora out; the admin adds her anyway.
  addProfessional(`Dora Intro ${t}`, `Delta Firm ${t}`, lang, { countries: ["CA"] });
  const clientName = `Clara Intro ${t}`;
  const client = await createUser({ email: uniqueEmail("intro-client"), password: PASSWORD, role: "client", name: clientName });
  testDb()
    .prepare("INSERT INTO registration_answers (user_id, user_type, answers, created_at) VALUES (?, 'client', ?, ?)")
    .run(
      client.id,
      JSON.stringify({ countryOfResidency: "CH", investmentObjectives: ["Growth", "Tax Optimization"], netWorth: "10-25M", preferredCommunication: "video", advisorLanguage: lang }),
      Date.now() - 3 * 3_600_000,
    );
  const admin = await createUser({ email: uniqueEmail("intro-admin"), password: PASSWORD, role: "admin" });

  // The admin: compute, remove Cleo, add Dora (with the warning), release.
  const adminPage = await signedIn(browser, admin);
  await adminPage.goto(`/admin/matches/${client.id}`);
  await adminPage.getByRole("button", { name: "Compute shortlist" }).click();
  const items = adminPage.getByTestId("shortlist-item");
  await expect(items.filter({ hasText: `Cleo Intro ${t}` })).toHaveCount(1);
  await items.filter({ hasText: `Cleo Intro ${t}` }).getByRole("button", { name: /^Remove/ }).click();
  await expect(adminPage.getByText(`Cleo Intro ${t} removed from the shortlist.`)).toBeVisible();
  await expect(items.filter({ hasText: `Cleo Intro ${t}` })).toHaveCount(0);
  await adminPage.getByLabel("Add a verified professional").selectOption({ label: `Dora Intro ${t} (Delta Firm ${t})` });
  await adminPage.getByRole("button", { name: "Add to shortlist" }).click();
  await expect(adminPage.getByText(/Dora Intro \S+ added\. Matching would have left them out: does not serve the client's country/)).toBeVisible();
  const dora = items.filter({ hasText: `Dora Intro ${t}` });
  await expect(dora).toContainText("Added by an admin");
  await expect(dora).toContainText("Warning: matching would have left this professional out: Does not serve the client's country.");
  await expect(dora).toContainText("Score");
  await adminPage.getByRole("button", { name: "Release shortlist" }).click();
  await adminPage.getByRole("button", { name: "Yes, release it" }).click();
  await expect(adminPage.getByText("Shortlist released. The client has been emailed.")).toBeVisible();
  const released = await waitForMailContaining(client.email, "No professional sees anything about you until you ask");
  expect(released.subject).toBe("Your WealthMatch shortlist is ready");

  // Before anyone is asked, neither professional sees the client.
  const bobPage = await signedIn(browser, bob);
  await expect(bobPage.getByRole("heading", { name: "Introductions" })).toBeVisible();
  await expect(bobPage.getByText("No introductions yet.")).toBeVisible();

  // The client reads the reasons and asks for Alice only.
  const clientPage = await signedIn(browser, client);
  await expect(clientPage).toHaveURL(/\/client-welcome/);
  await expect(clientPage.getByText("A professional sees nothing about you until you ask for an introduction to them.")).toBeVisible();
  const cards = clientPage.getByTestId("client-shortlist-item");
  // Other verified professionals may fill the list; ours are on it, and Cleo (removed) is not.
  for (const name of ["Alice", "Bob", "Dora"]) await expect(cards.filter({ hasText: `${name} Intro ${t}` })).toHaveCount(1);
  await expect(cards.filter({ hasText: `Cleo Intro ${t}` })).toHaveCount(0);
  const aliceCard = cards.filter({ hasText: `Alice Intro ${t}` });
  await expect(aliceCard).toContainText(`Senior Advisor, Alpha Firm ${t}`);
  // A card shows its three strongest reasons and says how many more the profile has.
  await expect(aliceCard.getByTestId("why-they-fit").getByRole("listitem")).toHaveCount(3);
  await expect(aliceCard).toContainText(/And (one|\d+) more reasons? on their full profile\./);
  await expect(aliceCard).not.toContainText("Score");
  await aliceCard.getByRole("button", { name: /^Request introduction/ }).click();
  await expect(clientPage.getByText(`Introduction requested. Alice Intro ${t} can now see`)).toBeVisible();
  await expect(cards.filter({ hasText: `Alice Intro ${t}` }).getByTestId("introduction-status")).toHaveText(
    "Introduction requested: waiting for their answer.",
  );
  const asked = await waitForMailContaining(alice.email, "A client on WealthMatch has asked to be introduced to you.");
  expect(asked.text).not.toContain(clientName);

  // Bob (on the same shortlist, not asked) still sees nothing, and a forged answer is 'not found'.
  await bobPage.reload();
  await expect(bobPage.getByText("No introductions yet.")).toBeVisible();
  await expect(bobPage.getByText(clientName)).toHaveCount(0);
  const introId = (testDb().prepare("SELECT id FROM introductions WHERE client_user_id = ?").get(client.id) as { id: number }).id;
  const forged = await bobPage.request.post("/professional-dashboard", {
    form: { intent: "accept", introductionId: String(introId) },
    headers: { Origin: new URL(bobPage.url()).origin },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(404);
  await bobPage.goto("/professional-dashboard?page=1");
  await expect(bobPage.getByText(clientName)).toHaveCount(0);

  // Alice sees the client with what they shared, and accepts.
  const alicePage = await signedIn(browser, alice);
  const intro = alicePage.getByTestId("introduction").filter({ hasText: clientName });
  await expect(intro).toContainText("Growth, Tax Optimization");
  await expect(intro).toContainText("Video");
  // Their address only once accepted (contact-before-acceptance.spec.ts covers every surface).
  await expect(intro).not.toContainText(client.email);
  await intro.getByRole("button", { name: /^Accept/ }).click();
  await expect(alicePage.getByText("Introduction accepted. The client has been emailed.")).toBeVisible();
  await expect(alicePage.getByTestId("introduction").filter({ hasText: clientName })).toContainText("Accepted");
  await expect(alicePage.getByTestId("introduction").filter({ hasText: clientName })).toContainText(client.email);
  await waitForMailContaining(client.email, `Alice Intro ${t} accepted your request`);

  await clientPage.reload();
  await expect(cards.filter({ hasText: `Alice Intro ${t}` }).getByTestId("introduction-status")).toHaveText(
    "Introduction accepted: their contact details, your messages and a first call are one click away.",
  );
  const status = testDb().prepare("SELECT status FROM introductions WHERE id = ?").get(introId) as { status: string };
  expect(status.status).toBe("accepted");
  for (const p of [adminPage, bobPage, clientPage, alicePage]) await p.context().close();
});

test("the whole path: a client registers, confirms the address, and asks for an introduction once the shortlist is released", async ({ browser, page, context }, testInfo) => {
  test.setTimeout(150_000);
  await visitFromOwnAddress(context, testInfo);
  const js = jsOn();
  // Each project matches in a country of its own, so the two runs never fill each other's shortlists.
  const country = js ? { value: "SG", label: "Singapore" } : { value: "AU", label: "Australia" };
  const t = tag();
  const aliceUser = await createUser({ email: uniqueEmail("path-pro"), password: PASSWORD, role: "professional", name: `Alice Path ${t}` });
  addProfessional(`Alice Path ${t}`, `Path Firm ${t}`, "English", { userId: aliceUser.id, email: aliceUser.email, countries: [country.value] });
  addProfessional(`Ben Path ${t}`, `Other Firm ${t}`, "English", { countries: [country.value] });

  // The wizard, as a Wealth Creator in that country who wants growth.
  const email = uniqueEmail("path-client");
  await registerClientThroughWizard(page, {
    email,
    password: PASSWORD,
    firstName: "Pat",
    lastName: `Path ${t}`,
    country: country.label,
    dateOfBirth: "1975-03-02",
    objective: "Growth",
  });
  await expect(page.getByText(/Your shortlist is being prepared/)).toBeVisible();

  // Registering proposed a shortlist; the admin finds it waiting, with Alice on it, and releases it.
  const clientId = (testDb().prepare("SELECT id FROM users WHERE email = ? COLLATE NOCASE").get(email) as { id: string }).id;
  expect(testDb().prepare("SELECT status FROM shortlists WHERE client_user_id = ?").get(clientId)).toEqual({ status: "proposed" });
  const admin = await createUser({ email: uniqueEmail("path-admin"), password: PASSWORD, role: "admin" });
  const adminPage = await signedIn(browser, admin);
  await adminPage.goto("/admin/matches");
  await adminPage.getByRole("link", { name: new RegExp(`Pat Path ${t}`) }).click();
  await expect(adminPage.getByTestId("shortlist-item").filter({ hasText: `Alice Path ${t}` })).toHaveCount(1);
  await adminPage.getByRole("button", { name: "Release shortlist" }).click();
  await adminPage.getByRole("button", { name: "Yes, release it" }).click();
  await expect(adminPage.getByText("Shortlist released. The client has been emailed.")).toBeVisible();

  // Unconfirmed, the client sees the shortlist but is asked to confirm before any introduction.
  await page.goto("/client-welcome");
  const alice = page.getByTestId("client-shortlist-item").filter({ hasText: `Alice Path ${t}` });
  await expect(alice.getByTestId("confirm-first")).toBeVisible();
  await expect(alice.getByRole("button", { name: /^Request introduction/ })).toHaveCount(0);

  // The link from the mail confirms the address; now the client can ask.
  const mail = await waitForMailContaining(email, "/confirm-email?token=");
  const link = mail.links.find((l) => l.includes("/confirm-email?token="));
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page).toHaveURL(/\/client-welcome$/);
  await alice.getByRole("button", { name: /^Request introduction/ }).click();
  await expect(alice.getByTestId("introduction-status")).toHaveText("Introduction requested: waiting for their answer.");

  // Alice sees the client and accepts; the client is told.
  const alicePage = await signedIn(browser, aliceUser);
  const intro = alicePage.getByTestId("introduction").filter({ hasText: `Pat Path ${t}` });
  await expect(intro).toContainText("Growth");
  await intro.getByRole("button", { name: /^Accept/ }).click();
  await expect(alicePage.getByText("Introduction accepted. The client has been emailed.")).toBeVisible();
  await waitForMailContaining(email, `Alice Path ${t} accepted your request`);
  await page.goto("/client-welcome");
  await expect(alice.getByTestId("introduction-status")).toHaveText("Introduction accepted: their contact details, your messages and a first call are one click away.");
  for (const p of [adminPage, alicePage]) await p.context().close();
});
