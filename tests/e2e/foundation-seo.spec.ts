import { expect, test, type Page } from "@playwright/test";
import { getSetting, setSettingAt } from "./support";

const SITEMAP_PATHS = ["/", "/about", "/services", "/professionals", "/matching", "/how-we-are-paid", "/contact", "/blog", "/security", "/careers", "/press", "/privacy", "/terms", "/cookies"];

test("robots.txt allows the site, keeps crawlers out of private areas and names the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const body = await response.text();
  expect(body).toContain("User-agent: *");
  expect(body).toMatch(/^Disallow: \/admin$/m);
  expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("sitemap.xml lists the public pages and the published demo posts, and nothing private", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  for (const path of SITEMAP_PATHS) expect(locs, path).toContain(`${baseURL}${path}`);
  const posts = locs.filter((loc) => loc?.startsWith(`${baseURL}/blog/`));
  expect(posts.length).toBeGreaterThan(0);
  expect(locs.some((loc) => /\/admin|\/reset-password/.test(loc ?? ""))).toBe(false);
  // Every listed post is a page that answers.
  for (const loc of posts.slice(0, 3)) expect((await request.get(loc ?? "")).status(), loc).toBe(200);
});

async function expectSeo(page: Page, path: string, baseURL: string) {
  await page.goto(path);
  const title = await page.title();
  expect(title.length, `title of ${path}`).toBeGreaterThan(0);
  expect(title).toContain("WealthMatch");
  const description = page.locator('meta[name="description"]');
  await expect(description).toHaveCount(1);
  expect((await description.getAttribute("content"))?.length ?? 0).toBeGreaterThan(20);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /\S/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", /\S/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${path}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
}

for (const path of ["/", "/about", "/services", "/blog", "/contact", "/privacy"]) {
  test(`${path} has a title, a description, Open Graph tags and a canonical link`, async ({ page, baseURL }) => {
    await expectSeo(page, path, baseURL ?? "");
  });
}

test("the home page shows the figures from the settings store", async ({ page }) => {
  const stats = getSetting("marketingStats");
  expect(stats && typeof stats === "object", "marketingStats is seeded as a JSON object").toBe(true);
  // Each project changes its own figure, so the two runs of this test never undo each other.
  const key = test.info().project.name === "no-js" ? "matches" : "vettedProfessionals";
  const figure = `${key === "vettedProfessionals" ? 7 : 8}${Date.now() % 1000}+`;
  const before = setSettingAt("marketingStats", `$.${key}.value`, figure);
  try {
    await page.goto("/");
    await expect(page.getByText(figure, { exact: true })).toBeVisible();
  } finally {
    setSettingAt("marketingStats", `$.${key}.value`, before);
  }
  await page.reload();
  await expect(page.getByText(figure, { exact: true })).toHaveCount(0);
  await expect(page.getByText(String(before), { exact: true }).first()).toBeVisible();
});

test("every page quotes the one set of figures: no $50B+ or 99% anywhere", async ({ page }) => {
  for (const path of ["/", "/about", "/press", "/services"]) {
    await page.goto(path);
    await expect(page.locator("main")).not.toContainText("$50B+");
    await expect(page.locator("main")).not.toContainText("99%");
  }
  await page.goto("/");
  await expect(page.getByText("$2B+", { exact: true })).toBeVisible();
  await expect(page.getByText("98%", { exact: true })).toBeVisible();
});
