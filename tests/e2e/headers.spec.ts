import { expect, test, type APIResponse } from "@playwright/test";
import { checkedOnce, signInAsNew } from "./support";

// One module decides the security headers (app/platform/http/headers.server.ts): a static file, a page
// rendered for its visitor, a page from the page cache, a refusal and a data download all carry the same
// baseline, and over HTTPS (here a trusted proxy's X-Forwarded-Proto) HSTS exactly once.

const BASELINE: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  "cross-origin-opener-policy": "same-origin",
  "strict-transport-security": "max-age=63072000; includeSubDomains",
};

function expectBaseline(what: string, res: APIResponse) {
  const headers = res.headersArray();
  for (const [name, value] of Object.entries(BASELINE)) {
    const found = headers.filter((h) => h.name.toLowerCase() === name).map((h) => h.value);
    expect(found, `${what}: ${name}`).toEqual([value]);
  }
  const csp = headers.filter((h) => h.name.toLowerCase() === "content-security-policy");
  expect(csp, `${what}: one Content-Security-Policy`).toHaveLength(1);
  expect(csp[0]?.value, what).toContain("frame-ancestors 'none'");
  expect(headers.some((h) => h.name.toLowerCase() === "x-powered-by"), what).toBe(false);
}

test("a static file, a page, a cached page, a refusal and a data download carry the same baseline headers", async ({ page }) => {
  checkedOnce();
  const https = { "x-forwarded-proto": "https" };
  const request = page.request;

  const rendered = await request.get("/contact", { headers: https });
  expect(rendered.status()).toBe(200);
  expectBaseline("a rendered page", rendered);

  const html = await rendered.text();
  const asset = /(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/.exec(html)?.[1] ?? "";
  const file = await request.get(asset, { headers: https });
  expect(file.status()).toBe(200);
  expectBaseline("a static file", file);

  let cached: APIResponse | undefined;
  await expect
    .poll(async () => {
      cached = await request.get("/privacy", { headers: https });
      return cached.headers()["x-page-cache"];
    })
    .toBe("hit");
  expectBaseline("a cached page", cached!);

  const refused = await request.post("/contact", {
    data: "a=" + "x".repeat(1024 * 1024 + 10),
    headers: { ...https, "content-type": "application/x-www-form-urlencoded" },
  });
  expect(refused.status()).toBe(413);
  expectBaseline("a refusal", refused);

  await signInAsNew(page, "client", { tag: "headers" });
  const download = await request.get("/account/data.json", { headers: https });
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toContain("application/json");
  expectBaseline("a data download", download);

  // Over plain HTTP, no HSTS.
  expect((await request.get("/contact")).headers()["strict-transport-security"]).toBeUndefined();
});
