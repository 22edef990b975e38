import { expect, test } from "@playwright/test";
import { auditEvents, checkedOnce } from "./support";

function directives(csp: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values.join(" "));
  }
  return map;
}

test.describe("security headers", () => {
  // A page rendered for its visitor (the contact form is never cached); a cached page's policy allows its scripts
  // by hash instead (page-cache.spec.ts).
  test("a page: CSP with a fresh nonce, no framing, nosniff, referrer policy, private no-store, no X-Powered-By", async ({ request }) => {
    const first = await request.get("/contact");
    const second = await request.get("/contact");
    expect(first.status()).toBe(200);
    const headers = first.headers();

    const csp = directives(headers["content-security-policy"] ?? "");
    const scriptSrc = csp.get("script-src") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce, `script-src: ${scriptSrc}`).toBeTruthy();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("object-src")).toBe("'none'");
    const secondNonce = /'nonce-([^']+)'/.exec(second.headers()["content-security-policy"] ?? "")?.[1];
    expect(secondNonce).toBeTruthy();
    expect(secondNonce).not.toBe(nonce);

    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["x-powered-by"]).toBeUndefined();
    const cacheControl = headers["cache-control"] ?? "";
    expect(cacheControl).toContain("private");
    expect(cacheControl).toContain("no-store");
  });

  test("the 404 page carries the same headers", async ({ request }) => {
    const response = await request.get("/definitely-missing");
    expect(response.status()).toBe(404);
    const headers = response.headers();
    expect(directives(headers["content-security-policy"] ?? "").get("frame-ancestors")).toBe("'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  for (const path of ["/robots.txt", "/sitemap.xml"]) {
    test(`${path}: nosniff, no framing, nothing may run, no X-Powered-By`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers["x-content-type-options"]).toBe("nosniff");
      const csp = directives(headers["content-security-policy"] ?? "");
      expect(csp.get("default-src")).toBe("'none'");
      expect(csp.get("frame-ancestors")).toBe("'none'");
      expect(headers["x-powered-by"]).toBeUndefined();
    });
  }

  test("a redirect that depends on the session is never cached either", async ({ request }) => {
    const response = await request.get("/client-welcome", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/login?redirectTo=%2Fclient-welcome");
    expect(response.headers()["cache-control"]).toBe("private, no-store");
  });

  test("every script in a rendered page carries the response's nonce", async ({ request }) => {
    const response = await request.get("/contact");
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
    // Inline event handlers would need 'unsafe-inline'; none may appear in the markup.
    expect(html).not.toMatch(/\son(click|load|error|submit|mouseover)=/i);
  });

  test("a static asset: nosniff, long-lived cache, no X-Powered-By", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/.exec(html)?.[1];
    expect(asset, "the page links a built asset").toBeTruthy();
    const response = await request.get(asset ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["x-powered-by"]).toBeUndefined();
    expect(response.headers()["cache-control"]).toContain("max-age=");
  });
});

test("pages run under the policy without violations", async ({ page }) => {
  checkedOnce();
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/about", "/blog", "/contact"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test("the pages refuse to be framed", async ({ browser, baseURL }) => {
  checkedOnce();
  // Without scripts in the framing page: with them, React would hydrate over the written document and
  // remove the frame, depending on timing. The refusal comes from response headers either way.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  // The framing page is one of the site's own: a made-up outside origin would be stopped earlier by
  // Chrome's private-network rules (the test server is on 127.0.0.1), before the policy is consulted.
  await page.goto("/about");
  await page.setContent(`<iframe src="${new URL("/about", page.url()).toString()}" title="framed"></iframe>`);
  const framed = () => page.frames().find((frame) => frame !== page.mainFrame());
  // A refused frame shows the browser's error page instead of ours.
  await expect.poll(() => framed()?.url(), { timeout: 20_000 }).toBe("chrome-error://chromewebdata/");
  await expect(page.frameLocator("iframe").getByRole("heading", { level: 1 })).toHaveCount(0);
  await context.close();
});

test.describe("client address", () => {
  test("comes from the connection (through the load context), never from a header the visitor sends", async ({ request, baseURL }) => {
    const email = `forged-ip.${Date.now()}.${test.info().project.name}@example.com`;
    const response = await request.post("/login", {
      form: { email, password: "Wrong-Passw0rd" },
      headers: { Origin: baseURL ?? "", "X-Client-IP": "203.0.113.66", "X-Real-IP": "203.0.113.67" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const [failed] = auditEvents({ kind: "LOGIN_FAILED", email });
    expect(failed?.ip).toBeTruthy();
    expect(failed?.ip).not.toMatch(/203\.0\.113\./);
    expect(failed?.ip).toMatch(/127\.0\.0\.1|::1/);
  });
});
