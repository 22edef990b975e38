import { createHash } from "node:crypto";
import http from "node:http";
import { expect, test, type APIResponse, type Browser, type Response } from "@playwright/test";
import { expectArrived, getSetting, setSettingAt, signInAsNew, startOwnServer, jsOn, SITE_SETTINGS, checkedOnce } from "./support";

// The page cache for anonymous visitors (server/page-cache.ts, docs/decisions/032-page-cache-plain-bytes.md): who gets a cached page, who never does,
// and that an admin's edit reaches the next anonymous visitor. Posts edited in the admin are checked the
// same way in blog-admin.spec.ts (an anonymous request sees the new title at once).

type AnyResponse = Pick<APIResponse | Response, "headers" | "text">;
const cacheOf = (res: AnyResponse | null) => res?.headers()["x-page-cache"];
const nonceIn = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

/**
 * A response served from the cache. Other tests running at the same time change posts, settings and
 * professionals, each change making cached pages stale: ask until one answer comes from the cache.
 */
async function keptResponse<R extends AnyResponse>(get: () => Promise<R | null>): Promise<R> {
  let cached: R | null = null;
  await expect
    .poll(async () => {
      const res = await get();
      if (cacheOf(res) === "hit") cached = res;
      return cacheOf(res);
    })
    .toBe("hit");
  if (!cached) throw new Error("no response from the cache");
  return cached;
}

async function anonymousPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: jsOn() });
  return context.newPage();
}

