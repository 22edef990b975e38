import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, mailsTo, testDb, uniqueEmail, waitForMailContaining, type TestUser, signInAs } from "./support";
import { REGISTER_FIXTURES, importRegisters } from "./support/registers";

// Registrations checked against the regulators' own records (docs/decisions/053): an operator imports the
// SEC's feed, the client reads the checked record on the card and the profile (JavaScript on and off); a
// later feed with a new disclosure pauses the professional from the next proposal, mails the admin and the
// professional once each (the server runs two workers), and once the admin keeps them verified the
// client's card says what changed. A truncated feed changes nothing.
//
// One run of this spec a run: an import replaces the whole SEC feed the server holds, so the js and no-js
// projects would race on the same records. It runs in the js project and drives a JavaScript-off browser
// for every page and form itself.
const PASSWORD = "Passw0rd!Registers";
const MARCH = path.join(REGISTER_FIXTURES, "sec-individuals-2027-03-01.xml");
const APRIL = path.join(REGISTER_FIXTURES, "sec-individuals-2027-04-01.xml");
const CHECKED = "Checked against the SEC's public records (Investment Adviser Public Disclosure) on March 1, 2027";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "runs once a run: it opens JavaScript-off pages itself (see the comment above)");

async function signedIn(browser: Browser, user: TestUser, javaScriptEnabled: boolean, width = 1280): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

const lang = `Frisian${Date.now().toString(36)}`;

