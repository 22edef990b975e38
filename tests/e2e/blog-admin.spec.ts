import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { slugify } from "../../app/features/blog/slug";
import { signInAsNew, testDb, checkedOnce } from "./support";

// The blog admin: the admin writes, publishes, edits, unpublishes and deletes posts; a visitor (a separate
// request context, signed out) sees each change. Every test runs with JavaScript on and off.
const PASSWORD = "Passw0rd!Blog";
const CONTENT =
  "<p>A family office is only as durable as its governance: who decides, how, and what happens when the founder steps back.</p>" +
  "<h2>Start with a charter</h2><p>Write down the family's purpose and the rules for <strong>decisions</strong>.</p>";

const hasJs = (info: TestInfo) => info.project.use.javaScriptEnabled !== false;
let counter = 0;
const uniqueTitle = (what: string) => `E2E ${what} ${Date.now().toString(36)} ${process.pid} ${++counter}`;

async function signInAsAdmin(page: Page) {
  const admin = await signInAsNew(page, "admin", { password: PASSWORD, tag: "blog" });
  await expect(page).toHaveURL(/\/admin$/);
  return admin;
}

/** Fills the editor's text fields (the slug is left to the page or the server). */
async function fillPost(page: Page, p: { title: string; content?: string; excerpt?: string; category?: string }) {
  await page.getByLabel("Title", { exact: true }).fill(p.title);
  if (p.excerpt !== undefined) await page.getByLabel("Excerpt").fill(p.excerpt);
  await page.getByLabel("Content", { exact: true }).fill(p.content ?? CONTENT);
  if (p.category) await page.getByLabel("Category").selectOption({ label: p.category });
}

/** The switch is a visually hidden checkbox rendered by its label: press the label, as a person does. */
async function publish(page: Page) {
  await page.locator('label[for="published"]').click();
  await expect(page.getByRole("switch", { name: "Published" })).toBeChecked();
  await expect(page.getByText("This post will be visible to the public")).toBeVisible();
}

const rowOf = (page: Page, title: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });

async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

async function visitorSees(request: APIRequestContext, slug: string) {
  const res = await request.get(`/blog/${slug}`);
  return { status: res.status(), html: await res.text() };
}

/** Deletes with the browser's confirm() when JavaScript runs, through the confirmation step when not. */
async function deleteFromList(page: Page, title: string, info: TestInfo) {
  const row = rowOf(page, title);
  if (hasJs(info)) {
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("link", { name: `Delete ${title}` }).click();
  } else {
    await row.getByRole("link", { name: `Delete ${title}` }).click();
    await expect(page.getByRole("heading", { name: "Delete this post?" })).toBeVisible();
    await page.getByRole("button", { name: "Delete Post" }).click();
  }
  // With JavaScript the list is already the current page: wait for the answer, not the address.
  await expectToast(page, "Blog post deleted successfully");
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(rowOf(page, title)).toHaveCount(0);
}

let pngFile = "";
let bigFile = "";
let textFile = "";

test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-blog-e2e-"));
  pngFile = path.join(dir, "skyline.png");
  await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 13, g: 26, b: 45 } } })
    .composite([{ input: Buffer.from('<svg width="1200" height="630"><rect x="500" y="200" width="200" height="230" fill="#b89b5e"/></svg>') }])
    .png()
    .toFile(pngFile);
  // A real PNG of about 6 MB: random pixels do not compress.
  bigFile = path.join(dir, "huge.png");
  const side = 1450;
  const noise = Buffer.alloc(side * side * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  await sharp(noise, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toFile(bigFile);
  expect(fs.statSync(bigFile).size).toBeGreaterThan(6 * 1024 * 1024 - 100_000);
  textFile = path.join(dir, "notes.png");
  fs.writeFileSync(textFile, "These are meeting notes, not a picture.\n");
});

