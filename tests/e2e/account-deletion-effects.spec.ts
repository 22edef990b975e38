import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, testDb, uniqueEmail, waitForMailContaining, type TestUser, jsOn, signInAs } from "./support";

// A deleted account leaves the product: a professional's entry leaves the client's shortlist and their
// open introduction ends with a word to the client; a client who leaves shows to the professional as
// "This client deleted their account". Runs in the js and no-js projects: each test makes its own people.
const PASSWORD = "Passw0rd!Leave";
const tag = () =>
  `${jsOn() ? "J" : "N"}${Date.now().toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q")}`;

/** A verified directory entry with its personal details. */
function addEntry(name: string, company: string, email: string, userId: string | null): number {
  const row = testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, phone, bio, user_id, verified, featured, experience_years, services, countries_served, languages)
       VALUES (?, 'Senior Advisor', ?, ?, '+41 44 555 0101', 'Twenty years with families.', ?, 1, 1, 20, '["Investment Management"]', '["CH"]', '["English"]') RETURNING id`,
    )
    .get(name, company, email, userId) as { id: number };
  return row.id;
}

/** A client whose shortlist an admin released with these entries on it, in this order. */
async function clientWithReleasedShortlist(name: string, entries: number[]): Promise<TestUser> {
  const client = await createUser({ email: uniqueEmail("leave-client"), password: PASSWORD, role: "client", name });
  testDb()
    .prepare("INSERT INTO registration_answers (user_id, user_type, answers) VALUES (?, 'client', ?)")
    .run(client.id, JSON.stringify({ firstName: name.split(" ")[0], countryOfResidency: "CH", investmentObjectives: ["Growth"], netWorth: "10-25M" }));
  const items = entries.map((id, i) => ({ id, rank: i + 1, score: 80 - i * 5, factors: [] }));
  testDb()
    .prepare("INSERT INTO shortlists (client_user_id, status, items, released_at) VALUES (?, 'released', ?, ?)")
    .run(client.id, JSON.stringify(items), Date.now() - 3_600_000);
  return client;
}

function acceptedIntroduction(clientId: string, entryId: number): number {
  const now = Date.now();
  const row = testDb()
    .prepare("INSERT INTO introductions (client_user_id, professional_id, status, requested_at, answered_at) VALUES (?, ?, 'accepted', ?, ?) RETURNING id")
    .get(clientId, entryId, now - 7_200_000, now - 3_600_000) as { id: number };
  return row.id;
}

async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: jsOn() });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

async function deleteOwnAccount(page: Page) {
  await page.goto("/account/delete");
  // With JavaScript, typing before hydration would be lost: the password field's Show button appears once it is.
  if (jsOn()) await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
  await page.getByLabel("Your password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account has been deleted.")).toBeVisible();
}

test("a professional who deletes their account leaves the client's shortlist, and the client is told", async ({ browser }) => {
  test.setTimeout(120_000);
  const t = tag();
  const proName = `Paula Leaving ${t}`;
  const paula = await createUser({ email: uniqueEmail("leave-pro"), password: PASSWORD, role: "professional", name: proName });
  const paulaEntry = addEntry(proName, `Leaving Partners ${t}`, paula.email, paula.id);
  const otherEntry = addEntry(`Otto Staying ${t}`, `Staying Trust ${t}`, uniqueEmail("stay-pro"), null);
  const client = await clientWithReleasedShortlist(`Rita Staying ${t}`, [paulaEntry, otherEntry]);
  const introId = acceptedIntroduction(client.id, paulaEntry);

  // Before: the client sees Paula on the shortlist, with their introduction accepted.
  const clientPage = await signedIn(browser, client);
  const cards = clientPage.getByTestId("client-shortlist-item");
  await expect(cards.filter({ hasText: proName })).toHaveCount(1);

  const proPage = await signedIn(browser, paula);
  await deleteOwnAccount(proPage);

  // The client's shortlist no longer offers her; the page says the introduction ended; the mail names her.
  await clientPage.goto("/client-welcome");
  await expect(cards.filter({ hasText: `Otto Staying ${t}` })).toHaveCount(1);
  await expect(cards.filter({ hasText: proName })).toHaveCount(0);
  await expect(clientPage.getByRole("button", { name: new RegExp(`Request introduction to ${proName}`) })).toHaveCount(0);
  await expect(clientPage.getByTestId("ended-introductions")).toContainText("An introduction has ended.");
  const mail = await waitForMailContaining(client.email, `${proName} deleted their WealthMatch account`);
  expect(mail.subject).toBe(`${proName} has left WealthMatch; your introduction has ended`);
  expect(testDb().prepare("SELECT status, end_reason AS endReason FROM introductions WHERE id = ?").get(introId)).toEqual({
    status: "ended",
    endReason: "professional-deleted",
  });

  // Nothing of hers stays public, and the admin's directory shows no row with her name or address.
  const profile = await clientPage.request.get(`/professionals/${paulaEntry}`, { maxRedirects: 0 });
  expect(profile.status()).toBe(404);
  const admin = await createUser({ email: uniqueEmail("leave-admin"), password: PASSWORD, role: "admin" });
  const adminPage = await signedIn(browser, admin);
  await adminPage.goto("/admin/professionals");
  await expect(adminPage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(adminPage.getByText(paula.email)).toHaveCount(0);
  await expect(adminPage.getByText(proName)).toHaveCount(0);
  await expect(adminPage.getByText("deleted.invalid")).toHaveCount(0);
  const edit = await adminPage.request.get(`/admin/professionals/${paulaEntry}/edit`, { maxRedirects: 0 });
  expect(edit.status()).toBe(404);
  for (const p of [clientPage, proPage, adminPage]) await p.context().close();
});

test("a client who deletes their account shows to the professional as 'This client deleted their account'", async ({ browser }) => {
  test.setTimeout(120_000);
  const t = tag();
  const quinn = await createUser({ email: uniqueEmail("leave-quinn"), password: PASSWORD, role: "professional", name: `Quinn Staying ${t}` });
  const quinnEntry = addEntry(`Quinn Staying ${t}`, `Quinn Capital ${t}`, quinn.email, quinn.id);
  const clientName = `Dora Leaving ${t}`;
  const client = await clientWithReleasedShortlist(clientName, [quinnEntry]);
  acceptedIntroduction(client.id, quinnEntry);

  const quinnPage = await signedIn(browser, quinn);
  await quinnPage.goto("/professional-dashboard");
  await expect(quinnPage.getByTestId("introduction").filter({ hasText: clientName })).toHaveCount(1);

  const clientPage = await signedIn(browser, client);
  await deleteOwnAccount(clientPage);

  await quinnPage.reload();
  await expect(quinnPage.getByTestId("introduction").filter({ hasText: "This client deleted their account" })).toHaveCount(1);
  await expect(quinnPage.getByText(clientName)).toHaveCount(0);
  await expect(quinnPage.getByText(client.email)).toHaveCount(0);
  const mail = await waitForMailContaining(quinn.email, "A client who had asked to be introduced to you deleted their WealthMatch account");
  expect(mail.text).not.toContain(clientName);
  for (const p of [quinnPage, clientPage]) await p.context().close();
});
