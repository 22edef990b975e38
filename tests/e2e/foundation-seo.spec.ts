import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/features/site/public-pages";
import { checkedOnce } from "./support";

// The one list of public pages (the routes are made from it): a page added there is checked here too.
const SITEMAP_PATHS = PUBLIC_PAGES.filter((p) => p.sitemap).map((p) => p.path);
const HTML_PAGES = PUBLIC_PAGES.map((p) => p.path).filter((p) => !/\.(xml|txt)$/.test(p) && !p.includes(":"));

test.beforeEach(() => {
  checkedOnce();
});

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

/** The page's <title> and its meta and link tags, as the server sent them. */
function head(html: string) {
  const attributes = (tag: string) => Object.fromEntries([...tag.matchAll(/([a-z:-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const tags = (name: string) => [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((m) => attributes(m[0]));
  const meta = (key: string, value: string) => tags("meta").filter((m) => m[key] === value).map((m) => m.content ?? "");
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "",
    description: meta("name", "description"),
    og: (property: string) => meta("property", `og:${property}`),
    canonical: tags("link").filter((l) => l.rel === "canonical").map((l) => l.href),
  };
}

test("every public page has a title, a description, Open Graph tags and a canonical link", async ({ request, baseURL }) => {
  for (const path of HTML_PAGES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const page = head(await response.text());
    expect(page.title, `title of ${path}`).toContain("WealthMatch");
    expect(page.description, `description of ${path}`).toHaveLength(1);
    expect(page.description[0]?.length ?? 0, `description of ${path}`).toBeGreaterThan(20);
    for (const property of ["title", "description", "type"]) expect(page.og(property)[0] ?? "", `og:${property} of ${path}`).toMatch(/\S/);
    expect(page.og("url"), `og:url of ${path}`).toEqual([`${baseURL}${path}`]);
    expect(page.canonical, `canonical of ${path}`).toEqual([`${baseURL}${path}`]);
  }
});

// The spec's launch figures (no $50B+, 99%, $2B+ or 98%) on every page that quoted them: figures-from-data.spec.ts.
