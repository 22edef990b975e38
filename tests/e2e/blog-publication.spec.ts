import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { slugify } from "../../app/features/blog/slug";
import { mailsTo, signInAsNew, uniqueEmail, waitForMailContaining, waitForMailTo, checkedOnce } from "./support";
import { screenshot } from "./support/screenshots";

// The blog as a publication: an editor writes in Markdown with an image and previews it (fields and image
// kept, with and without JavaScript), readers see the byline and a call to get matched; the newsletter
// asks for confirmation, sends a post once to each confirmed subscriber, and lets them leave in one click.
const hasJs = (info: TestInfo) => info.project.use.javaScriptEnabled !== false;
let counter = 0;
const uniqueTitle = (what: string) => `E2E ${what} ${Date.now().toString(36)} ${process.pid} ${++counter}`;

const MARKDOWN = [
  "Most families review their plan only when something changes. A **standing review** keeps small gaps from growing.",
  "",
  "## What to bring",
  "",
  "- Last year's _tax return_",
  "- A list of accounts",
  "",
  "> Preparation turns a first meeting into a working session.",
].join("\n");

let pngFile = "";
test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-publication-e2e-"));
  pngFile = path.join(dir, "harbour.png");
  await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 13, g: 26, b: 45 } } })
    .png()
    .toFile(pngFile);
});

async function publishSwitch(page: Page) {
  await page.locator('label[for="published"]').click();
  await expect(page.getByRole("switch", { name: "Published" })).toBeChecked();
}

