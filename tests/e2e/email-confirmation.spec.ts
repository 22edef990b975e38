import { expect, test, type Page } from "@playwright/test";
import { createUser, expectArrived, mailsTo, registerClientThroughWizard, signIn, testDb, uniqueEmail, visitFromOwnAddress, waitForMailTo, type Mail, checkedOnce } from "./support";

const PASSWORD = "Passw0rd!Confirm";
const BANNER = "Please confirm your email address";

// Every test is a visitor of its own: the per-address limits would otherwise add up across the suite.
test.beforeEach(({ context }, testInfo) => visitFromOwnAddress(context, testInfo));

const banner = (page: Page) => page.getByRole("region", { name: BANNER });
const confirmedAt = (email: string) =>
  (testDb().prepare("SELECT email_confirmed_at AS at FROM users WHERE email = ? COLLATE NOCASE").get(email) as { at: number | null } | undefined)?.at;

function confirmationLink(mail: Mail): string {
  const link = mail.links.find((l) => l.includes("/confirm-email?token="));
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
  return link;
}

/** An account like one the wizard made: user:create, then the address marked unconfirmed. */
async function unconfirmedAccount(role: "client" | "professional", email = uniqueEmail(`confirm-${role}`)) {
  const user = await createUser({ email, password: PASSWORD, role });
  testDb().prepare("UPDATE users SET email_confirmed_at = NULL WHERE id = ?").run(user.id);
  return user;
}

test("register, open the mailed link, confirm: the banner is gone and the link works only once", async ({ page }) => {
  const email = uniqueEmail("confirm-register");
  await registerClientThroughWizard(page, {
    email,
    password: PASSWORD,
    firstName: "Clara",
    lastName: "Confirm",
    country: "Switzerland",
    dateOfBirth: "1980-05-01",
    objective: "Wealth Preservation",
  });
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText(email);

  const mail = await waitForMailTo(email);
  expect(mail.subject).toBe("Confirm your email address for WealthMatch");
  const link = confirmationLink(mail);
  // Opening the link (as a mail scanner would) confirms nothing by itself.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your email" })).toBeVisible();
  expect(confirmedAt(email)).toBeNull();
  await page.getByRole("button", { name: "Confirm my email" }).click();

  await expect(page).toHaveURL(/\/client-welcome$/);
  await expect(page.getByText("Thank you: your email address is confirmed.")).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  expect(confirmedAt(email)).toEqual(expect.any(Number));

  // The same link again: nothing to do.
  await page.goto(link);
  await expect(page.getByText("Your email address is already confirmed.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my email" })).toHaveCount(0);
});

test("a used or unknown link, signed out, says so and points to signing in for a new one", async ({ page }) => {
  checkedOnce();
  await page.goto("/confirm-email?token=not-a-real-token");
  await expect(page.getByText("This confirmation link can no longer be used")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in for a new link" })).toHaveAttribute("href", "/login");
});

test("Resend the link: a new link replaces the older one, and after 3 in an hour the limit is explained", async ({ page }) => {
  const user = await unconfirmedAccount("client");
  await signIn(page, user.email, PASSWORD, { waitForLanding: true });
  await expect(page).toHaveURL(/\/client-welcome$/);
  const resend = banner(page).getByRole("button", { name: "Resend the link" });

  let previous: Mail | undefined;
  const links: string[] = [];
  for (let i = 0; i < 3; i++) {
    await resend.click();
    await expect(page.getByText(/We have sent a new link/)).toBeVisible();
    previous = await waitForMailTo(user.email, previous);
    links.push(confirmationLink(previous));
  }
  await resend.click();
  await expect(page.getByRole("alert").filter({ hasText: "No new link sent" })).toContainText(/try again in \d+ minutes?/);
  expect(mailsTo(user.email)).toHaveLength(3);

  // The oldest link no longer works; the newest does.
  await page.goto(links[0] ?? "");
  await expect(page.getByText("This confirmation link can no longer be used")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send me a new link" })).toBeVisible();
  await page.goto(links[2] ?? "");
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expectArrived(page, /\/client-welcome$/, page.getByRole("heading", { level: 1, name: /^Welcome/ }));
  await expect(banner(page)).toHaveCount(0);
});

test("a professional links the directory entry with their address once it is confirmed", async ({ page }) => {
  const user = await unconfirmedAccount("professional");
  testDb()
    .prepare("INSERT INTO professionals (name, company, email, verified) VALUES (?, ?, ?, 1)")
    .run("Linus Link", "Link & Partners", user.email.toUpperCase());
  await signIn(page, user.email, PASSWORD, { waitForLanding: true });
  await expect(page).toHaveURL(/\/professional-dashboard$/);
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Link this profile to my account" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Edit Profile" })).toHaveCount(0);

  await banner(page).getByRole("button", { name: "Resend the link" }).click();
  await expect(page.getByText(/We have sent a new link/)).toBeVisible();
  await page.goto(confirmationLink(await waitForMailTo(user.email)));
  await page.getByRole("button", { name: "Confirm my email" }).click();
  const link = page.getByRole("button", { name: "Link this profile to my account" });
  await expectArrived(page, /\/professional-dashboard$/, link);
  await expect(banner(page)).toHaveCount(0);

  await link.click();
  await expect(page.getByText("This profile is now linked to your account: you can edit it.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit Profile" })).toBeVisible();
  const row = testDb().prepare("SELECT user_id AS userId FROM professionals WHERE email = ? COLLATE NOCASE").get(user.email) as { userId: string };
  expect(row.userId).toBe(user.id);
});
