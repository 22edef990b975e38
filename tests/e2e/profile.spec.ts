import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, expectArrived, testDb, uniqueEmail, type TestUser, jsOn, signInAs } from "./support";

// A professional's profile as a client sees it (/professionals/:id): the admin confirms the release; the
// client opens a profile from the shortlist and reads only fitting reasons under "Why they fit you"; the
// profile is 404 (page and .data) for anyone else; the client says "Not for me", then why, which the
// admin reads; the professional previews their own. Runs in the js and no-js projects.
const PASSWORD = "Passw0rd!Profile";
const tag = () =>
  `${jsOn() ? "J" : "N"}${Date.now().toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q")}`;

type Extra = { userId?: string; email?: string; countries?: string[]; experience?: number; experienceRange?: string; bio?: string; feeMinimum?: number; feeSchedule?: string };

/** A complete, verified entry; only this test's entries speak `language`, so they rank first for its client. */
function addProfessional(name: string, company: string, language: string, x: Extra = {}): number {
  const row = testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, user_id, verified, verified_at, experience_years, experience_range, certifications, services,
        aum_range, client_profiles, communication, countries_served, fee_model, languages, bio, fee_minimum, fee_schedule, register_exemption)
       VALUES (?, 'Senior Advisor', ?, ?, ?, 1, ?, ?, ?, '["CFA","Bar/Lawyer"]', '["Investment Management","Tax Planning"]', '50-100M',
        '["HNWI","UHNWI","Entrepreneurs"]', '["video","email"]', ?, 'fee-only', ?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(
      name,
      company,
      x.email ?? uniqueEmail("profile-pro"),
      x.userId ?? null,
      Date.parse("2026-05-04T10:00:00Z"),
      x.experience ?? 12,
      x.experienceRange ?? null,
      JSON.stringify(x.countries ?? ["CH"]),
      JSON.stringify(["English", language]),
      x.bio ?? null,
      x.feeMinimum ?? null,
      x.feeSchedule ?? null,
      // "Verified" is shown beside a checked registration or a stated reason why none applies.
      "Advises under a Swiss bar admission; no financial register applies.",
    ) as { id: number };
  return row.id;
}

async function account(role: "client" | "professional" | "admin", name: string): Promise<TestUser> {
  return createUser({ email: uniqueEmail(`profile-${role}`), password: PASSWORD, role, name });
}

async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: jsOn() });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

