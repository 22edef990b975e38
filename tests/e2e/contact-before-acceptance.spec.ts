import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, testDb, uniqueEmail, waitForMailContaining, type TestUser, jsOn, signInAs } from "./support";

// What a professional learns before saying yes (decision 022): the client was told a request shows their
// name, objectives, net-worth band and how they prefer to be contacted. Before acceptance the dashboard,
// the introduction's page, their `.data` and the request's e-mail show the channel and never the client's
// address or number; a professional who declines never sees them; one who accepts does.
// Runs in the js and no-js projects: each test makes its own people.
const PASSWORD = "Passw0rd!Reach";
const tag = () =>
  `${jsOn() ? "J" : "N"}${Date.now().toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q")}`;

function addEntry(name: string, userId: string, email: string): number {
  const row = testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, user_id, verified, experience_years, services, communication, countries_served, languages)
       VALUES (?, 'Senior Advisor', ?, ?, ?, 1, 12, '["Investment Management"]', '["video","email"]', '["CH"]', '["English"]') RETURNING id`,
    )
    .get(name, `${name} Partners`, email, userId) as { id: number };
  return row.id;
}

async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: jsOn() });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

/** What a request for the page's data returns, as the browser's router would fetch it. */
async function dataOf(page: Page, path: string): Promise<string> {
  const answer = await page.request.get(path, { maxRedirects: 0 });
  expect(answer.status(), path).toBe(200);
  return answer.text();
}

test("before acceptance a professional sees the channel, never the address or number; after accepting, both", async ({ browser }) => {
  test.setTimeout(120_000);
  const t = tag();
  const phone = `+1 212 555 ${String(Date.now() % 10_000).padStart(4, "0")}`;
  const clientName = `Clara Reach ${t}`;
  const alice = await createUser({ email: uniqueEmail("reach-alice"), password: PASSWORD, role: "professional", name: `Alice Reach ${t}` });
  const bob = await createUser({ email: uniqueEmail("reach-bob"), password: PASSWORD, role: "professional", name: `Bob Reach ${t}` });
  const aliceEntry = addEntry(`Alice Reach ${t}`, alice.id, alice.email);
  const bobEntry = addEntry(`Bob Reach ${t}`, bob.id, bob.email);
  const client = await createUser({ email: uniqueEmail("reach-client"), password: PASSWORD, role: "client", name: clientName });
  testDb()
    .prepare("INSERT INTO registration_answers (user_id, user_type, answers) VALUES (?, 'client', ?)")
    .run(client.id, JSON.stringify({ countryOfResidency: "CH", investmentObjectives: ["Growth"], netWorth: "10-25M", preferredCommunication: "phone", phone }));
  testDb()
    .prepare("INSERT INTO shortlists (client_user_id, status, items, released_at) VALUES (?, 'released', ?, ?)")
    .run(client.id, JSON.stringify([{ id: aliceEntry, rank: 1, score: 80, factors: [] }, { id: bobEntry, rank: 2, score: 70, factors: [] }]), Date.now() - 3_600_000);

  // The client asks both.
  const clientPage = await signedIn(browser, client);
  for (const name of [`Alice Reach ${t}`, `Bob Reach ${t}`]) {
    const card = clientPage.getByTestId("client-shortlist-item").filter({ hasText: name });
    await card.getByRole("button", { name: /^Request introduction/ }).click();
    await expect(card.getByTestId("introduction-status")).toHaveText("Introduction requested: waiting for their answer.");
  }
  const asked = await waitForMailContaining(alice.email, "A client on WealthMatch has asked to be introduced to you.");
  for (const secret of [client.email, phone, clientName]) expect(asked.text).not.toContain(secret);

  // Alice, before answering: the channel on the dashboard and the introduction's page, not the number.
  const alicePage = await signedIn(browser, alice);
  const row = alicePage.getByTestId("introduction").filter({ hasText: clientName });
  await expect(row).toContainText("Preferred contact");
  await expect(row).toContainText("Phone");
  await expect(row.getByTestId("contact-after-accepting")).toHaveText("Shown once you accept");
  await expect(alicePage.locator("body")).not.toContainText(phone);
  await expect(alicePage.locator("body")).not.toContainText(client.email);
  const introId = (testDb().prepare("SELECT id FROM introductions WHERE client_user_id = ? AND professional_id = ?").get(client.id, aliceEntry) as { id: number }).id;
  await alicePage.goto(`/introductions/${introId}`);
  await expect(alicePage.getByTestId("client-summary")).toContainText("Phone");
  await expect(alicePage.getByTestId("client-summary").getByTestId("contact-after-accepting")).toBeVisible();
  await expect(alicePage.locator("body")).not.toContainText(phone);
  await expect(alicePage.locator("body")).not.toContainText(client.email);
  for (const path of ["/professional-dashboard.data", `/introductions/${introId}.data`, "/professional-dashboard", `/introductions/${introId}`]) {
    const body = await dataOf(alicePage, path);
    expect(body, path).toContain(clientName);
    expect(body, path).not.toContain(phone);
    expect(body, path).not.toContain(client.email);
  }

  // Bob declines: he never had the number, and has not now.
  const bobPage = await signedIn(browser, bob);
  await bobPage.getByTestId("introduction").filter({ hasText: clientName }).getByRole("button", { name: /^Decline/ }).click();
  await expect(bobPage.getByText("Introduction declined. The client has been told.")).toBeVisible();
  const bobIntro = (testDb().prepare("SELECT id FROM introductions WHERE client_user_id = ? AND professional_id = ?").get(client.id, bobEntry) as { id: number }).id;
  for (const path of ["/professional-dashboard.data", `/introductions/${bobIntro}.data`]) {
    const body = await dataOf(bobPage, path);
    expect(body, path).not.toContain(phone);
    expect(body, path).not.toContain(client.email);
  }

  // Alice accepts: now the number their channel implies is hers, on the dashboard and the page.
  await alicePage.goto("/professional-dashboard");
  await alicePage.getByTestId("introduction").filter({ hasText: clientName }).getByRole("button", { name: /^Accept/ }).click();
  await expect(alicePage.getByText(`You can reach ${clientName} at ${client.email}, ${phone}`)).toBeVisible();
  const accepted = alicePage.getByTestId("introduction").filter({ hasText: clientName });
  await expect(accepted).toContainText("Reach them at");
  await expect(accepted).toContainText(phone);
  await expect(accepted.getByTestId("contact-after-accepting")).toHaveCount(0);
  await alicePage.goto(`/introductions/${introId}`);
  await expect(alicePage.getByTestId("contact-details")).toContainText(client.email);
  await expect(alicePage.getByTestId("contact-details")).toContainText(phone);
  expect(await dataOf(alicePage, "/professional-dashboard.data")).toContain(phone);

  for (const p of [clientPage, alicePage, bobPage]) await p.context().close();
});
