import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import os from "node:os";
import path from "node:path";
import type express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { brotliOf, documentEncoding, encodingFor, entryFrom, scriptHash, variantFor, withScriptHashes, type PageCacheOptions, type PageCachePolicy } from "../../server/page-cache";
import { settleHost } from "../../server/forwarded-host";
import { createServer, type AppBuild } from "../../server/app";
import { HSTS, setServerHeaders } from "~/platform/http/headers.server";
import { cachedQueryParams, cachedQueryValue, pageCachePolicy } from "~/features/site/page-cache.server";
import { contentVersion, followContentVersion } from "~/platform/content-version.server";
import { db } from "~/platform/db.server";
import { blogPosts, professionals, siteSettings } from "~/platform/schema";
import { eq } from "drizzle-orm";

const NONCE_A = "AAAABBBBCCCCDDDDEEEEFF==";

type PageCache = NonNullable<ReturnType<typeof createServer>["pageCache"]>;

/**
 * The production server's wiring (server/app.ts: the cache's one entry point in the request listener,
 * compression, the guards, the caching rule, capture) around a stand-in for the app.
 */
async function serve(policy: PageCachePolicy, handler: express.RequestHandler, { maxBytes, ...pageCache }: PageCacheOptions = {}) {
  const { server, stop, pageCache: cache } = createServer({
    build: { entry: { module: { pageCachePolicy: policy, refusalPage: (status: number) => `<p>refused ${status}</p>`, HSTS, setServerHeaders } } } as unknown as AppBuild,
    clientDir: path.join(os.tmpdir(), "wm-page-cache-test-client"),
    
    handler,
    pageCacheBytes: maxBytes,
    pageCache,
  });
  if (!cache) throw new Error("no page cache");
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => void stop(), cache };
}

const CSP = (nonce: string) => `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic'; object-src 'none'`;