test("a shortlisted client opens a profile and reads only fitting reasons; everyone else gets 404; 'Not for me' reaches the admin", async ({ browser }) => {
  test.setTimeout(150_000);
  const t = tag();
  const lang = `Lang${t}`;
  const alice = await account("professional", `Alice Profile ${t}`);
  const aliceId = addProfessional(`Alice Profile ${t}`, `Alpha Firm ${t}`, lang, {
    userId: alice.id,
    email: alice.email,
    bio: "I help founders keep what they built. <script>alert(1)</script>",
    feeMinimum: 250000,
    feeSchedule: "1% a year on the first $5M, 0.6% above.",
  });
  const bobId = addProfessional(`Bob Profile ${t}`, `Beta Firm ${t}`, lang, { experience: 0, experienceRange: "0-2" });
  addProfessional(`Cleo Profile ${t}`, `Gamma Firm ${t}`, lang);
  // Serves only Canada: never on this client's list. Her account is "another professional".
  const olga = await account("professional", `Olga Profile ${t}`);
  addProfessional(`Olga Profile ${t}`, `Delta Firm ${t}`, lang, { userId: olga.id, email: olga.email, countries: ["CA"] });

  const clientName = `Clara Profile ${t}`;
  const client = await account("client", clientName);
  testDb()
    .prepare("INSERT INTO registration_answers (user_id, user_type, answers, created_at) VALUES (?, 'client', ?, ?)")
    .run(
      client.id,
      JSON.stringify({ countryOfResidency: "CH", investmentObjectives: ["Growth", "Estate Planning"], netWorth: "10-25M", preferredCommunication: "video", advisorLanguage: lang }),
      Date.now() - 3 * 3_600_000,
    );
  const stranger = await account("client", `Sam Stranger ${t}`);
  const admin = await account("admin", `Ada Admin ${t}`);

  // The admin computes the shortlist; releasing asks first, and only "Yes, release it" releases.
  const adminPage = await signedIn(browser, admin);
  await adminPage.goto(`/admin/matches/${client.id}`);
  await adminPage.getByRole("button", { name: "Compute shortlist" }).click();
  await expect(adminPage.getByTestId("shortlist-item").filter({ hasText: `Alice Profile ${t}` })).toHaveCount(1);
  await adminPage.getByRole("button", { name: "Release shortlist" }).click();
  await expect(adminPage.getByRole("heading", { name: `Release this shortlist to ${clientName}?` })).toBeVisible();
  await adminPage.getByRole("link", { name: "Cancel" }).click();
  await expect(adminPage.getByRole("heading", { name: `Release this shortlist to ${clientName}?` })).toHaveCount(0);
  const status = () => (testDb().prepare("SELECT status FROM shortlists WHERE client_user_id = ?").get(client.id) as { status: string }).status;
  expect(status()).toBe("proposed");
  await adminPage.getByRole("button", { name: "Release shortlist" }).click();
  await adminPage.getByRole("button", { name: "Yes, release it" }).click();
  await expect(adminPage.getByText("Shortlist released. The client has been emailed.")).toBeVisible();
  expect(status()).toBe("released");

  // The client opens Alice's profile from her card.
  const clientPage = await signedIn(browser, client);
  await clientPage.goto("/client-welcome");
  const cards = clientPage.getByTestId("client-shortlist-item");
  await cards.filter({ hasText: `Alice Profile ${t}` }).getByRole("link", { name: /View full profile/ }).click();
  await expectArrived(clientPage, new RegExp(`/professionals/${aliceId}$`), clientPage.getByRole("heading", { level: 1, name: `Alice Profile ${t}` }));
  const fits = clientPage.getByTestId("why-they-fit");
  // The shortlist card's plain reasons, all of them (more than the card's three), never the engine's band lists.
  await expect(fits).toContainText("Works with families of your wealth.");
  await expect(fits).toContainText("Helps with growth, one of the two objectives you named.");
  await expect(fits).toContainText("Works by video calls, as you prefer.");
  await expect(fits).toContainText("12 years of experience, with qualifications suited to your objectives.");
  expect(await fits.getByRole("listitem").count()).toBeGreaterThan(3);
  await expect(fits).not.toContainText(/ not |HNWI|Bar\/Lawyer|0 years|far from/);
  await expect(fits).not.toContainText(/and individuals and families|\$1M to \$30M/);
  // The registration (here the reason none applies) is shown once, under "Regulator registrations", not in the header too.
  await expect(clientPage.getByTestId("professional-header").getByTestId("card-registers")).toHaveCount(0);
  expect((await clientPage.getByRole("main").innerText()).split("Advises under a Swiss bar admission").length - 1).toBe(1);
  await expect(clientPage.getByTestId("worth-knowing")).toContainText("Estate planning is not among the services they list.");
  await expect(clientPage.getByTestId("verified-on")).toHaveText("Verified by WealthMatch on May 4, 2026");
  await expect(clientPage.getByText("$250,000 a year")).toBeVisible();
  await expect(clientPage.getByTestId("fee-schedule")).toHaveText("1% a year on the first $5M, 0.6% above.");
  await expect(clientPage.getByText("I help founders keep what they built. <script>alert(1)</script>")).toBeVisible();
  await expect(clientPage.getByText("Individuals and families with about $1M to $30M", { exact: true })).toBeVisible();
  await expect(clientPage.getByRole("button", { name: /^Request introduction/ })).toBeVisible();

  // Bob, with "0-2" years: never "0 years".
  await clientPage.goto(`/professionals/${bobId}`);
  await expect(clientPage.getByText("Fewer than 3 years", { exact: true })).toBeVisible();
  await expect(clientPage.locator("main")).not.toContainText("0 years");

  // Anyone else: 404 for the page and its .data, and nothing of Alice on it.
  const olgaPage = await signedIn(browser, olga);
  const strangerPage = await signedIn(browser, stranger);
  const anonymous = await (await browser.newContext({ javaScriptEnabled: jsOn() })).newPage();
  for (const page of [olgaPage, strangerPage, anonymous]) {
    for (const path of [`/professionals/${aliceId}`, `/professionals/${aliceId}.data`]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).not.toContain("I help founders");
    }
    const shown = await page.goto(`/professionals/${aliceId}`);
    expect(shown?.status()).toBe(404);
  }

  // "Not for me" on Bob's card takes one press; the card says so, no longer offers an introduction, and
  // asks why, which the client answers.
  await clientPage.goto("/client-welcome");
  const bobCard = cards.filter({ hasText: `Bob Profile ${t}` });
  await bobCard.getByRole("button", { name: /^Not for me/ }).click();
  await expect(clientPage.getByText(`Noted: Bob Profile ${t} is not for you.`, { exact: false })).toBeVisible();
  await expect(bobCard.getByTestId("declined-note")).toBeVisible();
  await expect(bobCard.getByRole("button", { name: /^Request introduction/ })).toHaveCount(0);
  await bobCard.getByText("Tell us why (optional)").click();
  await bobCard.getByLabel(/Why not\?/).fill(`Too early in their career for us ${t}.`);
  await bobCard.getByRole("button", { name: /^Send to our team/ }).click();
  await expect(clientPage.getByText(`Thank you: our team reads why Bob Profile ${t} is not for you`, { exact: false })).toBeVisible();
  await expect(bobCard.getByText("Change your reason")).toBeVisible();

  // The admin reads the decline and its reason on the review page.
  await adminPage.goto(`/admin/matches/${client.id}`);
  const declines = adminPage.getByTestId("client-declines");
  await expect(declines).toContainText(`Bob Profile ${t}`);
  await expect(declines).toContainText(`Too early in their career for us ${t}.`);

  // Alice previews her own profile from the dashboard.
  const alicePage = await signedIn(browser, alice);
  await alicePage.goto("/professional-dashboard");
  await alicePage.getByRole("link", { name: "See your profile as clients see it" }).click();
  await expect(alicePage).toHaveURL(new RegExp(`/professionals/${aliceId}$`));
  await expect(alicePage.getByTestId("profile-band")).toContainText("Preview: this is how clients see your profile");
});
