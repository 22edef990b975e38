import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import compression from "compression";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { acceptsGzip, createPageCache, bodyOf, entryFrom } from "../../server/page-cache.mjs";
import { brotliWithGaps, withNonce } from "../../server/brotli-splice.mjs";
import { acceptsBrotli } from "../../server/accept-encoding.mjs";
import { cachedQueryParams } from "~/platform/page-cache.server";
import { contentVersion } from "~/platform/content-version.server";
import { db } from "~/platform/db.server";
import { blogPosts, professionals, siteSettings } from "~/platform/schema";
import { eq } from "drizzle-orm";

const NONCE_A = "AAAABBBBCCCCDDDDEEEEFF==";
const NONCE_B = "ZZZZYYYYXXXXWWWWVVVVUU==";

/** As server.mjs: kept pages answered before Express, the rest through it. */
async function listen(cache: ReturnType<typeof createPageCache>, app: express.Express) {
  const server = http.createServer((req, res) => {
    if (!cache.serveRaw(req, res, () => "http")) app(req, res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe("the cached body", () => {
  const page = (nonce: string) =>
    `<html><head><script nonce="${nonce}">1</script></head><body>${"Wealth, matched. ".repeat(500)}é€<script nonce="${nonce}">2</script></body></html>`;
  const entry = entryFrom({
    status: 200,
    headers: { "content-security-policy": `script-src 'nonce-${NONCE_A}'` },
    body: Buffer.from(page(NONCE_A)),
    version: 1,
    now: 0,
  });

  it("is the page with the new nonce, plain and gzipped", () => {
    expect(bodyOf(entry, NONCE_B, false).toString()).toBe(page(NONCE_B));
    expect(zlib.gunzipSync(bodyOf(entry, NONCE_B, true)).toString()).toBe(page(NONCE_B));
  });

  it("carries a valid checksum whatever the nonce (gunzip checks it)", () => {
    for (let i = 0; i < 25; i++) {
      const nonce = crypto.randomBytes(16).toString("base64");
      expect(zlib.gunzipSync(bodyOf(entry, nonce, true)).toString()).toBe(page(nonce));
    }
  });

  it("keeps no trace of the nonce it was rendered with", () => {
    expect(zlib.gunzipSync(bodyOf(entry, NONCE_B, true)).toString()).not.toContain(NONCE_A);
  });

  it("keeps a page without a nonce (robots.txt, the sitemap) as it is, plain and gzipped", () => {
    const text = Buffer.from("User-agent: *\nAllow: /\n".repeat(20));
    const plain = entryFrom({ status: 200, headers: { "content-type": "text/plain" }, body: text, version: 1, now: 0 });
    expect(bodyOf(plain, undefined, false).equals(text)).toBe(true);
    expect(zlib.gunzipSync(bodyOf(plain, undefined, true)).equals(text)).toBe(true);
  });

  it("refuses a nonce of another length (the gzip blocks are sized for it)", () => {
    expect(() => bodyOf(entry, "short", true)).toThrow();
  });
});

describe("the cached body in brotli", () => {
  // A page with a nonce at every few hundred letters, as the pages have it in their scripts and links.
  const page = (nonce: string) =>
    Array.from({ length: 14 }, (_, i) => `<p>Section ${i}: wealth, matched. ${"Advisors who share your values. ".repeat(i + 3)}</p>\n<script nonce="${nonce}">go(${i})</script>`).join("");
  const pieces = page(NONCE_A).split(NONCE_A).map((piece) => Buffer.from(piece));

  it("decodes to the page with any nonce, and holds no trace of the one it was drawn with", async () => {
    const br = await brotliWithGaps(pieces, NONCE_A.length, (nonce: string) => Buffer.from(page(nonce)));
    if (!br) throw new Error("no brotli body");
    expect(br.gaps).toHaveLength(14);
    for (let i = 0; i < 50; i++) {
      const nonce = crypto.randomBytes(16).toString("base64");
      expect(zlib.brotliDecompressSync(withNonce(br, nonce)).toString()).toBe(page(nonce));
    }
    expect(zlib.brotliDecompressSync(withNonce(br, NONCE_B)).toString()).not.toContain(NONCE_A);
  });

  it("is not made for a page holding the control bytes its placeholders are made of", async () => {
    const odd = [Buffer.from("<p>a\u0001b</p><script nonce=\""), Buffer.from('"></script>')];
    expect(await brotliWithGaps(odd, NONCE_A.length, () => Buffer.alloc(0))).toBeNull();
  });

  it("is not used when it does not decode to the page", async () => {
    expect(await brotliWithGaps(pieces, NONCE_A.length, () => Buffer.from("another page"))).toBeNull();
  });
});

describe("Accept-Encoding", () => {
  it("takes br when listed or covered by *, never with q=0", () => {
    expect(acceptsBrotli("gzip, deflate, br")).toBe(true);
    expect(acceptsBrotli("br;q=0.5, gzip")).toBe(true);
    expect(acceptsBrotli("*")).toBe(true);
    expect(acceptsBrotli("gzip, deflate")).toBe(false);
    expect(acceptsBrotli("gzip, br;q=0")).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });

  it("takes gzip when listed or covered by *, never with q=0", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*;q=0.5, gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
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

  it("never names pages with per-visitor forms, member pages or admin pages", () => {
    for (const path of ["/contact", "/register", "/login", "/forgot-password", "/client-welcome", "/professional-dashboard", "/admin", "/admin/blog", "/blog/Not_A_Slug", "/contact.data"]) {
      expect(cachedQueryParams(path), path).toBeNull();
    }
  });

  it("moves its content version on every change to posts, settings and professionals", () => {
    const start = contentVersion();
    db().insert(professionals).values({ name: "Ada Vance", email: "ada.vance@example.com" }).run();
    const afterProfessional = contentVersion();
    expect(afterProfessional).toBeGreaterThan(start);
    db().update(siteSettings).set({ updatedAt: new Date() }).where(eq(siteSettings.key, "contact")).run();
    db().insert(siteSettings).values({ key: "probe", value: {} }).onConflictDoNothing().run();
    const afterSetting = contentVersion();
    expect(afterSetting).toBeGreaterThan(afterProfessional);
    db().insert(blogPosts).values({ title: "Probe", slug: "probe", content: "x".repeat(60) }).run();
    expect(contentVersion()).toBeGreaterThan(afterSetting);
  });
});

describe("the cache in front of a server", () => {
  let version = 1;
  let rendered = 0;
  let base = "";
  let close: () => void = () => {};
  const cache = createPageCache(
    { cachedQueryParams: (p: string) => (p === "/page" ? ["page"] : ["/sets-cookie", "/missing", "/plain"].includes(p) ? [] : null), bypassCookies: ["wm_session", "wm_toast"], contentVersion: () => version },
    // Every request reads the version afresh here; the memo has its own tests below.
    { maxBytes: 400_000, versionMs: 0 },
  );

  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.use(cache.serve);
    app.use(cache.capture);
    app.use((req, res) => {
      rendered++;
      const nonce = crypto.randomBytes(16).toString("base64");
      if (req.path !== "/plain") res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      if (req.path === "/sets-cookie") res.setHeader("Set-Cookie", "csrf=1");
      if (req.path === "/missing") res.status(404);
      res.end(`<p>render ${rendered} of ${req.url}</p><script nonce="${nonce}"></script>${"padding ".repeat(2000)}`);
    });
    ({ base, close } = await listen(cache, app));
  });
  afterAll(() => close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });
  const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

  it("serves the second request from memory, with its own nonce in the header and the page", async () => {
    const first = await get("/page");
    const firstBody = await first.text();
    const second = await get("/page");
    const secondBody = await second.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(secondBody.replace(/nonce="[^"]+"/, "")).toBe(firstBody.replace(/nonce="[^"]+"/, ""));
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(secondBody).toContain(`nonce="${nonceOf(second)}"`);
    const third = await get("/page");
    expect(nonceOf(third)).not.toBe(nonceOf(second));
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(second.headers.get("vary")).toBe("Accept-Encoding");
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

  it("serves a kept response that has no nonce (a text file), gzipped", async () => {
    const first = await (await get("/plain")).text();
    const again = await get("/plain");
    expect(again.status).toBe(200);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toBe(first);
  });

  it("serves brotli, with its own nonce, to a client that takes it once the entry's brotli is made", async () => {
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
    expect(res.headers.vary).toBe("Accept-Encoding");
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
    const text = zlib.brotliDecompressSync(res.body).toString();
    expect(text).toContain(`<script nonce="${nonce}">`);
    expect(text).toContain("render");
  });

  it("sends a plain body to a client that does not take gzip", async () => {
    await get("/page?page=9");
    const res = await fetch(base + "/page?page=9", { headers: { "accept-encoding": "identity" } });
    expect(res.headers.get("x-page-cache")).toBe("hit");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.text()).toContain(`nonce="${nonceOf(res)}"`);
  });
});

describe("reading the content version under load", () => {
  let clock = 1_000;
  let reads = 0;
  let version = 1;
  let base = "";
  let close: () => void = () => {};
  const cache = createPageCache(
    {
      cachedQueryParams: (p: string) => (p === "/page" ? [] : null),
      bypassCookies: [],
      contentVersion: () => {
        reads++;
        return version;
      },
    },
    { versionMs: 50, now: () => clock },
  );

  beforeAll(async () => {
    const app = express();
    app.use(cache.serve);
    app.use(cache.capture);
    app.post("/edit", (_req, res) => {
      version++;
      res.end("saved");
    });
    app.use((_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<p>version ${version}</p>`);
    });
    ({ base, close } = await listen(cache, app));
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
    await fetch(base + "/edit", { method: "POST" });
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