/** Amelia Strand of Northgate Partners: the fixture feed's CRD 7001004, verified, complete for matching. */
function addAmelia(userId: string, email: string): number {
  const row = testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, user_id, verified, verified_at, experience_years, certifications, services,
        aum_range, client_profiles, communication, countries_served, fee_model, languages)
       VALUES ('Amelia Strand', 'Wealth Advisor', 'Northgate Partners', ?, ?, 1, ?, 12, '["CFA"]', '["Investment Management"]', '50-100M',
        '["HNWI","UHNWI"]', '["video","email"]', '["CH"]', 'fee-only', ?) RETURNING id`,
    )
    .get(email, userId, Date.now() - 86_400_000, JSON.stringify(["English", lang])) as { id: number };
  testDb().prepare("INSERT INTO professional_registrations (professional_id, register, number) VALUES (?, 'us-crd-individual', '7001004')").run(row.id);
  return row.id;
}

async function client(name: string, status: "released" | "proposed", items: number[]): Promise<TestUser> {
  const user = await createUser({ email: uniqueEmail("registers-client"), password: PASSWORD, role: "client", name });
  testDb()
    .prepare("INSERT INTO registration_answers (user_id, user_type, answers) VALUES (?, 'client', ?)")
    .run(user.id, JSON.stringify({ countryOfResidency: "CH", investmentObjectives: ["Growth"], netWorth: "10-25M", preferredCommunication: "video", advisorLanguage: lang }));
  testDb()
    .prepare("INSERT INTO shortlists (client_user_id, status, items, released_at) VALUES (?, ?, ?, ?)")
    .run(user.id, status, JSON.stringify(items.map((id, i) => ({ id, rank: i + 1, score: 80, factors: [] }))), status === "released" ? Date.now() : null);
  return user;
}

const baselineOf = (id: number) =>
  (testDb().prepare("SELECT baseline FROM professional_registrations WHERE professional_id = ?").get(id) as { baseline: string | null }).baseline;

test("the SEC's records on the card and profile; a new disclosure pauses, mails each once, and the card says what the admin decided", async ({ browser }) => {
  test.setTimeout(180_000);
  const pro = await createUser({ email: uniqueEmail("registers-pro"), password: PASSWORD, role: "professional", name: "Amelia Strand" });
  const amelia = addAmelia(pro.id, pro.email);
  const reader = await client("Rhea Reader", "released", [amelia]);
  const newcomer = await client("Nils Newcomer", "proposed", []);
  const admin = await createUser({ email: uniqueEmail("registers-admin"), password: PASSWORD, role: "admin" });

  // A truncated download is refused whole: nothing is imported.
  const cut = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "registers-e2e-")), "IA_INDVL_Feed_cut.xml");
  const whole = fs.readFileSync(MARCH);
  fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
  const refused = await importRegisters(["--source", "sec-individual", cut]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/not a whole feed.*nothing was imported/i);
  expect(testDb().prepare("SELECT count(*) AS n FROM register_records").get()).toEqual({ n: 0 });

  const march = await importRegisters(["--source", "sec-individual", MARCH]);
  expect(march.code).toBe(0);
  expect(march.stdout).toContain("sec-individual: feed of 2027-03-01, 3 records read");
  expect(march.stdout).toContain("3 added, 0 changed, 0 removed");
  // The app's job loop compares verified professionals with the new records: hers is clean, and becomes the baseline.
  await expect.poll(() => baselineOf(amelia), { timeout: 15_000 }).not.toBeNull();
  const again = await importRegisters(["--source", "sec-individual", MARCH]);
  expect(again.stdout).toContain("nothing changed since the last import of this feed");

  // The client reads the checked record on the card and the profile, with JavaScript and without.
  for (const js of [false, true]) {
    const page = await signedIn(browser, reader, js, js ? 1280 : 375);
    const card = page.getByTestId("client-shortlist-item").filter({ hasText: "Amelia Strand" });
    await expect(card.getByText("Verified", { exact: true })).toBeVisible();
    const registers = card.getByTestId("card-registers");
    await expect(registers).toContainText("FINRA BrokerCheck (CRD) 7001004");
    await expect(registers).toContainText(CHECKED);
    await expect(registers.getByRole("link", { name: /See the public record/ })).toHaveAttribute("href", "https://adviserinfo.sec.gov/individual/summary/7001004");
    await page.goto(`/professionals/${amelia}`);
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Regulator registrations" }) });
    await expect(section).toContainText(CHECKED);
    await expect(section).toContainText("No disclosures on the public record.");
    // Shown once on the profile: in full in that section, not again in the header as on the card.
    await expect(page.getByTestId("professional-header").getByTestId("card-registers")).toHaveCount(0);
    await expect(page.getByRole("main").getByText("FINRA BrokerCheck (CRD) 7001004", { exact: true })).toHaveCount(1);
    await page.context().close();
  }

  // Before the change she is proposed to a new client with her language.
  const adminPage = await signedIn(browser, admin, false);
  await adminPage.goto(`/admin/matches/${newcomer.id}`);
  await adminPage.getByRole("button", { name: "Recompute" }).click();
  await expect(adminPage.getByTestId("shortlist-item").filter({ hasText: "Amelia Strand" })).toHaveCount(1);

  // April's feed lists a regulatory action: she is paused, and the admin and she are each mailed once.
  const april = await importRegisters(["--source", "sec-individual", APRIL]);
  expect(april.stdout).toContain("1 changed");
  const adminMail = await waitForMailContaining(admin.email, "for Amelia Strand shows a new disclosure: a regulatory action.");
  expect(adminMail.subject).toBe("Register change to review: Amelia Strand");
  const proMail = await waitForMailContaining(pro.email, "shows a new disclosure: a regulatory action.");
  expect(proMail.subject).toBe("Your regulator's record changed: our team is reviewing it");
  expect(proMail.text).toContain("Until our team has reviewed it you are not proposed on new shortlists.");
  await expect.poll(() => (testDb().prepare("SELECT paused_at FROM professionals WHERE id = ?").get(amelia) as { paused_at: number | null }).paused_at).not.toBeNull();

  await adminPage.goto(`/admin/matches/${newcomer.id}`);
  await adminPage.getByRole("button", { name: "Recompute" }).click();
  await expect(adminPage.getByText("Shortlist recomputed against today's verified professionals.")).toBeVisible();
  await expect(adminPage.getByTestId("shortlist-item").filter({ hasText: "Amelia Strand" })).toHaveCount(0);

  // Before any decision the client's card says nothing of it; the professional's home says what is under review.
  const proPage = await signedIn(browser, pro, false, 375);
  await proPage.goto("/professional-dashboard");
  await expect(proPage.getByTestId("register-review")).toContainText("The SEC's public record of April 1, 2027 shows a new disclosure: a regulatory action.");

  // The admin sees it on the dashboard and keeps her verified, without JavaScript.
  await adminPage.goto("/admin");
  const changes = adminPage.locator("section", { has: adminPage.getByRole("heading", { name: /Register changes to decide/ }) });
  await expect(changes).toContainText("Amelia Strand");
  await changes.getByRole("link", { name: "Amelia Strand" }).click();
  await expect(adminPage.getByRole("heading", { name: "Register changes to decide" })).toBeVisible();
  await adminPage.getByLabel("A note for the client and the professional (optional)").fill("The action concerned a filing deadline at her former firm.");
  await adminPage.getByRole("button", { name: "Keep them verified" }).click();
  await expect(adminPage.getByText("Kept verified: they are proposed to clients again, and their clients' cards say what changed.")).toBeVisible();
  await expect(adminPage.getByRole("heading", { name: "Register changes to decide" })).toHaveCount(0);
  expect(testDb().prepare("SELECT paused_at FROM professionals WHERE id = ?").get(amelia)).toEqual({ paused_at: null });

  // The client's card now says what changed and what was decided, and the profile lists the disclosure.
  const readerPage = await signedIn(browser, reader, true, 375);
  const card = readerPage.getByTestId("client-shortlist-item").filter({ hasText: "Amelia Strand" });
  await expect(card.getByRole("note").filter({ hasText: "Register update" })).toContainText(
    "The SEC's public record of April 1, 2027 shows a new disclosure: a regulatory action. Our team reviewed it on",
  );
  await expect(card).toContainText("and Amelia Strand remains verified. The action concerned a filing deadline at her former firm.");
  await expect(card).toContainText("Disclosures on the public record: a regulatory action.");

  // Exactly one mail each, however many workers ran the re-check.
  expect(mailsTo(admin.email).filter((m) => m.subject === "Register change to review: Amelia Strand")).toHaveLength(1);
  expect(mailsTo(pro.email).filter((m) => m.subject.startsWith("Your regulator's record changed"))).toHaveLength(1);
  expect(testDb().prepare("SELECT count(*) AS n FROM register_alerts WHERE professional_id = ?").get(amelia)).toEqual({ n: 1 });
});