test("an anonymous visitor gets the cached page as plain bytes: no nonce, its scripts allowed by hash", async ({ request }) => {
  checkedOnce();
  // Two cached answers in a row are the same bytes and policy. (Other tests change what pages show, a live
  // count say, which replaces the entry: then the next pair is compared.)
  let pair: [APIResponse, APIResponse] | undefined;
  await expect
    .poll(async () => {
      const first = await keptResponse(() => request.get("/privacy"));
      const second = await keptResponse(() => request.get("/privacy"));
      pair = [first, second];
      return (await first.text()) === (await second.text());
    })
    .toBe(true);
  const [first, second] = pair ?? [];
  if (!first || !second) throw new Error("no cached pair");
  const csp = second.headers()["content-security-policy"] ?? "";
  const body = await second.text();
  expect(first.headers()["content-security-policy"]).toBe(csp);
  expect(nonceIn(csp)).toBeUndefined();
  expect(body).not.toContain("nonce=");
  // Exactly the page's own inline scripts, by hash; the rest of the policy as strict as a rendered page's.
  const scripts = [...body.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
  expect(scripts.length).toBeGreaterThan(1);
  const hashes = [...csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
  expect(new Set(hashes)).toEqual(new Set(scripts.map((text) => createHash("sha256").update(text, "utf8").digest("base64"))));
  const rendered = (await request.get("/privacy", { headers: { cookie: "wm_toast=x" } })).headers()["content-security-policy"] ?? "";
  expect(csp.replace(/script-src [^;]*/, "")).toBe(rendered.replace(/script-src [^;]*/, ""));
  // The module script's imports carry no hash: 'self' (the build's files) stands in for 'strict-dynamic'.
  expect(csp).toMatch(/script-src ('sha256-[^']+' )+'self'(;|$)/);
});

test("text answers and page data are cached too, and served whole", async ({ request }) => {
  checkedOnce();
  const robots = await keptResponse(() => request.get("/robots.txt"));
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain("User-agent: *");
  const data = await keptResponse(() => request.get("/about.data?_routes=root,routes/about"));
  expect(data.status()).toBe(200);
  expect(await data.text()).toContain("settings");
});

test("a cached page works in the browser: it hydrates, and the policy blocks none of its scripts", async ({ browser }) => {
  const page = await anonymousPage(browser);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const res = await keptResponse(() => page.goto("/security"));
  expect(nonceIn(res.headers()["content-security-policy"])).toBeUndefined();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  if (jsOn()) {
    // Hydrated: a client-side navigation (the window survives it) to another cached page, through its .data request.
    await page.waitForFunction(() => (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter !== undefined);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const data = page.waitForResponse((r) => r.url().includes("/about.data"));
    // Through the header's nav, a router link (the footer's are plain links, docs/decisions/069).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true }).click();
    // Arrived, so errors and CSP violations from rendering the about page count too.
    await expectArrived(page, /\/about$/, page.getByRole("heading", { level: 1, name: "The most important introductions, made well" }));
    expect((await data).status()).toBe(200);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  }
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(errors).toEqual([]);
  await page.context().close();
});

test("a signed-in visitor never gets the cached page", async ({ page, request }) => {
  await keptResponse(() => request.get("/about"));
  await signInAsNew(page, "client", { tag: "cache" });
  const res = await page.goto("/about");
  expect(cacheOf(res)).toBeUndefined();
  await expect(page.getByRole("button", { name: "Sign Out" }).first()).toBeAttached();
});

test("a visitor with a flash message sees it: the page is rendered for them", async ({ page, request }) => {
  await keptResponse(() => request.get("/"));
  await signInAsNew(page, "client", { tag: "cache-flash" });
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("You have been signed out. See you soon.")).toBeVisible();
});

test("a contact-form visitor never gets a cached page: each visitor has a form token of their own", async ({ browser }) => {
  const tokens: string[] = [];
  for (let i = 0; i < 2; i++) {
    const page = await anonymousPage(browser);
    const res = await page.goto("/contact");
    expect(cacheOf(res)).toBeUndefined();
    tokens.push((await page.locator('input[name="csrf"]').getAttribute("value")) ?? "");
    await page.context().close();
  }
  expect(tokens[0]).toBeTruthy();
  expect(tokens[0]).not.toBe(tokens[1]);
});

test("an admin's edit to a setting shows on the next anonymous request", SITE_SETTINGS, async ({ page, browser }) => {
  const visitor = await anonymousPage(browser);
  const key = jsOn() ? "activeClients" : "averageClientAum";
  const name = jsOn() ? "Active clients" : "Average client AUM";
  const before = (getSetting("marketingStats") as Record<string, unknown>)[key];
  const figure = `${jsOn() ? "3,1" : "$2."}${Date.now() % 100}${jsOn() ? "+" : "M"}`;
  try {
    await keptResponse(() => visitor.goto("/press"));
    await expect(visitor.getByText(figure, { exact: true })).toHaveCount(0);

    await signInAsNew(page, "admin", { tag: "cache-settings", at: "/admin/settings" });
    const group = page.getByRole("group", { name });
    // Active clients is live by default: the figure below is chosen in its place.
    if (jsOn()) await group.getByRole("radio", { name: "The figure below" }).check();
    await group.getByRole("textbox", { name: "Figure" }).fill(figure);
    await group.getByLabel("As of").fill("2026-11-04");
    await group.getByRole("textbox", { name: "Source" }).fill("Client accounts, November 2026");
    await page.getByRole("button", { name: "Save Settings" }).click();
    // Saved (the field holds what was typed even before the save is answered).
    await expect(page.getByText("Settings saved successfully", { exact: true })).toBeVisible();

    await visitor.goto("/press");
    await expect(visitor.getByText(figure, { exact: true })).toBeVisible();
  } finally {
    setSettingAt("marketingStats", `$.${key}`, before);
    await visitor.context().close();
  }
});

// ---- Host handling: a page is rendered for the host that keys it, so one host's links never reach another's visitors ----

type Raw = { status: number; cache: string | undefined; body: string };

/** A GET with headers fetch will not send as given (Host). */
function rawGet(baseURL: string, path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, baseURL), { headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, cache: res.headers["x-page-cache"] as string | undefined, body }));
    });
    req.on("error", reject);
  });
}

/** The absolute links a page, the sitemap or the feed names: canonical, og:url, <loc>, <link>. */
function absoluteLinks(body: string): string[] {
  const found = [
    ...body.matchAll(/<link rel="canonical" href="([^"]+)"/g),
    ...body.matchAll(/<meta property="og:url" content="([^"]+)"/g),
    ...body.matchAll(/<loc>([^<]+)<\/loc>/g),
    ...body.matchAll(/<link>([^<]+)<\/link>/g),
    ...body.matchAll(/atom:link href="([^"]+)"/g),
  ];
  return found.map((m) => m[1] ?? "");
}

