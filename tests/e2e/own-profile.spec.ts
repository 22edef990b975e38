import sharp from "sharp";
import { expect, test, type Page } from "@playwright/test";
import { createUser, expectArrived, signIn as signInThroughPage, testDb, uniqueEmail } from "./support";

// A verified professional runs their own profile: photo, fees and services, then the preview a client's
// view gives. What matching reads (services) waits for an admin; the photo and fees show at once.
const PASSWORD = "Passw0rd!OwnProfile";

function listVerified(email: string): number {
  const row = testDb()
    .prepare(
      `INSERT INTO professionals (name, title, company, email, bio, experience_years, specialties, services, aum_range, client_profiles,
         communication, countries_served, fee_model, languages, verified, verified_at, user_id)
       VALUES ('Eleanor Whitfield', 'Senior Wealth Advisor', 'Whitfield Partners', ?, 'Advises founders.', 12, '["founder liquidity"]',
         '["Investment Management","Tax Planning"]', '100-500M', '["HNWI"]', '["email","video"]', '["US"]', 'fee-only', '["English"]',
         1, ?, (SELECT id FROM users WHERE email = ? COLLATE NOCASE))
       RETURNING id`,
    )
    .get(email, Date.now(), email) as { id: number };
  return row.id;
}

const stored = (id: number) =>
  testDb().prepare("SELECT profile_image, fee_minimum, fee_schedule, services, pending_matching, specialties FROM professionals WHERE id = ?").get(id) as {
    profile_image: string | null;
    fee_minimum: number | null;
    fee_schedule: string | null;
    services: string;
    pending_matching: string | null;
    specialties: string;
  };

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("a professional changes their photo, fees and services and previews the profile as a client sees it", async ({ page }, testInfo) => {
  // Two saves with a photo each, a preview and a removal: longer than one form's default budget.
  test.setTimeout(120_000);
  const pro = await createUser({ email: uniqueEmail("own-profile"), password: PASSWORD, role: "professional" });
  const id = listVerified(pro.email);
  await signInThroughPage(page, pro.email, PASSWORD, { waitForLanding: true });
  await page.goto("/professional-dashboard/edit");
  await expect(page.getByRole("heading", { level: 1, name: "Edit Profile" })).toBeVisible();

  // A file that is not an image is refused with the form's message; what was typed stays, nothing is saved.
  await section(page, "Fees").getByLabel("Minimum fee (US dollars a year)").fill("250000");
  await section(page, "Photo").getByLabel("Your photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(section(page, "Photo").getByRole("alert")).toHaveText("Only JPEG, PNG, GIF, and WebP images are allowed");
  await expect(section(page, "Fees").getByLabel("Minimum fee (US dollars a year)")).toHaveValue("250000");
  expect(stored(id)).toMatchObject({ profile_image: null, fee_minimum: null });

  const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 180, g: 140, b: 60 } } }).png().toBuffer();
  await section(page, "Photo").getByLabel("Your photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await section(page, "Fees").getByLabel("Fee schedule").fill("1% a year on the first $5M, 0.6% above");
  await section(page, "Specialties").getByRole("textbox", { name: "Specialties" }).fill("founder liquidity, cross-border tax");
  await section(page, "Matching details").getByRole("checkbox", { name: "Estate Planning" }).check();
  await page.getByRole("button", { name: "Save Changes" }).click();

  await expect(page).toHaveURL(/\/professional-dashboard$/);
  await expect(page.getByText("Your changes to your matching details await approval by our team.")).toBeVisible();
  const after = stored(id);
  expect(after.profile_image).toMatch(/^\/uploads\/blog-[a-z0-9]+-[a-f0-9]{16}-\d+\.webp$/);
  expect(after).toMatchObject({ fee_minimum: 250000, fee_schedule: "1% a year on the first $5M, 0.6% above", services: '["Investment Management","Tax Planning"]' });
  expect(JSON.parse(after.specialties)).toEqual(["founder liquidity", "cross-border tax"]);
  expect(JSON.parse(after.pending_matching ?? "{}")).toMatchObject({ services: ["Investment Management", "Tax Planning", "Estate Planning"] });

  // The edit page says what waits.
  await page.goto("/professional-dashboard/edit");
  const waiting = section(page, "Matching details").getByRole("status");
  await expect(waiting).toContainText("Your changes await approval");
  await expect(waiting).toContainText("services offered");
  await page.screenshot({ path: testInfo.outputPath("edit-page.png"), fullPage: true });
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("edit-page-375.png"), fullPage: true });
  if (wide) await page.setViewportSize(wide);

  await page.getByRole("link", { name: "Preview as a client sees it" }).click();
  // The profile itself, or the edit page's two photos (its form and its sidebar) are still the ones on screen.
  await expectArrived(page, new RegExp(`/professionals/${id}$`), page.getByRole("heading", { level: 1, name: "Eleanor Whitfield" }));
  const main = page.getByRole("main");
  const photo = main.getByRole("img", { name: "Photo of Eleanor Whitfield" });
  await expect(photo).toHaveAttribute("src", after.profile_image ?? "missing");
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(main.getByText("$250,000 a year")).toBeVisible();
  await expect(main.getByText("1% a year on the first $5M, 0.6% above")).toBeVisible();
  await expect(main.getByText("cross-border tax")).toBeVisible();
  // Matching still uses the approved services until an admin decides.
  await expect(main.getByText("Tax Planning", { exact: true })).toBeVisible();
  await expect(main.getByText("Estate Planning", { exact: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("preview.png"), fullPage: true });

  // Removing the photo takes it off the profile.
  await page.goto("/professional-dashboard/edit");
  await section(page, "Photo").getByRole("checkbox", { name: "Remove image" }).check();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/professional-dashboard$/);
  expect(stored(id).profile_image).toBeNull();
});
