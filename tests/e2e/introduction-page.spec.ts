import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, testDb, uniqueEmail, waitForMailContaining, mailsTo, type TestUser, jsOn, signInAs } from "./support";

// After acceptance the two can reach each other: a client asks, the professional accepts, both read the
// other's contact details on /introductions/:id (and the acceptance e-mail carries the professional's),
// they write to each other (the e-mail says a message waits, never what it says), unread counts show
// and clear, a reported message reaches /admin/reports and an unreported one never does; anyone else
// gets 404 on the page and its .data. Runs in the js and no-js projects: each test makes its own people.
const PASSWORD = "Passw0rd!Meet";
const tag = () =>
  `${jsOn() ? "J" : "N"}${Date.now().toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q")}`;

function addEntry(name: string, email: string, userId: string | null, phone: string | null): number {
  const row = testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, phone, user_id, verified, experience_years, services, communication, countries_served, languages)
       VALUES (?, 'Senior Advisor', 'Meeting Partners', ?, ?, ?, 1, 12, '["Investment Management"]', '["video","email"]', '["CH"]', '["English"]') RETURNING id`,
    )
    .get(name, email, phone, userId) as { id: number };
  return row.id;
}

async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: jsOn() });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

test("accepted: contact details both ways, private messages, unread counts, a report for the admin; 404 for everyone else", async ({ browser }) => {
  test.setTimeout(180_000);
  const js = jsOn();
  const t = tag();
  const proName = `Alice Meet ${t}`;
  const clientName = `Clara Meet ${t}`;
  const alice = await createUser({ email: uniqueEmail("meet-pro"), password: PASSWORD, role: "professional", name: proName });
  const entryEmail = uniqueEmail("meet-office");
  const aliceEntry = addEntry(proName, entryEmail, alice.id, "+41 44 555 0199");
  const bob = await createUser({ email: uniqueEmail("meet-bob"), password: PASSWORD, role: "professional", name: `Bob Meet ${t}` });
  addEntry(`Bob Meet ${t}`, bob.email, bob.id, null);
  const client = await createUser({ email: uniqueEmail("meet-client"), password: PASSWORD, role: "client", name: clientName });
  testDb()
    .prepare("INSERT INTO registration_answers (user_id, user_type, answers) VALUES (?, 'client', ?)")
    .run(
      client.id,
      JSON.stringify({ firstName: "Clara", countryOfResidency: "CH", investmentObjectives: ["Growth"], netWorth: "10-25M", preferredCommunication: "phone", phone: "+1 212 555 0142" }),
    );
  testDb()
    .prepare("INSERT INTO shortlists (client_user_id, status, items, released_at) VALUES (?, 'released', ?, ?)")
    .run(client.id, JSON.stringify([{ id: aliceEntry, rank: 1, score: 80, factors: [] }]), Date.now() - 3_600_000);
  const otherClient = await createUser({ email: uniqueEmail("meet-other"), password: PASSWORD, role: "client", name: `Otto Meet ${t}` });
  const admin = await createUser({ email: uniqueEmail("meet-admin"), password: PASSWORD, role: "admin" });

  // The client asks; before an answer the page shows where things stand and no contact details.
  const clientPage = await signedIn(browser, client);
  const card = clientPage.getByTestId("client-shortlist-item").filter({ hasText: proName });
  await card.getByRole("button", { name: /^Request introduction/ }).click();
  await expect(card.getByTestId("introduction-status")).toHaveText("Introduction requested: waiting for their answer.");
  await card.getByRole("link", { name: /^Open the introduction/ }).click();
  await expect(clientPage).toHaveURL(/\/introductions\/\d+$/);
  const introId = Number(new URL(clientPage.url()).pathname.split("/").pop());
  await expect(clientPage.getByTestId("introduction-state")).toContainText("They have not answered yet.");
  await expect(clientPage.getByTestId("contact-details")).toHaveCount(0);
  await expect(clientPage.getByText("+41 44 555 0199")).toHaveCount(0);
  await expect(clientPage.getByRole("link", { name: "First call" })).toHaveCount(0);

  // The professional accepts from the dashboard; the confirmation gives the client's details.
  const alicePage = await signedIn(browser, alice);
  const row = alicePage.getByTestId("introduction").filter({ hasText: clientName });
  await row.getByRole("button", { name: /^Accept/ }).click();
  await expect(alicePage.getByText(`You can reach ${clientName} at ${client.email}, +1 212 555 0142`)).toBeVisible();

  // The acceptance e-mail carries the professional's contact details and a way to the page.
  const accepted = await waitForMailContaining(client.email, `${proName} accepted your request`);
  expect(accepted.text).toContain(`Email: ${entryEmail}`);
  expect(accepted.text).toContain("Phone: +41 44 555 0199");
  expect(accepted.text).toContain("Prefers: Video call, Email");
  expect(accepted.links.some((l) => l.endsWith(`/login?redirectTo=${encodeURIComponent(`/introductions/${introId}`)}`))).toBe(true);

  // Both read the other's contact details on the page.
  await clientPage.reload();
  const proContact = clientPage.getByTestId("contact-details");
  await expect(proContact).toContainText(proName);
  await expect(proContact).toContainText(entryEmail);
  await expect(proContact).toContainText("+41 44 555 0199");
  await expect(proContact).toContainText("Video call, Email");
  await expect(clientPage.getByRole("link", { name: "First call" })).toHaveAttribute("href", `/introductions/${introId}/call`);
  await alicePage.goto(`/introductions/${introId}`);
  const clientContact = alicePage.getByTestId("contact-details");
  await expect(clientContact).toContainText(clientName);
  await expect(clientContact).toContainText(client.email);
  await expect(clientContact).toContainText("+1 212 555 0142");
  await expect(clientContact).toContainText("Phone");

  // The client writes; markup is shown as the text typed; the e-mail to the professional has no text.
  const secret = `Private plan ${t} <b>not bold</b>`;
  const box = clientPage.getByLabel("Your message");
  await box.fill(secret);
  if (js) await expect(clientPage.getByTestId("message-counter")).toHaveText(`${secret.length} of 2,000 characters`);
  await clientPage.getByRole("button", { name: "Send message" }).click();
  await expect(clientPage.getByText("Your message was sent.")).toBeVisible();
  await expect(clientPage.getByTestId("message").filter({ hasText: secret })).toHaveCount(1);
  await expect(clientPage.locator("#messages b")).toHaveCount(0);
  await expect(box).toHaveValue("");
  const told = await waitForMailContaining(alice.email, "You have a new message");
  expect(told.text).not.toContain("Private plan");
  expect(told.links.some((l) => l.includes(`redirectTo=${encodeURIComponent(`/introductions/${introId}`)}`))).toBe(true);

  // An empty message is refused with a word, and nothing is sent.
  if (!js) {
    await clientPage.getByRole("button", { name: "Send message" }).click();
    await expect(clientPage.getByText("Please write a message")).toBeVisible();
  }

  // 2,001 characters (a long text pasted): refused under the box, never cut, the whole text kept, nothing sent.
  const long = `Long note ${t} `.padEnd(2001, "x");
  await box.fill(long);
  if (js) await expect(clientPage.getByTestId("message-counter")).toHaveText("2,001 of 2,000 characters: 1 too many");
  await clientPage.getByRole("button", { name: "Send message" }).click();
  const tooLong = clientPage.getByText("Your message is 2,001 characters long: please shorten it to 2,000 or fewer. Nothing was sent.");
  await expect(tooLong).toBeVisible();
  await expect(tooLong).toBeInViewport();
  await expect(box).toHaveValue(long);
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(clientPage.getByTestId("message").filter({ hasText: `Long note ${t}` })).toHaveCount(0);
  expect(testDb().prepare("SELECT count(*) AS n FROM messages WHERE introduction_id = ?").get(introId)).toEqual({ n: 1 });
  if (js) {
    // One character less and it goes.
    await box.press("Control+End");
    await box.press("Backspace");
    await expect(clientPage.getByTestId("message-counter")).toHaveText("2,000 of 2,000 characters");
    await expect(tooLong).toHaveCount(0);
  }

  // The professional's dashboard counts it unread until the page is opened.
  await alicePage.goto("/professional-dashboard");
  const unread = alicePage.getByTestId("unread-messages");
  await expect(unread).toContainText("You have 1 unread message");
  await unread.getByRole("link", { name: `1 from ${clientName}` }).click();
  await expect(alicePage.getByTestId("message").filter({ hasText: secret })).toHaveCount(1);
  await alicePage.goto("/professional-dashboard");
  await expect(alicePage.getByTestId("unread-messages")).toHaveCount(0);

  // The professional answers, and reports the client's message.
  await alicePage.goto(`/introductions/${introId}`);
  await alicePage.getByLabel("Your message").fill(`Reply from Alice ${t}`);
  await alicePage.getByRole("button", { name: "Send message" }).click();
  await expect(alicePage.getByText("Your message was sent.")).toBeVisible();
  const theirs = alicePage.getByTestId("message").filter({ hasText: secret });
  await theirs.getByText("Report this message").click();
  await theirs.getByLabel(/Why\?/).fill(`Reason ${t}`);
  await theirs.getByRole("button", { name: "Report message" }).click();
  await expect(alicePage.getByText(/Our team will read the message you reported/)).toBeVisible();
  await expect(alicePage.getByTestId("message").filter({ hasText: secret })).toContainText("Reported to WealthMatch");
  expect(mailsTo(client.email).filter((m) => m.subject.includes("new message")).every((m) => !m.text.includes("Reply from Alice"))).toBe(true);

  // The client's home shows the reply unread.
  await clientPage.goto("/client-welcome");
  await expect(clientPage.getByTestId("unread-messages")).toContainText(`1 from ${proName}`);

  // The admin reads the reported message and not the reply.
  const adminPage = await signedIn(browser, admin);
  await adminPage.goto("/admin/reports");
  const reported = adminPage.getByTestId("reported-message").filter({ hasText: `Private plan ${t}` });
  await expect(reported).toHaveCount(1);
  await expect(reported).toContainText(`Reason ${t}`);
  await expect(reported).toContainText(`reported by ${proName}`);
  await expect(adminPage.getByText(`Reply from Alice ${t}`)).toHaveCount(0);

  // Anyone else: 404 on the page and its .data, the introduction's words nowhere.
  const otherPage = await signedIn(browser, otherClient);
  const bobPage = await signedIn(browser, bob);
  const anonymous = await browser.newContext();
  for (const request of [otherPage.request, bobPage.request, adminPage.request, anonymous.request]) {
    for (const path of [`/introductions/${introId}`, `/introductions/${introId}.data`]) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(404);
      const body = await answer.text();
      expect(body).not.toContain("Private plan");
      expect(body).not.toContain(client.email);
    }
  }
  const seen = await otherPage.goto(`/introductions/${introId}`);
  expect(seen?.status()).toBe(404);
  await expect(otherPage.getByText(proName)).toHaveCount(0);

  for (const p of [clientPage, alicePage, adminPage, otherPage, bobPage]) await p.context().close();
  await anonymous.close();
});
