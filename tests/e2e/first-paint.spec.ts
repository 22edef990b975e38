import { expect, test } from "@playwright/test";
import { checkedOnce, expectArrived, jsOn } from "./support";

// What a first visit downloads before the page can paint (docs/decisions/026, 027 and 069): the
// stylesheet first, ahead of the script preloads React Router writes, scripts and stylesheet precompressed.


test("the home page asks for its stylesheet before its fonts and scripts; it still comes alive", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: jsOn() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const res = await page.goto("/");
  const html = (await res?.text()) ?? "";
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
  expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('rel="preload"'));
  expect(head.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('rel="modulepreload"'));
  // Styled: the brand's sans-serif is the body's font.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain("Inter");
  if (jsOn()) {
    // Hydrated: a client-side navigation (no document request) to another page.
    const documents: string[] = [];
    page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
    // Through the header's nav, a router link (the footer's are plain links, docs/decisions/069).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true }).click();
    // Arrived, so errors from rendering the about page count too.
    await expectArrived(page, /\/about$/, page.getByRole("heading", { level: 1, name: "The most important introductions, made well" }));
    expect(documents).toEqual([]);
  }
  expect(errors).toEqual([]);
  await context.close();
});

test("scripts and the stylesheet go out precompressed, brotli when the browser takes it", async ({ request }) => {
  checkedOnce();
  const html = await (await request.get("/")).text();
  const assets = [...html.matchAll(/(?:href|from) ?=?"(\/assets\/[^"]+\.(?:css|js))"/g)].map((m) => m[1] ?? "");
  expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
  expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
  for (const asset of assets) {
    const br = await request.get(asset, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.status()).toBe(200);
    expect(br.headers()["content-encoding"]).toBe("br");
    expect(br.headers()["cache-control"]).toContain("immutable");
    const gzip = await request.get(asset, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    // Playwright hands back the decoded body: the same file either way.
    expect((await gzip.body()).equals(await br.body())).toBe(true);
  }
});

test("a page rendered for this request goes out compressed in one piece, with its length: brotli, else gzip", async ({ request }) => {
  checkedOnce();
  // The sign-in page carries a form token of its own: the page cache never keeps it (docs/decisions/046).
  const br = await request.get("/login", { headers: { "accept-encoding": "gzip, deflate, br" } });
  const gzip = await request.get("/login", { headers: { "accept-encoding": "gzip, deflate" } });
  const plain = await request.get("/login", { headers: { "accept-encoding": "identity" } });
  for (const [res, coding] of [[br, "br"], [gzip, "gzip"]] as const) {
    expect(res.status()).toBe(200);
    expect(res.headers()["x-page-cache"]).toBeUndefined();
    expect(res.headers()["content-encoding"]).toBe(coding);
    expect(res.headers()["vary"]).toContain("Accept-Encoding");
    expect(Number(res.headers()["content-length"])).toBeGreaterThan(1000);
    expect(res.headers()["transfer-encoding"]).toBeUndefined();
  }
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  // Playwright hands back the decoded body: the whole page either way.
  for (const res of [br, gzip, plain]) {
    const html = await res.text();
    expect(html).toContain('method="post"');
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  }
});
