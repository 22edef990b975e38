import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, expectArrived, signIn, testDb, uniqueEmail, waitForMailContaining, type TestUser, jsOn, signInAs } from "./support";

// A day after a first call the job loop asks both sides whether it took place: the mail reaches each,
// each answers on the call's page (reached from the mail or the home page's card), bad input is refused
// with a message, and the admin's funnel and history show the answers. JavaScript on and off.

const PASSWORD = "Passw0rd!Outcome";
const HOUR = 3_600_000;
// Letters only: a person's name takes no digits.
const tag = () => `${jsOn() ? "J" : "N"}${Date.now().toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q")}`;

async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: jsOn() });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

/** An accepted introduction with a call that ended a day ago, and its outcome job due now, as booking leaves them. */
function seedEndedCall(client: TestUser, pro: TestUser, proName: string): number {
  const db = testDb();
  const now = Date.now();
  const proId = Number(
    db
      .prepare("INSERT INTO professionals (name, company, email, verified, user_id) VALUES (?, ?, ?, 1, ?)")
      .run(proName, `${proName} Partners`, pro.email, pro.id).lastInsertRowid,
  );
  const introId = Number(
    db
      .prepare("INSERT INTO introductions (client_user_id, professional_id, status, requested_at, answered_at) VALUES (?, ?, 'accepted', ?, ?)")
      .run(client.id, proId, now - 80 * HOUR, now - 70 * HOUR).lastInsertRowid,
  );
  const bookingId = Number(
    db
      .prepare("INSERT INTO bookings (introduction_id, professional_id, starts_at, ends_at, kind, uid) VALUES (?, ?, ?, ?, 'video', ?)")
      .run(introId, proId, now - 25 * HOUR, now - 24.5 * HOUR, `${introId}-${proId}@outcome.test`).lastInsertRowid,
  );
  db.prepare("INSERT INTO jobs (kind, key, payload, run_at) VALUES ('call-outcome', ?, ?, ?)").run(
    `call-outcome:${bookingId}:0`,
    JSON.stringify({ bookingId, sequence: 0 }),
    now - 1_000,
  );
  return bookingId;
}

/** OUTCOME_SHOTS=1 writes the screens at a phone's and a desktop's width to /tmp, to look at them. */
async function shots(page: Page, name: string) {
  if (!process.env.OUTCOME_SHOTS || !jsOn()) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/outcome-${name}-${width}.png`, fullPage: true });
  }
}

const funnelFigure = async (page: Page, step: string) => Number((await page.getByTestId(`funnel-${step}`).textContent())?.replace(/,/g, ""));

test("both sides are asked a day after the call, answer on its page, and the funnel moves", async ({ browser }) => {
  test.setTimeout(120_000);
  const t = tag();
  const admin = await createUser({ email: uniqueEmail("outcome-admin"), password: PASSWORD, role: "admin" });
  const client = await createUser({ email: uniqueEmail("outcome-client"), password: PASSWORD, role: "client", name: `Carla Outcome ${t}` });
  const pro = await createUser({ email: uniqueEmail("outcome-pro"), password: PASSWORD, role: "professional", name: `Paulo Outcome ${t}` });

  const adminPage = await signedIn(browser, admin);
  await adminPage.goto("/admin");
  const heldBefore = await funnelFigure(adminPage, "held");
  const continuingBefore = await funnelFigure(adminPage, "continuing");

  const bookingId = seedEndedCall(client, pro, `Paulo Outcome ${t}`);
  const path = `/calls/${bookingId}/outcome`;
  const toClient = await waitForMailContaining(client.email, encodeURIComponent(path));
  expect(toClient.subject).toBe(`Did your call with Paulo Outcome ${t} take place?`);
  const toPro = await waitForMailContaining(pro.email, encodeURIComponent(path));
  expect(toPro.text).not.toContain("Carla");

  // The client: the home page's card leads to the page; an empty answer is refused with a message.
  const clientPage = await signedIn(browser, client);
  await clientPage.goto("/client-welcome");
  const card = clientPage.getByTestId("pending-outcomes");
  await expect(card).toContainText(`Your call with Paulo Outcome ${t}`);
  await shots(clientPage, "client-home");
  await card.getByRole("link", { name: /Answer two questions/ }).click();
  await expect(clientPage).toHaveURL(new RegExp(`${path}$`));
  await expect(clientPage.getByRole("heading", { level: 1, name: "Your first call" })).toBeVisible();
  await clientPage.getByRole("button", { name: "Send Answers" }).click();
  await expect(clientPage.getByText("Tell us whether the call took place.")).toBeVisible();
  await expect(clientPage.getByText("Tell us whether you are continuing together.")).toBeVisible();
  await shots(clientPage, "page-errors");
  await clientPage.getByRole("radio", { name: "Yes, we spoke" }).check();
  await clientPage.getByRole("radio", { name: "Yes", exact: true }).check();
  await clientPage.getByRole("button", { name: "Send Answers" }).click();
  await expect(clientPage).toHaveURL(/\/client-welcome$/);
  await expect(clientPage.getByText("Your answers are saved.")).toBeVisible();
  await expect(clientPage.getByTestId("pending-outcomes")).toHaveCount(0);

  // The professional follows the mail's link: sign in, then straight to the page.
  const link = new URL(toPro.links.find((l) => l.includes(encodeURIComponent(path))) ?? "");
  const proContext = await browser.newContext({ javaScriptEnabled: jsOn() });
  const proPage = await proContext.newPage();
  await signIn(proPage, pro.email, PASSWORD, { path: `${link.pathname}${link.search}` });
  await expect(proPage).toHaveURL(new RegExp(`${path}$`));
  await expect(proPage.getByRole("main")).toContainText(`With Carla Outcome ${t}`);
  await proPage.getByRole("radio", { name: "Yes, we spoke" }).check();
  await proPage.getByRole("radio", { name: "Not sure yet" }).check();
  await proPage.getByRole("button", { name: "Send Answers" }).click();
  await expectArrived(proPage, /\/professional-dashboard$/, proPage.getByText("Your answers are saved. They help us match people well."));
  await expect(proPage.getByTestId("pending-outcomes")).toHaveCount(0);

  // Someone else gets a 404 for the page.
  const stranger = await signedIn(browser, await createUser({ email: uniqueEmail("outcome-stranger"), password: PASSWORD, role: "client" }));
  expect((await stranger.goto(path))?.status()).toBe(404);

  // The admin: the funnel counts moved, and the history shows both answers.
  await adminPage.goto("/admin");
  expect(await funnelFigure(adminPage, "held")).toBeGreaterThan(heldBefore);
  expect(await funnelFigure(adminPage, "continuing")).toBeGreaterThan(continuingBefore);
  await shots(adminPage, "admin-dashboard");
  await adminPage.goto("/admin/matches?tab=outcomes");
  const row = adminPage.getByTestId("outcome-row").filter({ hasText: `Carla Outcome ${t}` });
  await expect(row).toContainText("Took place; continuing");
  await expect(row).toContainText("Took place; not sure yet");
  await shots(adminPage, "admin-outcomes");
});
