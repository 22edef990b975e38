import { expect, test, type Browser, type Page } from "@playwright/test";
import { chooseSlot, createUser, expectArrived, icsTime, inviteOf, testDb, uniqueEmail, waitForMailContaining, type TestUser, jsOn, signInAs } from "./support";

// The whole road from a shortlist to a first meeting, as the people on it walk it, with JavaScript and
// without: the admin releases a shortlist; the client reads a professional's profile (only fitting reasons
// under "Why they fit you") and asks for an introduction; the professional accepts; both see each other's
// contact details; the client books a first call shown in their own time zone, and both invitations are
// valid calendar files; the professional moves it; they write to each other and one reports a message,
// which the admin reads; a day after the call both answer the outcome question and the admin's funnel
// moves; the professional deletes their account and the client's shortlist lets them go, with a word.
// Each step's finer cases are in profile, introduction-page, booking, outcomes and account-deletion-effects.
const PASSWORD = "Passw0rd!Journey";
const HOUR = 3_600_000;
const tag = () =>
  `${jsOn() ? "J" : "N"}${Date.now().toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q")}`;
const js = () => jsOn();

/** A complete, verified entry; only this run's entries speak `language`, so they are the client's best fits. */
function addProfessional(name: string, company: string, language: string, email: string, userId: string | null): number {
  const row = testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, phone, user_id, verified, verified_at, experience_years, certifications, services,
        aum_range, client_profiles, communication, countries_served, fee_model, languages, bio, fee_minimum)
       VALUES (?, 'Senior Advisor', ?, ?, '+44 20 7946 0123', ?, 1, ?, 14, '["CFA"]', '["Investment Management"]', '50-100M',
        '["HNWI","UHNWI"]', '["video","email"]', '["CH"]', 'fee-only', ?, 'Twenty years beside founding families.', 250000) RETURNING id`,
    )
    .get(name, company, email, userId, Date.now() - 30 * 24 * HOUR, JSON.stringify(["English", language])) as { id: number };
  return row.id;
}

async function signedIn(browser: Browser, user: TestUser, timezoneId?: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js(), timezoneId });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

const clock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));

async function slotAt(page: Page, n: number): Promise<string> {
  const value = await page.locator('input[name="slot"]').nth(n).getAttribute("value");
  if (!value) throw new Error("no slot on the page");
  return value;
}

const STEPS = ["released", "asked", "accepted", "booked", "held", "continuing"] as const;
async function funnel(page: Page): Promise<Record<(typeof STEPS)[number], number>> {
  await page.goto("/admin");
  const figures = {} as Record<(typeof STEPS)[number], number>;
  for (const step of STEPS) figures[step] = Number((await page.getByTestId(`funnel-${step}`).textContent())?.replace(/,/g, ""));
  return figures;
}

test("from a released shortlist to a first call held, and a professional who leaves", async ({ browser }) => {
  test.setTimeout(300_000);
  const t = tag();
  const lang = `Lang${t}`;
  const proName = `Alma Journey ${t}`;
  const clientName = `Cora Journey ${t}`;
  const alma = await createUser({ email: uniqueEmail("journey-pro"), password: PASSWORD, role: "professional", name: proName });
  const almaId = addProfessional(proName, `Alma Partners ${t}`, lang, alma.email, alma.id);
  addProfessional(`Ben Journey ${t}`, `Ben Capital ${t}`, lang, uniqueEmail("journey-ben"), null);
  addProfessional(`Cleo Journey ${t}`, `Cleo Trust ${t}`, lang, uniqueEmail("journey-cleo"), null);
  // Alma's hours: every day 08:00-20:00 in London, 30 minutes, by video or phone (booking.spec.ts fills this form).
  testDb()
    .prepare("INSERT INTO availability (professional_id, time_zone, meeting_minutes, weekly, video_link, offers_phone) VALUES (?, 'Europe/London', 30, ?, ?, 1)")
    .run(almaId, JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "08:00", end: "20:00" }))), "https://meet.example.com/alma");

  const client = await createUser({ email: uniqueEmail("journey-client"), password: PASSWORD, role: "client", name: clientName });
  testDb()
    .prepare("INSERT INTO registration_answers (user_id, user_type, answers, created_at) VALUES (?, 'client', ?, ?)")
    .run(
      client.id,
      JSON.stringify({
        countryOfResidency: "CH",
        investmentObjectives: ["Growth", "Estate Planning"],
        netWorth: "10-25M",
        preferredCommunication: "video",
        advisorLanguage: lang,
        phone: "+1 212 555 0187",
      }),
      Date.now() - 2 * HOUR,
    );
  const admin = await createUser({ email: uniqueEmail("journey-admin"), password: PASSWORD, role: "admin" });

  // The admin computes and releases the shortlist (after saying yes a second time).
  const adminPage = await signedIn(browser, admin);
  const before = await funnel(adminPage);
  await adminPage.goto(`/admin/matches/${client.id}`);
  await adminPage.getByRole("button", { name: "Compute shortlist" }).click();
  await expect(adminPage.getByTestId("shortlist-item").filter({ hasText: proName })).toHaveCount(1);
  await adminPage.getByRole("button", { name: "Release shortlist" }).click();
  await adminPage.getByRole("button", { name: "Yes, release it" }).click();
  await expect(adminPage.getByText("Shortlist released. The client has been emailed.")).toBeVisible();

  // The client reads Alma's profile: only what fits under "Why they fit you", the rest apart.
  const cora = await signedIn(browser, client, "America/New_York");
  await cora.goto("/client-welcome");
  const card = cora.getByTestId("client-shortlist-item").filter({ hasText: proName });
  await card.getByRole("link", { name: /View full profile/ }).click();
  await expectArrived(cora, new RegExp(`/professionals/${almaId}$`), cora.getByRole("heading", { level: 1, name: proName }));
  const fits = cora.getByTestId("why-they-fit");
  await expect(fits).toContainText("Helps with growth, one of the two objectives you named.");
  await expect(fits).not.toContainText(/ not |HNWI|0 years|far from/);
  await expect(cora.getByTestId("worth-knowing")).toContainText("Estate planning is not among the services they list.");
  await cora.getByRole("button", { name: /^Request introduction/ }).click();
  await expect(card.getByTestId("introduction-status")).toHaveText("Introduction requested: waiting for their answer.");

  // Alma accepts; both now read the other's contact details.
  const almaPage = await signedIn(browser, alma);
  await almaPage.goto("/professional-dashboard");
  await almaPage.getByTestId("introduction").filter({ hasText: clientName }).getByRole("button", { name: /^Accept/ }).click();
  await expect(almaPage.getByText(`You can reach ${clientName} at ${client.email}, +1 212 555 0187`)).toBeVisible();
  await waitForMailContaining(client.email, `${proName} accepted your request`);
  await cora.goto("/client-welcome");
  await card.getByRole("link", { name: /^Contact details, messages and first call/ }).click();
  await expect(cora).toHaveURL(/\/introductions\/\d+$/);
  const introPath = new URL(cora.url()).pathname;
  await expect(cora.getByTestId("contact-details")).toContainText(alma.email);
  await expect(cora.getByTestId("contact-details")).toContainText("+44 20 7946 0123");
  await almaPage.goto(introPath);
  await expect(almaPage.getByTestId("contact-details")).toContainText(client.email);

  // The client books a first call, shown in New York time; both invitations are valid calendar files.
  await cora.goto(introPath);
  await cora.getByRole("link", { name: "First call" }).click();
  // No zone step: with JavaScript the browser's zone at once; without it, chosen on the same page.
  if (js()) await expect(cora.getByText("Times in America/New York (your browser's time zone).")).toBeVisible();
  else {
    await cora.getByRole("combobox", { name: "Your time zone" }).selectOption("America/New_York");
    await cora.getByRole("button", { name: "Show times" }).click();
    await expect(cora.getByText("Times in America/New York (your time zone).")).toBeVisible();
  }
  const slot = await slotAt(cora, 10);
  await chooseSlot(cora, slot);
  await cora.getByRole("radio", { name: "Video call" }).check();
  await cora.getByRole("button", { name: "Book this time" }).click();
  await expect(cora.getByText("Your first call is booked.")).toBeVisible();
  await expect(cora.getByRole("heading", { level: 2 }).filter({ hasText: "(America/New York)" })).toContainText(clock(slot, "America/New_York"));
  const booked = inviteOf(await waitForMailContaining(client.email, "is booked:"));
  expect(booked.get("METHOD")).toBe("REQUEST");
  expect(booked.get("DTSTART")).toBe(icsTime(slot));
  const uid = booked.get("UID");
  expect(inviteOf(await waitForMailContaining(alma.email, "is booked:")).get("UID")).toBe(uid);
  await cora.goto("/client-welcome");
  await expect(cora.locator("#calls")).toContainText(clock(slot, "America/New_York"));

  // Alma moves it: the same invitation, a higher sequence.
  await almaPage.goto(`${introPath}/call`);
  const later = await slotAt(almaPage, 40);
  await chooseSlot(almaPage, later);
  await almaPage.getByRole("button", { name: "Move the call" }).click();
  await expect(almaPage.getByText("The call has a new time.")).toBeVisible();
  const moved = inviteOf(await waitForMailContaining(client.email, "is moved:"));
  expect(moved.get("UID")).toBe(uid);
  expect(moved.get("SEQUENCE")).toBe("1");
  expect(moved.get("DTSTART")).toBe(icsTime(later));

  // They write to each other; Cora reports Alma's message, which the admin then reads.
  await cora.goto(introPath);
  await cora.getByLabel("Your message").fill(`Looking forward to it ${t}`);
  await cora.getByRole("button", { name: "Send message" }).click();
  await expect(cora.getByText("Your message was sent.")).toBeVisible();
  await almaPage.goto(introPath);
  await expect(almaPage.getByTestId("message").filter({ hasText: `Looking forward to it ${t}` })).toHaveCount(1);
  await almaPage.getByLabel("Your message").fill(`Send me your bank password ${t}`);
  await almaPage.getByRole("button", { name: "Send message" }).click();
  await expect(almaPage.getByText("Your message was sent.")).toBeVisible();
  await cora.goto(introPath);
  const odd = cora.getByTestId("message").filter({ hasText: `Send me your bank password ${t}` });
  await odd.getByText("Report this message").click();
  await odd.getByLabel(/Why\?/).fill(`Asked for a password ${t}`);
  await odd.getByRole("button", { name: "Report message" }).click();
  await expect(cora.getByText(/Our team will read the message you reported/)).toBeVisible();
  await adminPage.goto("/admin/reports");
  await expect(adminPage.getByTestId("reported-message").filter({ hasText: `Send me your bank password ${t}` })).toContainText(`Asked for a password ${t}`);
  await expect(adminPage.getByText(`Looking forward to it ${t}`)).toHaveCount(0);

  // A day after the call (moved into the past here, its question due now) both are asked and answer.
  const booking = testDb().prepare("SELECT id, sequence FROM bookings WHERE uid = ?").get(uid) as { id: number; sequence: number };
  const ended = Date.now() - 25 * HOUR;
  testDb().prepare("UPDATE bookings SET starts_at = ?, ends_at = ? WHERE id = ?").run(ended - HOUR / 2, ended, booking.id);
  testDb().prepare("UPDATE jobs SET run_at = ? WHERE key = ?").run(Date.now() - 1000, `call-outcome:${booking.id}:${booking.sequence}`);
  const outcomePath = `/calls/${booking.id}/outcome`;
  await waitForMailContaining(client.email, encodeURIComponent(outcomePath));
  await waitForMailContaining(alma.email, encodeURIComponent(outcomePath));
  await cora.goto("/client-welcome");
  await cora.getByTestId("pending-outcomes").getByRole("link", { name: /Answer two questions/ }).click();
  await cora.getByRole("radio", { name: "Yes, we spoke" }).check();
  await cora.getByRole("radio", { name: "Yes", exact: true }).check();
  await cora.getByRole("button", { name: "Send Answers" }).click();
  await expect(cora.getByText("Your answers are saved.")).toBeVisible();
  await almaPage.goto(outcomePath);
  await almaPage.getByRole("radio", { name: "Yes, we spoke" }).check();
  await almaPage.getByRole("radio", { name: "Yes", exact: true }).check();
  await almaPage.getByRole("button", { name: "Send Answers" }).click();
  await expect(almaPage).toHaveURL(/\/professional-dashboard$/);

  // Every step of the admin's funnel moved.
  const after = await funnel(adminPage);
  for (const step of STEPS) expect(after[step], step).toBeGreaterThan(before[step]);

  // Alma deletes her account: she leaves the client's shortlist, and the client is told.
  await almaPage.goto("/account/delete");
  if (js()) await expect(almaPage.getByRole("button", { name: "Show password" })).toBeVisible();
  await almaPage.getByLabel("Your password", { exact: true }).fill(PASSWORD);
  await almaPage.getByRole("button", { name: "Delete my account" }).click();
  await expect(almaPage.getByText("Your account has been deleted.")).toBeVisible();
  await cora.goto("/client-welcome");
  await expect(cora.getByTestId("client-shortlist-item").filter({ hasText: proName })).toHaveCount(0);
  await expect(cora.getByTestId("client-shortlist-item").filter({ hasText: `Ben Journey ${t}` })).toHaveCount(1);
  await expect(cora.getByTestId("ended-introductions")).toContainText("An introduction has ended.");
  await waitForMailContaining(client.email, `${proName} deleted their WealthMatch account`);
  expect((await cora.request.get(`/professionals/${almaId}`)).status()).toBe(404);

  for (const page of [adminPage, cora, almaPage]) await page.context().close();
});