test("an editor writes a Markdown post with an image, previews it with every field and the image kept, and publishes it", async ({ page }, info) => {
  // A long flow with screenshots at two widths, on a machine the other specs share.
  test.setTimeout(150_000);
  await signInAsNew(page, "admin", { name: "Helena Ward", tag: "publication" });
  const title = uniqueTitle("Standing Review");
  await page.goto("/admin/blog/new");
  await expect(page.getByText("Markdown help")).toBeVisible();
  await expect(page.getByText(/Kept: p, br/)).toHaveCount(0);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Excerpt").fill("Why a yearly review beats a crisis review.");
  await page.getByLabel("Content", { exact: true }).fill(MARKDOWN);
  await page.getByLabel("Category").selectOption({ label: "Financial Planning" });
  await page.getByLabel("Upload image").setInputFiles(pngFile);
  await page.getByLabel("Alt text").fill("A harbour at dusk");

  if (hasJs(info)) {
    // The toolbar edits the text, and the live preview shows the server's rendering of it.
    const content = page.getByLabel("Content", { exact: true });
    await content.focus();
    await content.press("ControlOrMeta+End");
    await content.press("Enter");
    await content.press("Enter");
    await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Heading" }).click();
    await expect(content).toHaveValue(/\n## Heading$/);
    const live = page.getByRole("region", { name: "As readers will see it", exact: true });
    await expect(live.getByRole("heading", { level: 2, name: "What to bring" })).toBeVisible();
    await expect(live.getByRole("heading", { level: 2, name: "Heading" })).toBeVisible();
    await expect(live.locator("strong", { hasText: "standing review" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove" })).toBeVisible();
  }

  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByRole("region", { name: "Preview", exact: true });
  await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(preview.getByRole("heading", { level: 2, name: "What to bring" })).toBeVisible();
  await expect(preview.locator("blockquote")).toContainText("Preparation turns a first meeting");
  await expect(preview.getByRole("img", { name: "A harbour at dusk" })).toBeVisible();
  await expect(preview.getByText("By Helena Ward")).toBeVisible();
  // Every field is as typed, and the image is still there to be saved.
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Excerpt")).toHaveValue("Why a yearly review beats a crisis review.");
  await expect(page.getByLabel("Content", { exact: true })).toHaveValue(new RegExp(`^${MARKDOWN.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(page.getByLabel("Category")).toHaveValue("financial-planning");
  await expect(page.getByLabel("Alt text")).toHaveValue("A harbour at dusk");
  await expect(page.getByRole("button", { name: "Remove" })).toBeVisible();
  await expect(page.getByLabel("Replace image")).toBeVisible();
  await screenshot(page, "editor-preview", { widths: [375, 1280], fullPage: true });

  await publishSwitch(page);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  await page.goto(`/blog/${slugify(title)}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("img", { name: "A harbour at dusk" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "What to bring" })).toBeVisible();
  await expect(page.locator("article li", { hasText: "tax return" }).locator("em")).toHaveText("tax return");
  await expect(page.getByText("By Helena Ward")).toBeVisible();
  const cta = page.getByRole("complementary", { name: "Talk it through with a vetted professional" });
  await expect(cta.getByRole("link", { name: "Get Matched" })).toHaveAttribute("href", "/register");
  await screenshot(page, "post", { widths: [375, 1280], fullPage: true });
});

test("every blog category has posts to show", async ({ page }) => {
  checkedOnce();
  await page.goto("/blog");
  const filters = page.getByRole("navigation", { name: /categor/i }).getByRole("link");
  const hrefs = (await filters.evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""))).filter((h) => h.includes("category="));
  expect(hrefs.length).toBeGreaterThanOrEqual(8);
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.getByText(/No blog posts found/), href).toHaveCount(0);
    await expect(page.locator("main article, main li a[href^='/blog/']").first(), href).toBeVisible();
  }
});

test("a visitor subscribes and confirms; the admin sends a post, received once; the unsubscribe link works", async ({ page, request }, info) => {
  // Two posts written and sent through the job loop, with screenshots: longer than the default.
  test.setTimeout(180_000);
  const email = uniqueEmail("reader");

  // Subscribe under the blog.
  await page.goto("/blog");
  const block = page.getByRole("region", { name: "Stay Informed" });
  await expect(block.getByRole("link", { name: "RSS feed" })).toHaveAttribute("href", "/blog/rss.xml");
  await block.getByLabel("Your email").fill("not-an-address");
  await block.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByLabel("Your email").fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status").getByText("Check your inbox")).toBeVisible();
  if (!hasJs(info)) await expect(page).toHaveURL(/\/newsletter$/);
  await screenshot(page, "subscribed", { widths: [375, 1280], fullPage: true });

  // Pending until the link in the mail is used.
  const confirmation = await waitForMailTo(email);
  const confirmLink = confirmation.links.find((l) => l.includes("/newsletter/confirm?token="));
  expect(confirmLink).toBeTruthy();
  await page.goto(confirmLink!);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByText("You are subscribed.")).toBeVisible();

  // The admin writes and publishes a post, then sends it twice over.
  await signInAsNew(page, "admin", { name: "Helena Ward", tag: "newsletter" });
  const title = uniqueTitle("Letter");
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Content", { exact: true }).fill(MARKDOWN);
  await publishSwitch(page);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/\d+$/);
  const postUrl = page.url();
  for (let i = 0; i < 2; i++) {
    await page.goto(postUrl);
    await page.getByRole("link", { name: "Send to subscribers" }).click();
    await expect(page.getByRole("heading", { name: "Send to subscribers" })).toBeVisible();
    await page.getByRole("button", { name: "Send to subscribers" }).click();
    await expect(page.getByText(/is on its way to \d+ confirmed/)).toBeVisible();
  }

  const letter = await waitForMailContaining(email, title);
  expect(letter.subject).toBe(title);
  // A later send is queued behind the double-click's jobs: once its mail is here, any duplicate would be too.
  const marker = uniqueTitle("Marker");
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(marker);
  await page.getByLabel("Content", { exact: true }).fill(MARKDOWN);
  await publishSwitch(page);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.getByRole("link", { name: marker, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/\d+$/);
  await page.getByRole("link", { name: "Send to subscribers" }).click();
  await page.getByRole("button", { name: "Send to subscribers" }).click();
  await expect(page.getByText(/is on its way to \d+ confirmed/)).toBeVisible();
  await waitForMailContaining(email, marker);
  expect(mailsTo(email).filter((m) => m.subject === title)).toHaveLength(1);

  // The admin sees the address, confirmed, and can export the list.
  await page.goto("/admin/newsletter");
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Confirmed");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/admin/newsletter/subscribers.csv");
  await screenshot(page, "admin-newsletter", { widths: [375, 1280], fullPage: true });

  // The mail program's one-click button is announced in the headers.
  const raw = fs.readFileSync(letter.file, "utf8");
  expect(raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  expect(raw.replace(/\r?\n\s+/g, " ")).toMatch(/List-Unsubscribe: <https?:\/\/[^>]+\/newsletter\/unsubscribe\/one-click\?token=[^>]+>/);

  // The link in the mail works without signing in.
  await page.context().clearCookies();
  const unsubscribeLink = letter.links.find((l) => l.includes("/newsletter/unsubscribe?token="));
  expect(unsubscribeLink).toBeTruthy();
  await page.goto(unsubscribeLink!);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You are unsubscribed.")).toBeVisible();
  await screenshot(page, "unsubscribed", { widths: [375, 1280], fullPage: true });

  // RFC 8058: the same, as the mail program posts it.
  const oneClick = /<(https?:\/\/[^>]+\/newsletter\/unsubscribe\/one-click\?token=[^>]+)>/.exec(raw.replace(/\r?\n\s+/g, " "))?.[1] ?? "";
  const response = await request.post(new URL(oneClick).pathname + new URL(oneClick).search, { form: { "List-Unsubscribe": "One-Click" } });
  expect(response.status()).toBe(200);
});