describe("the cached page: plain bytes, its scripts allowed by hash", () => {
  const own = ["window.__context = {\"a\":\"é€\"};", "import('/assets/entry.js');"];
  const page = (nonce: string, injected = "") =>
    `<html><head><script nonce="${nonce}">${own[0]}</script></head><body>${"Wealth, matched. ".repeat(500)}${injected}<script type="module" async="" nonce="${nonce}">${own[1]}</script></body></html>`;

  it("drops the nonce from the page and allows exactly the scripts that carried it, and the module imports ('self')", () => {
    const cached = withScriptHashes(Buffer.from(page(NONCE_A)), CSP(NONCE_A));
    if (!cached) throw new Error("not cached");
    expect(cached.body.toString()).toBe(page(NONCE_A).replaceAll(` nonce="${NONCE_A}"`, ""));
    expect(cached.body.toString()).not.toContain(NONCE_A);
    expect(cached.csp).toBe(`default-src 'self'; script-src ${scriptHash(own[0]!)} ${scriptHash(own[1]!)} 'self'; object-src 'none'`);
  });

  it("computes the hash a browser does: sha256 of the script's UTF-8 text, base64", () => {
    const expected = crypto.createHash("sha256").update(Buffer.from(own[0]!, "utf8")).digest("base64");
    expect(scriptHash(own[0]!)).toBe(`'sha256-${expected}'`);
  });

  it("gives no hash to a script slipped into the page without the nonce", () => {
    const evil = "alert(document.cookie)";
    const cached = withScriptHashes(Buffer.from(page(NONCE_A, `<script>${evil}</script><script nonce="guess">${evil}</script>`)), CSP(NONCE_A));
    expect(cached?.csp).not.toContain(scriptHash(evil));
    expect(cached?.csp?.match(/'sha256-/g)).toHaveLength(2);
  });

  it("keeps no page whose nonce'd script loads a file, or that names the nonce anywhere else", () => {
    expect(withScriptHashes(Buffer.from(`<script nonce="${NONCE_A}" src="/a.js"></script>`), CSP(NONCE_A))).toBeNull();
    expect(withScriptHashes(Buffer.from(`<script nonce="${NONCE_A}">1</script><p>${NONCE_A}</p>`), CSP(NONCE_A))).toBeNull();
  });

  it("keeps a response without a nonce (robots.txt, page data) as it is", () => {
    const text = Buffer.from("User-agent: *\nAllow: /\n");
    expect(withScriptHashes(text, undefined)?.body).toBe(text);
    expect(withScriptHashes(text, "default-src 'none'")?.csp).toBe("default-src 'none'");
  });

  it("is stored once per encoding, each decoding to the same plain page", async () => {
    const entry = entryFrom({ status: 200, headers: { "content-security-policy": CSP(NONCE_A), "content-type": "text/html" }, body: Buffer.from(page(NONCE_A)), version: 1, now: 0 });
    if (!entry) throw new Error("no entry");
    const plain = entry.variants.identity.body;
    expect(zlib.gunzipSync(entry.variants.gzip.body).equals(plain)).toBe(true);
    expect(zlib.brotliDecompressSync(await brotliOf(entry)).equals(plain)).toBe(true);
    expect(entry.variants.gzip.body.length).toBeLessThan(plain.length / 4);
  });
});

describe("Accept-Encoding (negotiator)", () => {
  it("takes br first, then gzip, never one with q=0, and plain bytes otherwise", () => {
    expect(encodingFor("gzip, deflate, br")).toBe("br");
    expect(encodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(encodingFor("br;q=0.5, gzip")).toBe("gzip");
    expect(encodingFor("*")).toBe("br");
    expect(encodingFor("gzip, deflate")).toBe("gzip");
    expect(encodingFor("gzip, br;q=0")).toBe("gzip");
    expect(encodingFor("gzip;q=0")).toBe("identity");
    expect(encodingFor("*;q=0.5, gzip;q=0, br;q=0")).toBe("identity");
    expect(encodingFor("identity")).toBe("identity");
    expect(encodingFor(undefined)).toBe("identity");
  });

  it("sends gzip until the entry's brotli is made", () => {
    const entry = entryFrom({ status: 200, headers: {}, body: Buffer.from("x".repeat(2000)), version: 1, now: 0 });
    if (!entry) throw new Error("no entry");
    expect(variantFor(entry, "gzip, deflate, br")).toBe(entry.variants.gzip);
  });
});

describe("which pages are cached, and their keys", () => {
  it("names the public pages and the query parameters each reads", () => {
    expect(cachedQueryParams("/")).toEqual([]);
    expect(cachedQueryParams("/blog")).toEqual(["category", "page"]);
    expect(cachedQueryParams("/blog/why-fees-matter")).toEqual([]);
    expect(cachedQueryParams("/blog.data")).toEqual(["category", "page", "_routes"]);
    expect(cachedQueryParams("/_root.data")).toEqual(["_routes"]);
    expect(cachedQueryParams("/sitemap.xml")).toEqual([]);
  });

  it("lets page data name only the routes app/routes.ts gives that page", async () => {
    const { default: routes } = await import("~/routes");
    let checked = 0;
    for (const route of routes) {
      const path = route.index ? "/" : `/${route.path ?? ""}`.replace(":slug", "a-post");
      const dataPath = path === "/" ? "/_root.data" : `${path}.data`;
      if (!cachedQueryParams(dataPath)) continue;
      const id = route.file.replace(/\.[jt]sx?$/, "");
      expect(cachedQueryValue(dataPath, "_routes", `root,${id}`), dataPath).toBe(true);
      expect(cachedQueryValue(dataPath, "_routes", id), dataPath).toBe(true);
      expect(cachedQueryValue(dataPath, "_routes", `${id},root`), dataPath).toBe(false);
      expect(cachedQueryValue(dataPath, "_routes", "root,routes/admin"), dataPath).toBe(false);
      checked++;
    }
    expect(checked).toBe(17);
  });

  it("reads the one public page list that app/routes.ts and the sitemap read", async () => {
    const { default: routes } = await import("~/routes");
    const { PUBLIC_PAGES } = await import("~/features/site/public-pages");
    const { sitemapEntries } = await import("~/features/site/sitemap.data.server");
    const files = new Set(routes.map((r) => r.file));
    for (const page of PUBLIC_PAGES) {
      expect(files.has(page.file), page.file).toBe(true);
      const path = page.path.replace(":slug", "a-post");
      expect(cachedQueryParams(path) !== null, path).toBe(page.cache !== false);
    }
    const listed = (await sitemapEntries()).map((e) => e.path);
    expect(listed).toEqual(expect.arrayContaining(PUBLIC_PAGES.filter((p) => p.sitemap).map((p) => p.path)));
    expect(listed).toEqual(expect.arrayContaining(["/contact", "/register", "/login", "/blog"]));
    expect(listed).not.toContain("/robots.txt");
  });

  it("never names pages with per-visitor forms, member pages or admin pages", () => {
    for (const path of ["/contact", "/register", "/login", "/forgot-password", "/client-welcome", "/professional-dashboard", "/admin", "/admin/blog", "/blog/Not_A_Slug", "/contact.data"]) {
      expect(cachedQueryParams(path), path).toBeNull();
    }
  });

  it("moves its content version on every change to posts, settings and professionals", async () => {
    // On PostgreSQL the version reaches this process through the follower (a notification), a moment later.
    const stop = await followContentVersion();
    const movesPast = (before: number) => vi.waitFor(() => expect(contentVersion()).toBeGreaterThan(before));
    try {
      const start = contentVersion();
      await db().insert(professionals).values({ name: "Ada Vance", email: "ada.vance@example.com" });
      await movesPast(start);
      const afterProfessional = contentVersion();
      await db().update(siteSettings).set({ updatedAt: new Date() }).where(eq(siteSettings.key, "contact"));
      await db().insert(siteSettings).values({ key: "probe", value: {} }).onConflictDoNothing();
      await movesPast(afterProfessional);
      const afterSetting = contentVersion();
      await db().insert(blogPosts).values({ title: "Probe", slug: "probe", content: "x".repeat(60) });
      await movesPast(afterSetting);
    } finally {
      await stop();
    }
  });
});

describe("the cache in front of a server", () => {
  let version = 1;
  let rendered = 0;
  let base = "";
  let close: () => void = () => {};
  let cache: PageCache;
  const policy: PageCachePolicy = {
    cachedQueryParams: (p: string) => (p === "/page" ? ["page"] : ["/sets-cookie", "/missing", "/plain"].includes(p) ? [] : null),
    bypassCookies: ["wm_session", "wm_toast"],
    contentVersion: () => version,
    sharedCacheControl: () => "public, s-maxage=60, stale-while-revalidate=300",
  };

  beforeAll(async () => {
    const app: express.RequestHandler = (req, res) => {
      rendered++;
      const nonce = crypto.randomBytes(16).toString("base64");
      if (req.path !== "/plain") res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      if (req.path === "/sets-cookie") res.setHeader("Set-Cookie", "csrf=1");
      if (req.path === "/missing") res.status(404);
      res.end(`<p>render ${rendered} of ${req.url}</p><script nonce="${nonce}"></script>${"padding ".repeat(2000)}`);
    };
    // Every request reads the version afresh here; the memo has its own tests below.
    ({ base, close, cache } = await serve(policy, app, { maxBytes: 400_000, versionMs: 0 }));
  });
  afterAll(() => close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });
  const hashesOf = (res: Response) => res.headers.get("content-security-policy")?.match(/'sha256-[^']+'/g) ?? [];

  it("serves the second request from memory: the same plain bytes for everyone, its scripts allowed by hash", async () => {
    const first = await get("/page");
    const firstBody = await first.text();
    const second = await get("/page");
    const secondBody = await second.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(secondBody).toBe(firstBody.replace(/ nonce="[^"]+"/, ""));
    expect(secondBody).not.toContain("nonce");
    expect(second.headers.get("content-security-policy")).not.toContain("'nonce-");
    expect(hashesOf(second)).toEqual([scriptHash("")]);
    const third = await get("/page");
    expect(await third.text()).toBe(secondBody);
    expect(third.headers.get("content-security-policy")).toBe(second.headers.get("content-security-policy"));
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(second.headers.get("vary")).toBe("Accept-Encoding, Cookie");
  });

  it("lets shared caches keep an anonymous visitor's page, varying on Cookie, and nothing else", async () => {
    const shared = "public, s-maxage=60, stale-while-revalidate=300";
    const rendered = await get("/page?page=5");
    expect(rendered.headers.get("x-page-cache")).toBe("miss");
    expect(rendered.headers.get("cache-control")).toBe(shared);
    expect(rendered.headers.get("vary")).toMatch(/Cookie/);
    const cached = await get("/page?page=5");
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    expect(cached.headers.get("cache-control")).toBe(shared);
    expect(cached.headers.get("vary")).toMatch(/Cookie/);
    // Signed in, a flash message, a parameter the page does not read, a cookie set, not a 200: private.
    for (const [path, cookie] of [["/page?page=5", "wm_session=a"], ["/page?page=5", "wm_toast=b"], ["/page?page=5&utm=x", ""], ["/sets-cookie", ""], ["/missing", ""]] as const) {
      const res = await get(path, cookie ? { cookie } : {});
      expect(res.headers.get("cache-control"), `${path} ${cookie}`).toBe("private, no-store");
    }
  });

  it("drops query parameters the page does not read, and keeps the ones it does", async () => {
    await get("/page?page=2");
    expect((await get("/page?page=2&utm_source=x&r=123")).headers.get("x-page-cache")).toBe("hit");
    expect((await get("/page?page=3")).headers.get("x-page-cache")).toBe("miss");
  });

  it("never answers a signed-in visitor or one with a flash message from the cache", async () => {
    await get("/page");
    const before = rendered;
    for (const cookie of ["wm_session=abc", "theme=dark; wm_toast=xyz"]) {
      const res = await get("/page", { cookie });
      expect(res.headers.get("x-page-cache")).toBeNull();
    }
    expect(rendered).toBe(before + 2);
  });

  it("keeps nothing that sets a cookie or is not a 200", async () => {
    await get("/sets-cookie");
    expect((await get("/sets-cookie")).headers.get("x-page-cache")).toBe("miss");
    await get("/missing");
    expect((await get("/missing")).headers.get("x-page-cache")).toBe("miss");
  });

  it("renders again once the content version moves on", async () => {
    await get("/page?page=7");
    expect((await get("/page?page=7")).headers.get("x-page-cache")).toBe("hit");
    version++;
    expect((await get("/page?page=7")).headers.get("x-page-cache")).toBe("miss");
  });

  it("stays within its byte budget, the least recently used out first", async () => {
    for (let page = 100; page < 200; page++) await get(`/page?page=${page}`);
    expect(cache.size().bytes).toBeLessThanOrEqual(400_000);
    expect(cache.stats.evicted).toBeGreaterThan(0);
    expect((await get("/page?page=199")).headers.get("x-page-cache")).toBe("hit");
    expect((await get("/page?page=100")).headers.get("x-page-cache")).toBe("miss");
  });

  it("serves a cached response that has no nonce (a text file), gzipped", async () => {
    const first = await (await get("/plain")).text();
    const again = await get("/plain");
    expect(again.status).toBe(200);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toBe(first);
  });

  it("serves brotli to a client that takes it once the entry's brotli is made", async () => {
    await get("/page?page=11");
    const br = async () => {
      const res = await new Promise<http.IncomingMessage>((resolve) =>
        http.get(base + "/page?page=11", { headers: { "accept-encoding": "br, gzip" } }, resolve),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      return { headers: res.headers, body: Buffer.concat(chunks) };
    };
    await vi.waitFor(async () => expect((await br()).headers["content-encoding"]).toBe("br"), { timeout: 10_000, interval: 20 });
    const res = await br();
    expect(res.headers["x-page-cache"]).toBe("hit");
    expect(res.headers.vary).toBe("Accept-Encoding, Cookie");
    const text = zlib.brotliDecompressSync(res.body).toString();
    expect(text).toContain("<script></script>");
    expect(text).toContain("render");
  });

  it("sends a plain body to a client that does not take gzip", async () => {
    await get("/page?page=9");
    const res = await fetch(base + "/page?page=9", { headers: { "accept-encoding": "identity" } });
    expect(res.headers.get("x-page-cache")).toBe("hit");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.text()).toContain("<script></script>");
  });
});

describe("how the app is told to encode the page it renders", () => {
  let base = "";
  let close: () => void = () => {};
  const policy: PageCachePolicy = { cachedQueryParams: (p: string) => (p === "/cached" ? [] : null), bypassCookies: ["wm_session"], contentVersion: () => 1 };

  beforeAll(async () => {
    // The stand-in app says what it was told: the page's body as React Router would make it.
    const app: express.RequestHandler = (req, res) => {
      res.setHeader("Content-Type", "text/plain");
      res.end(documentEncoding(req));
    };
    ({ base, close } = await serve(policy, app, { maxBytes: 400_000, versionMs: 0 }));
  });
  afterAll(() => close());

  const told = async (path: string, headers: Record<string, string>) => {
    const res = await fetch(base + path, { headers: { ...headers } });
    return { said: await res.text(), cache: res.headers.get("x-page-cache") };
  };

  it("brotli when the client takes it and the cache keeps nothing of it, else gzip", async () => {
    expect((await told("/member-page", { "accept-encoding": "gzip, deflate, br" })).said).toBe("br");
    expect((await told("/cached?utm_source=x", { "accept-encoding": "br" })).said).toBe("br");
    expect((await told("/cached", { "accept-encoding": "gzip, br", cookie: "wm_session=1" })).said).toBe("br");
    expect((await told("/member-page", { "accept-encoding": "gzip, deflate" })).said).toBe("gzip");
    expect((await told("/member-page", { "accept-encoding": "br;q=0, gzip" })).said).toBe("gzip");
  });

  it("plain for a client that takes neither", async () => {
    expect((await told("/member-page", { "accept-encoding": "identity" })).said).toBe("identity");
    expect((await told("/member-page", { "accept-encoding": "deflate" })).said).toBe("identity");
  });

  it("plain when the cache is to keep the page: an entry is made from the plain bytes", async () => {
    const first = await told("/cached", { "accept-encoding": "gzip, br" });
    expect(first).toEqual({ said: "identity", cache: "miss" });
    expect(await told("/cached", { "accept-encoding": "gzip, br" })).toEqual({ said: "identity", cache: "hit" });
  });
});

describe("reading the content version under load", () => {
  let clock = 1_000;
  let reads = 0;
  let version = 1;
  let base = "";
  let close: () => void = () => {};
  const policy: PageCachePolicy = {
    cachedQueryParams: (p: string) => (p === "/page" ? [] : null),
    bypassCookies: [],
    contentVersion: () => {
      reads++;
      return version;
    },
  };

  beforeAll(async () => {
    const app: express.RequestHandler = (req, res) => {
      if (req.method === "POST") {
        version++;
        res.end("saved");
        return;
      }
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<p>version ${version}</p>`);
    };
    ({ base, close } = await serve(policy, app, { versionMs: 50, now: () => clock }));
  });
  afterAll(() => close());

  const page = async () => {
    const res = await fetch(base + "/page");
    return { cache: res.headers.get("x-page-cache"), body: await res.text() };
  };

  it("reads it once per window while pages are served from memory", async () => {
    await page();
    const before = reads;
    for (let i = 0; i < 10; i++) expect((await page()).cache).toBe("hit");
    expect(reads - before).toBe(0);
    clock += 50;
    await page();
    expect(reads - before).toBe(1);
  });

  it("shows an edit made through the server on the very next request, within the window", async () => {
    expect((await page()).body).toContain(`version ${version}`);
    await fetch(base + "/edit", { method: "POST", body: new URLSearchParams({ title: "x" }) });
    const next = await page();
    expect(next.cache).toBe("miss");
    expect(next.body).toContain(`version ${version}`);
  });

  it("shows a change made elsewhere (another process) once the window has passed", async () => {
    await page();
    version++;
    expect((await page()).body).not.toContain(`version ${version}`);
    clock += 50;
    expect((await page()).body).toContain(`version ${version}`);
  });
});

describe("what makes an entry", () => {
  let base = "";
  let close: () => void = () => {};
  // The app's own policy (which pages, which parameters and values), with a content version of its own.
  let cache: PageCache;
  const junk = (i: number) => `${i}-${"x".repeat(14 * 1024)}`;

  beforeAll(async () => {
    const app: express.RequestHandler = (req, res) => {
      const nonce = crypto.randomBytes(16).toString("base64");
      res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<p>${req.path}</p><script nonce="${nonce}"></script>`);
    };
    ({ base, close, cache } = await serve({ ...pageCachePolicy, contentVersion: () => 1 }, app, { maxBytes: 4_000_000, versionMs: 0 }));
  });
  afterAll(() => close());

  // Entries, and how many were ever stored (bytes move on their own as brotli is attached in the background).
  const held = () => ({ entries: cache.size().entries, stored: cache.stats.stored });

  /** Asks twice: the second answer says whether the first made an entry. */
  async function twice(path: string) {
    await fetch(base + path);
    return (await fetch(base + path)).headers.get("x-page-cache");
  }

  it("keeps no page data asked for with junk _routes, however many", async () => {
    const before = held();
    for (let i = 0; i < 20; i++) expect(await twice(`/_root.data?_routes=${junk(i)}`)).not.toBe("hit");
    for (const routes of ["root,root", "routes/admin", "routes/about", "routes/home,root", "root,routes/home,x", "", "root,"]) {
      expect(await twice(`/_root.data?_routes=${encodeURIComponent(routes)}`), routes).not.toBe("hit");
    }
    expect(await twice("/about.data?_routes=root,routes/about&_routes=root")).not.toBe("hit");
    expect(held()).toEqual(before);
  });

  it("keeps page data asked for with the route ids of that page", async () => {
    for (const path of ["/_root.data", "/_root.data?_routes=root,routes/home", "/_root.data?_routes=routes/home", "/about.data?_routes=root,routes/about", "/blog/a-post.data?_routes=routes/blog.$slug"]) {
      expect(await twice(path), path).toBe("hit");
    }
  });

  it("keeps no list rendered for a repeated, malformed or non-canonical page or category", async () => {
    const before = held();
    for (const query of ["page=1&page=x", "page=2&page=2", "category=legal&category=tax-planning", "category=a&category=b", "page=01", "page=1", "page=", "page=x", "page=1234567", "category=all", "category=", "category=nope", `category=${junk(1)}`]) {
      for (const path of [`/blog?${query}`, `/blog.data?${query}`]) expect(await twice(path), path).not.toBe("hit");
    }
    expect(held()).toEqual(before);
  });

  it("keeps a list with one well-formed value of each parameter it reads", async () => {
    expect(await twice("/blog?category=legal&page=2")).toBe("hit");
    expect((await fetch(base + "/blog?page=2&category=legal")).headers.get("x-page-cache")).toBe("hit");
    expect(await twice("/blog.data?page=3&_routes=routes/blog")).toBe("hit");
  });

  it("renders a page whose address carries parameters it does not read without caching it, but answers it from a cached one", async () => {
    const before = held();
    expect(await twice(`/about?utm_source=${junk(2)}`)).toBe("miss");
    expect(await twice(`/_root.data?_routes=root&${junk(3)}=1`)).toBe("miss");
    expect(held()).toEqual(before);
    await fetch(base + "/about");
    expect((await fetch(base + `/about?utm_source=${junk(4)}`)).headers.get("x-page-cache")).toBe("hit");
  });

  it("keeps nothing for a malformed Host", async () => {
    const get = () =>
      new Promise<string | undefined>((resolve, reject) => {
        const req = http.get(base + "/privacy", { headers: { host: "a b c" } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.headers["x-page-cache"] as string | undefined));
        });
        req.on("error", reject);
      });
    const before = held();
    await get();
    expect(await get()).not.toBe("hit");
    expect(held()).toEqual(before);
  });
});