const HOST_PAGES = ["/about", "/sitemap.xml", "/blog/rss.xml"];

test("an X-Forwarded-Host never reaches the next plain visitor through the cache", async ({ baseURL }) => {
  checkedOnce();
  const port = new URL(baseURL ?? "").port;
  // A host no one has asked for yet, so the forged request is the one that makes the entry.
  const host = `h${Date.now()}.localhost:${port}`;
  for (const path of HOST_PAGES) {
    await rawGet(baseURL ?? "", path, { host, "x-forwarded-host": "evil.example" });
    for (let i = 0; i < 2; i++) {
      const plain = await rawGet(baseURL ?? "", path, { host });
      expect(plain.status, path).toBe(200);
      expect(plain.body.includes("evil.example"), path).toBe(false);
      const links = absoluteLinks(plain.body);
      expect(links.length, path).toBeGreaterThan(0);
      for (const link of links) expect(link, path).toMatch(new RegExp(`^http://${host.replace(/\./g, "\\.")}/`));
    }
  }
});

test("from a peer that is not a trusted proxy, X-Forwarded-Host changes no link", async () => {
  checkedOnce();
  // The test runs on this machine: a proxy elsewhere is trusted, so loopback is not.
  const own = await startOwnServer({ TRUST_PROXY: "192.0.2.1" });
  try {
    for (const path of HOST_PAGES) {
      for (const forwarded of ["evil.example:8443", "evil.example"]) {
        const forged = await rawGet(own.baseURL, path, { "x-forwarded-host": forwarded });
        const plain = await rawGet(own.baseURL, path, {});
        for (const res of [forged, plain]) {
          expect(res.status, path).toBe(200);
          expect(res.body.includes("evil.example"), path).toBe(false);
          const links = absoluteLinks(res.body);
          expect(links.length, path).toBeGreaterThan(0);
          for (const link of links) expect(link, `${path} ${forwarded}`).toMatch(new RegExp(`^${own.baseURL.replace(/\./g, "\\.")}/`));
        }
      }
    }
  } finally {
    await own.stop();
  }
});

test("with PUBLIC_URL set, every absolute link names it whatever the Host or X-Forwarded-Host", async () => {
  checkedOnce();
  const own = await startOwnServer({ PUBLIC_URL: "https://wealthmatch.example" });
  try {
    const port = new URL(own.baseURL).port;
    for (const path of HOST_PAGES) {
      const asked: Record<string, string>[] = [{ host: `other.localhost:${port}` }, {}, { "x-forwarded-host": "evil.example" }, {}];
      for (const headers of asked) {
        const res = await rawGet(own.baseURL, path, headers);
        expect(res.status, path).toBe(200);
        expect(res.body.includes("evil.example"), path).toBe(false);
        expect(res.body.includes("other.localhost"), path).toBe(false);
        const links = absoluteLinks(res.body);
        expect(links.length, path).toBeGreaterThan(0);
        for (const link of links) expect(link, path).toMatch(/^https:\/\/wealthmatch\.example\//);
      }
    }
  } finally {
    await own.stop();
  }
});

test("junk query strings make no entries: the page is rendered, not cached", async ({ request, baseURL }) => {
  checkedOnce();
  const junk = "x".repeat(14 * 1024);
  for (const path of [`/_root.data?_routes=${junk}`, "/blog?page=1&page=x", "/blog?category=legal&category=investment", "/blog?page=01"]) {
    await request.get(path);
    const again = await request.get(path);
    expect(cacheOf(again), path).not.toBe("hit");
  }
  // A parameter /about does not read may be answered from /about's entry (which another test may have
  // made), and what is rendered for it is never cached. On a host no one has asked for, so no other test
  // makes that entry meanwhile: neither request is a hit.
  const unread = `/about?utm_source=${junk}`;
  const host = `junk-${Date.now().toString(36)}.example.test:${new URL(baseURL ?? "").port}`;
  for (let i = 0; i < 2; i++) expect((await rawGet(baseURL ?? "", unread, { Host: host })).cache, unread).not.toBe("hit");
  // The canonical forms are cached.
  await keptResponse(() => request.get("/blog?category=legal"));
  await keptResponse(() => request.get("/_root.data?_routes=root,routes/home"));
});
