import { expect, test, type Page } from "@playwright/test";
import { createUser, getSetting, signIn as signInThroughPage, signInAs, testDb, uniqueEmail, type Role, checkedOnce } from "./support";
import { screenshot } from "./support/screenshots";

// Each test signs its own fresh accounts in once or twice: well inside the per-e-mail sign-in limit,
// and no failed attempts, so the shared per-IP budget is untouched.
const PASSWORD = "Passw0rd!Homes";

type Listing = {
  name: string;
  title: string | null;
  company: string | null;
  bio: string | null;
  phone: string | null;
  location: string | null;
  experienceYears: number | null;
  specialties: string[];
  /** What matching reads (the wizard asks them); the specialties are the professional's own tags. */
  services: string[];
  verified: boolean;
  featured: boolean;
};

const ELEANOR: Listing = {
  name: "Eleanor Whitfield",
  title: "Senior Wealth Advisor",
  company: "Whitfield & Hale Private Wealth",
  bio: "Eleanor advises founders and families on liquidity events and family governance.",
  phone: "+1 (212) 555-0143",
  location: "New York, NY",
  experienceYears: 12,
  specialties: ["Investment Management", "Family Office Services", "Liquidity Events"],
  services: ["Tax Planning", "Estate Planning"],
  verified: true,
  featured: false,
};

async function account(role: Role) {
  return createUser({ email: uniqueEmail(`homes-${role}`), password: PASSWORD, role });
}

/** A directory entry linked to the account with this e-mail, as the registration wizard makes it. */
function listProfessional(email: string, listing: Listing = ELEANOR): number {
  const row = testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, bio, phone, location, experience_years, specialties, services, verified, featured, user_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM users WHERE email = ? COLLATE NOCASE)) RETURNING id`,
    )
    .get(
      listing.name,
      listing.title,
      listing.company,
      email,
      listing.bio,
      listing.phone,
      listing.location,
      listing.experienceYears,
      JSON.stringify(listing.specialties),
      JSON.stringify(listing.services),
      listing.verified ? 1 : 0,
      listing.featured ? 1 : 0,
      email,
    ) as { id: number };
  return row.id;
}

function storedListing(email: string) {
  return testDb()
    .prepare("SELECT title, location, phone, bio, specialties, verified, featured FROM professionals WHERE email = ? COLLATE NOCASE")
    .get(email) as { title: string | null; location: string | null; phone: string | null; bio: string | null; specialties: string; verified: number; featured: number };
}

/** Signs in and waits until the browser has left /login (with JavaScript the sign-in is a client navigation). */
const main = (page: Page) => page.getByRole("main");
const stat = (page: Page, label: string) =>
  main(page).getByRole("region", { name: "Profile at a glance" }).getByRole("term").filter({ hasText: label }).locator("..");

test.describe("client welcome", () => {
  test("a client signs in, lands on /client-welcome and is greeted by the name in their e-mail", async ({ page }) => {
    const client = await account("client");
    await signInAs(page, client);
    await expect(page).toHaveURL(/\/client-welcome$/);
    const name = client.email.split("@")[0] ?? "";
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${name}`);
    for (const step of ["Profile Review", "Professional Matching", "Personal Contact"]) {
      await expect(main(page).getByRole("heading", { level: 3, name: step })).toBeVisible();
    }
    // One shortlist size everywhere, and the time promise that follows the support hours (closed on Sundays).
    await expect(main(page).getByText(/a shortlist of 3 to 5 verified professionals within (one business day|24 hours)/)).toBeVisible();
    await expect(main(page).getByText("You ask for an introduction to anyone on your shortlist. Only then do they see your details")).toBeVisible();
    await expect(main(page).getByText("Your shortlist is being prepared.")).toBeVisible();
    await expect(main(page).getByText("A professional sees your details only after you ask for an introduction to them")).toBeVisible();

    const support = getSetting("support") as { email: string; phone: string };
    await expect(main(page).getByRole("link", { name: support.email })).toHaveAttribute("href", `mailto:${support.email}`);
    await expect(main(page).getByRole("link", { name: support.phone })).toBeVisible();
    await expect(main(page).getByText("Sunday: Closed")).toBeVisible();

    // A member's home has its own navigation: no "Return to Home" to the marketing page, but a way back
    // up to their shortlist.
    await expect(main(page).getByRole("link", { name: "Return to Home" })).toHaveCount(0);
    await main(page).getByRole("link", { name: "Back to your shortlist" }).click();
    await expect(page).toHaveURL(/\/client-welcome#shortlist$/);
    await expect(main(page).getByRole("heading", { level: 2, name: "Your shortlist" })).toBeInViewport();
  });

  test("a client who gave a first name is greeted by it; a long one wraps at 375 px", async ({ page }) => {
    checkedOnce();
    const client = await account("client");
    const first = `Maximiliana${"x".repeat(60)}`;
    testDb()
      .prepare("INSERT INTO registration_answers (user_id, user_type, answers) VALUES (?, 'client', ?)")
      .run(client.id, JSON.stringify({ firstName: first, lastName: "Chen" }));
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, client);
    await expect(page).toHaveURL(/\/client-welcome$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${first}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });

  test("a signed-out visit goes to /login and comes back after signing in", async ({ page }) => {
    const client = await account("client");
    await page.goto("/client-welcome");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fclient-welcome$/);
    await signInThroughPage(page, client.email, PASSWORD, { path: "/login?redirectTo=%2Fclient-welcome" });
    await expect(page).toHaveURL(/\/client-welcome$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome,");
  });

  test("Sign Out on the page ends the session", async ({ page }) => {
    const client = await account("client");
    await signInAs(page, client);
    await expect(page).toHaveURL(/\/client-welcome$/);
    await main(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/client-welcome");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fclient-welcome$/);
  });
});