describe("the byte bound, keys included", () => {
  let base = "";
  let close: () => void = () => {};
  const maxBytes = 300_000;
  // A page that reads a parameter and takes any value: only the byte bound stands between junk and memory.
  let cache: PageCache;

  beforeAll(async () => {
    const app: express.RequestHandler = (_req, res) => {
      res.setHeader("Content-Type", "text/plain");
      res.end("small");
    };
    const policy: PageCachePolicy = { cachedQueryParams: (p: string) => (p === "/page" ? ["q"] : null), bypassCookies: [], contentVersion: () => 1 };
    ({ base, close, cache } = await serve(policy, app, { maxBytes, versionMs: 0 }));
  });
  afterAll(() => close());

  it("holds with 14 KB keys: what the keys take counts", async () => {
    const key = 14 * 1024;
    for (let i = 0; i < 100; i++) await fetch(`${base}/page?q=${i}-${"k".repeat(key)}`);
    const { entries, bytes } = cache.size();
    expect(entries).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(maxBytes);
    expect(entries * key).toBeLessThanOrEqual(maxBytes);
  });
});

describe("the host a page is rendered for", () => {
  const trustLoopback = createServer({ build: { entry: { module: { HSTS, setServerHeaders } } } as unknown as AppBuild, clientDir: os.tmpdir(), trustProxy: "loopback" }).app.get("trust proxy fn") as (address: string | undefined, i: number) => boolean;
  const request = (remoteAddress: string, headers: Record<string, string>) =>
    ({ socket: { remoteAddress }, headers: { ...headers } }) as unknown as http.IncomingMessage;

  it("drops X-Forwarded-Host from a peer that is not a trusted proxy, port and all", () => {
    const req = request("203.0.113.9", { host: "wealthmatch.example", "x-forwarded-host": "evil.example:8443" });
    settleHost(req, trustLoopback);
    expect(req.headers.host).toBe("wealthmatch.example");
    expect(req.headers["x-forwarded-host"]).toBeUndefined();
  });

  it("takes a trusted proxy's first X-Forwarded-Host as the Host, so the page and its key agree", () => {
    const req = request("127.0.0.1", { host: "127.0.0.1:3000", "x-forwarded-host": "wealthmatch.example, inner.example" });
    settleHost(req, trustLoopback);
    expect(req.headers.host).toBe("wealthmatch.example");
    expect(req.headers["x-forwarded-host"]).toBeUndefined();
  });
});
