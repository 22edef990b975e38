import { expect, test, type Page } from "@playwright/test";

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

// A figure from the settings store on the pages, with its date and source: figures-from-data.spec.ts.
test("every page quotes the one set of figures, none of the spec's launch figures: no $50B+, 99%, $2B+ or 98%", async ({ page }) => {
  for (const path of ["/", "/about", "/press", "/services"]) {
    await page.goto(path);
    for (const launch of ["$50B+", "99%", "$2B+", "98%", "500+"]) await expect(page.locator("main")).not.toContainText(launch);
  }
});