test.describe("professional dashboard", () => {
  test("a professional lands on the dashboard with their own card and figures", async ({ page }) => {
    checkedOnce();
    const pro = await account("professional");
    listProfessional(pro.email.toUpperCase());
    await signInAs(page, pro);
    await expect(page).toHaveURL(/\/professional-dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Professional Dashboard" })).toBeVisible();

    const card = main(page).getByRole("article");
    await expect(card.getByRole("heading", { level: 2, name: ELEANOR.name })).toBeVisible();
    await expect(card.getByText("EW", { exact: true })).toBeVisible();
    await expect(card.getByText("Verified", { exact: true })).toBeVisible();
    await expect(card.getByText("Featured", { exact: true })).toHaveCount(0);
    for (const text of [ELEANOR.title, ELEANOR.company, ELEANOR.bio, ELEANOR.phone, ELEANOR.location, "12 years", ...ELEANOR.specialties]) {
      await expect(card.getByText(text ?? "", { exact: true })).toBeVisible();
    }
    await expect(card.getByRole("link", { name: pro.email.toUpperCase() })).toBeVisible();

    await expect(stat(page, "Profile Status")).toContainText("Verified");
    // The services offered (what the wizard asks), not the specialties, the professional's own tags.
    await expect(stat(page, "Services")).toContainText("2");
    await expect(card.getByRole("list", { name: "Services offered" })).toHaveText(/Tax Planning\s*Estate Planning/);
    await expect(stat(page, "Experience")).toContainText("12 years");
    await expect(main(page).getByRole("heading", { name: "Manage Your Profile" })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/professional-dashboard/edit");
  });

  test("an unverified, featured entry shows Pending and the Featured badge", async ({ page }) => {
    checkedOnce();
    const pro = await account("professional");
    listProfessional(pro.email, { ...ELEANOR, verified: false, featured: true, specialties: [], services: [], experienceYears: null });
    await signInAs(page, pro);
    await expect(page).toHaveURL(/\/professional-dashboard$/);
    await expect(stat(page, "Profile Status")).toContainText("Pending");
    await expect(stat(page, "Services")).toContainText("0");
    await expect(stat(page, "Services")).toContainText("None chosen yet");
    await expect(main(page).getByRole("article").getByText("Featured", { exact: true })).toBeVisible();
    await expect(main(page).getByText("No specialties listed yet.")).toBeVisible();
  });

  test("on a phone a new introduction comes first, above the figures and the checklist, in the first screen", async ({ page }) => {
    const pro = await account("professional");
    const id = listProfessional(pro.email);
    const client = await createUser({ email: uniqueEmail("homes-asker"), password: PASSWORD, role: "client", name: "Clara Asker" });
    testDb()
      .prepare("INSERT INTO registration_answers (user_id, user_type, answers) VALUES (?, 'client', ?)")
      .run(client.id, JSON.stringify({ investmentObjectives: ["Growth"], netWorth: "10-25M", preferredCommunication: "email" }));
    testDb().prepare("INSERT INTO introductions (client_user_id, professional_id, status, requested_at) VALUES (?, ?, 'requested', ?)").run(client.id, id, Date.now());
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAs(page, pro);
    await expect(page).toHaveURL(/\/professional-dashboard$/);

    const request = main(page).getByTestId("introduction").filter({ hasText: "Clara Asker" });
    await expect(request).toContainText("Awaiting your answer");
    const top = (await request.boundingBox())!.y;
    expect(top).toBeLessThan(812);
    for (const later of [main(page).getByRole("region", { name: "Profile at a glance" }), main(page).getByRole("heading", { name: "What is left to do" })]) {
      expect(top).toBeLessThan((await later.boundingBox())!.y);
    }
    await screenshot(page, "dashboard-introduction");

    // Answered, the list goes back below the figures.
    await request.getByRole("button", { name: /^Accept/ }).click();
    await expect(main(page).getByTestId("introduction").filter({ hasText: "Clara Asker" })).toContainText("Accepted");
    const glance = (await main(page).getByRole("region", { name: "Profile at a glance" }).boundingBox())!.y;
    expect(glance).toBeLessThan((await main(page).getByRole("heading", { level: 2, name: "Introductions" }).boundingBox())!.y);
  });

  test("a professional without an entry sees 'Professional Profile Not Found' (404)", async ({ page }) => {
    const pro = await account("professional");
    await signInAs(page, pro);
    await expect(page).toHaveURL(/\/professional-dashboard$/);
    const response = await page.goto("/professional-dashboard");
    expect(response?.status()).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { level: 1, name: "Professional Profile Not Found" })).toBeVisible();
    await expect(main(page).getByText("We couldn't find your professional profile. Please contact support.")).toBeVisible();
    await expect(main(page).getByText("No professional profile found. Please contact support.")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await main(page).getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a client opening the dashboard is sent to their welcome page", async ({ page }) => {
    checkedOnce();
    const client = await account("client");
    await signInAs(page, client);
    await expect(page).toHaveURL(/\/client-welcome$/);
    await page.goto("/professional-dashboard");
    await expect(page).toHaveURL(/\/client-welcome$/);
  });

  test("a signed-out visit goes to /login and comes back after signing in", async ({ page }) => {
    const pro = await account("professional");
    listProfessional(pro.email);
    await page.goto("/professional-dashboard/edit");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofessional-dashboard%2Fedit$/);
    await signInThroughPage(page, pro.email, PASSWORD, { path: "/login?redirectTo=%2Fprofessional-dashboard%2Fedit" });
    await expect(page).toHaveURL(/\/professional-dashboard\/edit$/);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Profile" })).toBeVisible();
  });

  test("the dashboard shows one Sign Out at each width, and it ends the session", async ({ page }) => {
    const pro = await account("professional");
    listProfessional(pro.email);
    await signInAs(page, pro);
    await expect(page).toHaveURL(/\/professional-dashboard$/);
    const signOut = page.getByRole("button", { name: "Sign Out" }).filter({ visible: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(signOut).toHaveCount(1);
    }
    // At 375 px the header's Sign Out is inside the closed menu: the page's own is the one in view.
    await main(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/professional-dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofessional-dashboard$/);
  });
});

test.describe("editing one's own profile", () => {
  test("the professional changes title, location, bio and specialties and sees them on the dashboard", async ({ page }) => {
    const pro = await account("professional");
    listProfessional(pro.email);
    await signInAs(page, pro);
    await main(page).getByRole("link", { name: "Edit Profile" }).click();
    await expect(page).toHaveURL(/\/professional-dashboard\/edit$/);

    await expect(page.getByLabel("Professional title")).toHaveValue(ELEANOR.title ?? "");
    await expect(page.getByRole("textbox", { name: "Specialties" })).toHaveValue(ELEANOR.specialties.join(", "));
    await page.getByLabel("Professional title").fill("Managing Partner");
    await page.getByLabel("Location").fill("Boston, MA");
    await page.getByLabel("Bio").fill("Thirty years beside founders.\nNow focused on family governance.");
    await page.getByRole("textbox", { name: "Specialties" }).fill("Investment Management, Family Office Services, cross-border tax, Philanthropy");
    await page.getByRole("button", { name: "Save Changes" }).click();

    await expect(page).toHaveURL(/\/professional-dashboard$/);
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    const card = main(page).getByRole("article");
    await expect(card.getByText("Managing Partner", { exact: true })).toBeVisible();
    await expect(card.getByText("Boston, MA", { exact: true })).toBeVisible();
    await expect(card.getByText("Now focused on family governance.")).toBeVisible();
    for (const s of ["Investment Management", "cross-border tax", "Family Office Services", "Philanthropy"]) {
      await expect(card.getByRole("listitem").filter({ hasText: s })).toBeVisible();
    }
    await expect(card.getByText("Liquidity Events")).toHaveCount(0);
    expect(storedListing(pro.email)).toMatchObject({ verified: 1, featured: 0 });
  });

  test("a too-long phone is refused with the spec's message; the typed values stay and nothing is saved", async ({ page }) => {
    const pro = await account("professional");
    listProfessional(pro.email);
    await signInAs(page, pro, { at: "/professional-dashboard/edit" });
    await page.getByLabel("Professional title").fill("Partner");
    await page.getByRole("textbox", { name: "Phone" }).fill("+1 212 555 0100 00000");
    await page.getByRole("button", { name: "Save Changes" }).click();

    await expect(page.getByText("Phone number must be less than 20 characters")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/professional-dashboard\/edit$/);
    await expect(page.getByLabel("Professional title")).toHaveValue("Partner");
    expect(storedListing(pro.email)).toMatchObject({ title: ELEANOR.title, phone: ELEANOR.phone });

    await page.getByRole("textbox", { name: "Phone" }).fill("+1 212 555 0100");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/professional-dashboard$/);
    await expect(main(page).getByRole("article").getByText("+1 212 555 0100", { exact: true })).toBeVisible();
  });

  test("a forged verified or featured field changes nothing", async ({ page }) => {
    const pro = await account("professional");
    listProfessional(pro.email, { ...ELEANOR, verified: false, featured: false });
    await signInAs(page, pro);
    // What a hand-made request can send: the form's fields plus ones the form does not have.
    const response = await page.request.post("/professional-dashboard/edit", {
      form: { title: "Forged", verified: "true", featured: "on", email: "someone@example.com" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/professional-dashboard");
    await page.goto("/professional-dashboard");
    await expect(main(page).getByRole("article").getByText("Forged", { exact: true })).toBeVisible();
    await expect(stat(page, "Profile Status")).toContainText("Pending");
    expect(storedListing(pro.email)).toMatchObject({ title: "Forged", verified: 0, featured: 0 });
  });

  test("Cancel goes back to the dashboard without saving", async ({ page }) => {
    const pro = await account("professional");
    listProfessional(pro.email);
    await signInAs(page, pro, { at: "/professional-dashboard/edit" });
    await page.getByLabel("Professional title").fill("Not saved");
    await main(page).getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/professional-dashboard$/);
    await expect(main(page).getByText(ELEANOR.title ?? "", { exact: true })).toBeVisible();
  });

  test("while saving the button reads 'Saving...' and is disabled", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the busy label is a JavaScript enhancement; without it the browser shows its own progress");
    const pro = await account("professional");
    listProfessional(pro.email);
    await signInAs(page, pro, { at: "/professional-dashboard/edit" });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/professional-dashboard/edit.data*", async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/professional-dashboard$/);
  });
});