test("an admin creates, publishes, edits, unpublishes and deletes a post; a visitor sees each change", async ({ page, request }, info) => {
  // Some thirty page loads and requests in one story: more than the default 30 s on a busy 2-core box.
  test.slow();
  await signInAsAdmin(page);
  const title = uniqueTitle("Governance Charter");
  const slug = slugify(title);

  await page.goto("/admin/blog");
  await page.getByRole("link", { name: "New Post" }).click();
  await expect(page.getByRole("heading", { name: "Create New Post" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Published" })).not.toBeChecked();
  await expect(page.getByText("This post will be saved as a draft")).toBeVisible();
  await fillPost(page, { title, excerpt: "How a family writes down who decides.", category: "Tax Planning" });
  // With JavaScript the slug follows the title; without it the server makes the same slug.
  if (hasJs(info)) await expect(page.getByLabel("Slug")).toHaveValue(slug);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expectToast(page, "Blog post created successfully");
  const row = rowOf(page, title);
  await expect(row.getByRole("button", { name: /^Draft/ })).toBeVisible();
  await expect(row).toContainText(slug);

  // A draft is nobody's business: 404, and not in the list, the feed or the sitemap.
  expect((await visitorSees(request, slug)).status).toBe(404);
  expect(await (await request.get("/blog?category=tax-planning")).text()).not.toContain(title);

  // The admin's view shows the draft as it will look.
  await row.getByRole("link", { name: `View ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Draft: only admins can see this preview.")).toBeVisible();
  await page.getByRole("link", { name: "Blog Posts" }).click();

  // Publish with the badge.
  await rowOf(page, title).getByRole("button", { name: /^Draft/ }).click();
  await expectToast(page, "Post published successfully");
  await expect(rowOf(page, title).getByRole("button", { name: /^Published/ })).toBeVisible();
  const published = await visitorSees(request, slug);
  expect(published.status).toBe(200);
  expect(published.html).toContain(title);
  expect(await (await request.get("/blog?category=tax-planning")).text()).toContain(title);
  expect(await (await request.get("/blog?category=insurance")).text()).not.toContain(title);
  expect(await (await request.get("/blog/rss.xml")).text()).toContain(`/blog/${slug}</link>`);
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/blog/${slug}</loc><lastmod>`);
  const stamped = testDb().prepare("SELECT published_at AS at FROM blog_posts WHERE slug = ?").get(slug) as { at: number | null };
  expect(stamped.at).not.toBeNull();

  // Edit: the new title shows at once.
  await rowOf(page, title).getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Published" })).toBeChecked();
  await expect(page.getByText("This post will be visible to the public")).toBeVisible();
  const edited = `${title} (revised)`;
  await page.getByLabel("Title", { exact: true }).fill(edited);
  // Editing never moves the slug by itself: shared links keep working.
  await expect(page.getByLabel("Slug")).toHaveValue(slug);
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expectToast(page, "Blog post updated successfully");
  expect((await visitorSees(request, slug)).html).toContain(edited);

  // Unpublish: gone for the visitor, published_at cleared.
  await rowOf(page, edited).getByRole("button", { name: /^Published/ }).click();
  await expectToast(page, "Post unpublished successfully");
  expect((await visitorSees(request, slug)).status).toBe(404);
  const cleared = testDb().prepare("SELECT published_at AS at FROM blog_posts WHERE slug = ?").get(slug) as { at: number | null };
  expect(cleared.at).toBeNull();

  // Publish again, then delete: the visitor's page is gone.
  await rowOf(page, edited).getByRole("button", { name: /^Draft/ }).click();
  await expectToast(page, "Post published successfully");
  expect((await visitorSees(request, slug)).status).toBe(200);
  await deleteFromList(page, edited, info);
  const gone = await visitorSees(request, slug);
  expect(gone.status).toBe(404);
  expect(gone.html).toContain("Post Not Found");
});

test("the editor refuses bad input with the spec's messages, keeps the text, and the slug must be free", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/blog/new");
  await page.getByLabel("Content", { exact: true }).fill("Too short");
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText("Content must be at least 50 characters")).toBeVisible();
  await expect(page.getByLabel("Content", { exact: true })).toHaveValue("Too short");

  const taken = (testDb().prepare("SELECT slug FROM blog_posts LIMIT 1").get() as { slug: string }).slug;
  await page.goto("/admin/blog/new");
  await fillPost(page, { title: uniqueTitle("Clash") });
  await page.getByLabel("Slug").fill(taken);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("This slug is already in use. Choose another.")).toBeVisible();
  await expect(page.getByLabel("Content", { exact: true })).toHaveValue(CONTENT);
});

test("the preview shows the post as it will look, without saving it", async ({ page }) => {
  await signInAsAdmin(page);
  const title = uniqueTitle("Preview Only");
  await page.goto("/admin/blog/new");
  await fillPost(page, { title });
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(preview.getByRole("heading", { level: 2, name: "Start with a charter" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  expect(testDb().prepare("SELECT count(*) AS n FROM blog_posts WHERE title = ?").get(title)).toEqual({ n: 0 });
});

test("scripts, event handlers, iframes, styles, data attributes and javascript: links never reach the page", async ({ page, request }) => {
  await signInAsAdmin(page);
  const title = uniqueTitle("Hostile Markup");
  const hostile =
    '<p data-track="1" style="color:red" onclick="window.__pwned=1">Ordinary words that must survive the cleaning, long enough.</p>' +
    "<script>window.__pwned=1</script><iframe src=\"/admin\"></iframe><style>body{display:none}</style>" +
    '<img src="x" onerror="window.__pwned=1"><a href="javascript:window.__pwned=1">click</a><a href="https://example.com" target="_blank">safe</a>';
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto("/admin/blog/new");
  await fillPost(page, { title, content: hostile, category: "Legal" });
  await publish(page);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  await page.goto(`/blog/${slugify(title)}`);
  await expect(page.getByText("Ordinary words that must survive the cleaning")).toBeVisible();
  const html = await page.locator("article").innerHTML();
  for (const bad of ["<script", "<iframe", "<style", "onclick", "onerror", "data-track", "style=", "javascript:", "<img src=\"x\""]) {
    expect(html, bad).not.toContain(bad);
  }
  await expect(page.getByRole("link", { name: "safe" })).toHaveAttribute("rel", "noopener noreferrer");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // The raw HTML a crawler gets is as clean.
  const raw = await (await request.get(`/blog/${slugify(title)}`)).text();
  expect(raw).not.toContain("window.__pwned");
});

test("a real PNG is uploaded, shown through srcset with its size, and served with the right headers", async ({ page, request, baseURL }, info) => {
  await signInAsAdmin(page);
  const title = uniqueTitle("With Skyline");
  await page.goto("/admin/blog/new");
  await fillPost(page, { title, category: "Investment" });
  await page.getByLabel("Upload image").setInputFiles(pngFile);
  if (hasJs(info)) {
    // Uploaded on choice: the preview appears with a Remove button.
    await expect(page.getByRole("button", { name: "Remove" })).toBeVisible();
  }
  await page.getByLabel("Alt text").fill("A gold tower against a navy sky");
  await publish(page);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  await page.goto(`/blog/${slugify(title)}`);
  const img = page.getByRole("img", { name: "A gold tower against a navy sky" });
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute("width", "1200");
  await expect(img).toHaveAttribute("height", "630");
  const srcset = (await img.getAttribute("srcset")) ?? "";
  expect(srcset).toMatch(/\/uploads\/blog-[a-z0-9]+-[a-f0-9]{16}-480\.webp 480w, .*-960\.webp 960w, .*-1200\.webp 1200w$/);
  expect(await img.getAttribute("sizes")).toBeTruthy();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);

  const src = (await img.getAttribute("src")) ?? "";
  const file = await request.get(src);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/webp");
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  // Open Graph and Twitter card carry the image; the page has its article JSON-LD.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${baseURL}${src}`);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/blog/${slugify(title)}`);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as Record<string, unknown>;
  expect(ld).toMatchObject({ "@type": "BlogPosting", headline: title, image: [`${baseURL}${src}`] });

  // Nothing outside the uploads folder can be read through it.
  for (const escape of ["/uploads/..%2Fapp.db", "/uploads/%2e%2e/app.db", "/uploads/..%2f..%2fpackage.json", "/uploads/"]) {
    expect((await request.get(escape)).status(), escape).not.toBe(200);
  }

  // Deleting the post deletes its files.
  await page.goto("/admin/blog");
  await deleteFromList(page, title, info);
  expect((await request.get(src)).status()).toBe(404);
});

for (const bad of [
  { name: "a text file named .png", file: () => textFile, title: "Invalid File Type", message: "Only JPEG, PNG, GIF, and WebP images are allowed" },
  { name: "a 6 MB image", file: () => bigFile, title: "File Too Large", message: "Image must be less than 5MB" },
]) {
  test(`${bad.name} is refused with the spec's message, the title and content kept`, async ({ page }, info) => {
    await signInAsAdmin(page);
    const title = uniqueTitle("Refused Image");
    await page.goto("/admin/blog/new");
    await fillPost(page, { title });
    await page.getByLabel("Upload image").setInputFiles(bad.file());
    // Without JavaScript the image travels with the form.
    if (!hasJs(info)) await page.getByRole("button", { name: "Create Post" }).click();
    const alert = page.getByRole("alert").filter({ hasText: bad.title });
    await expect(alert).toContainText(bad.message);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Content", { exact: true })).toHaveValue(CONTENT);
    expect(testDb().prepare("SELECT count(*) AS n FROM blog_posts WHERE title = ?").get(title)).toEqual({ n: 0 });
  });
}

test("the category filter and the empty category state", async ({ page }) => {
  await page.goto("/blog");
  await page.getByRole("link", { name: "Insurance", exact: true }).click();
  await expect(page).toHaveURL(/\/blog\?category=insurance$/);
  await expect(page.getByRole("link", { name: "Insurance", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
  // The demo content has a published post in every category, General included: no filter a newcomer tries is empty.
  await page.goto("/blog?category=general");
  await expect(page.getByRole("heading", { level: 2, name: "How to Prepare for a First Meeting With a Financial Professional" })).toBeVisible();
  await expect(page.getByText("No blog posts found in the General category.")).toHaveCount(0);
});

test("an unknown slug is 'Post Not Found' (404)", async ({ page }) => {
  const res = await page.goto("/blog/no-such-post-anywhere");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
  await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible();
});

test("the RSS feed: RSS 2.0, at most 20 published posts, absolute links", async ({ request, baseURL }) => {
  checkedOnce();
  const res = await request.get("/blog/rss.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await res.text();
  expect(xml).toContain('<rss version="2.0"');
  const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1] ?? "");
  expect(links.length).toBeGreaterThan(0);
  expect(links.length).toBeLessThanOrEqual(20);
  for (const link of links) expect(link.startsWith(`${baseURL}/blog/`)).toBe(true);
  expect((await request.get(links[0] ?? "")).status()).toBe(200);
});
