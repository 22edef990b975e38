import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/platform/config.server";
import { publicUrlWarning } from "~/platform/site-url.server";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";

// A request whose Host header someone else chose (both loaders read only `request`).
function poisoned<Args>(path: string): Args {
  return { request: new Request(`http://attacker.example${path}`), params: {}, context: {} } as unknown as Args;
}

function withEnv(env: { PUBLIC_URL?: string; NODE_ENV?: string }) {
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetConfigForTests();
}

afterEach(() => {
  withEnv({ PUBLIC_URL: undefined, NODE_ENV: "test" });
});

describe("robots.txt and sitemap.xml", () => {
  it("without PUBLIC_URL they follow the request's Host, so no shared cache may keep them", async () => {
    withEnv({ PUBLIC_URL: undefined });
    const robots = robotsLoader(poisoned<Parameters<typeof robotsLoader>[0]>("/robots.txt"));
    expect(await robots.text()).toContain("Sitemap: http://attacker.example/sitemap.xml");
    expect(robots.headers.get("Cache-Control")).toBe("private, no-store");
    const sitemap = await sitemapLoader(poisoned<Parameters<typeof sitemapLoader>[0]>("/sitemap.xml"));
    expect(await sitemap.text()).toContain("<loc>http://attacker.example/</loc>");
    expect(sitemap.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("with PUBLIC_URL they name it whatever the Host, and are cached publicly for an hour", async () => {
    withEnv({ PUBLIC_URL: "https://wealthmatch.example" });
    const robots = robotsLoader(poisoned<Parameters<typeof robotsLoader>[0]>("/robots.txt"));
    const text = await robots.text();
    expect(text).toContain("Sitemap: https://wealthmatch.example/sitemap.xml");
    expect(text).not.toContain("attacker");
    expect(robots.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const sitemap = await sitemapLoader(poisoned<Parameters<typeof sitemapLoader>[0]>("/sitemap.xml"));
    const xml = await sitemap.text();
    expect(xml).toContain("<loc>https://wealthmatch.example/</loc>");
    expect(xml).not.toContain("attacker");
    expect(sitemap.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });
});

describe("start-up warning", () => {
  it("names PUBLIC_URL in production when it is unset", () => {
    withEnv({ NODE_ENV: "production", PUBLIC_URL: undefined });
    expect(publicUrlWarning()).toMatch(/PUBLIC_URL is not set/);
  });

  it("says nothing when PUBLIC_URL is set, or outside production", () => {
    withEnv({ NODE_ENV: "production", PUBLIC_URL: "https://wealthmatch.example" });
    expect(publicUrlWarning()).toBeUndefined();
    withEnv({ NODE_ENV: "development", PUBLIC_URL: undefined });
    expect(publicUrlWarning()).toBeUndefined();
  });
});
