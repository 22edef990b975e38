import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { createUser, freePort, signIn, startCachingProxy, startOwnServer, uniqueEmail, type CachingProxy, type OwnServer, jsOn } from "./support";

// A shared cache in front of the site (docs/decisions/032-page-cache-plain-bytes.md): Debian's nginx
// with proxy_cache, started here, keeps the public pages an anonymous visitor gets, as their
// `Cache-Control: public, s-maxage=N, stale-while-revalidate=M` allows; a signed-in visitor and one with
// a flash message get pages of their own, never the anonymous copy (`Vary: Cookie`, and their pages are
// `private, no-store`). The proxy's configuration has no rule for the site's cookies: the app's headers
// alone do it.

const statusOf = (res: APIResponse) => res.headers()["x-cache-status"];
const SIGN_OUT = /<button[^>]*>\s*Sign Out\s*<\/button>/;

test.describe("through a caching proxy (nginx proxy_cache)", () => {
  test.skip(() => !jsOn(), "an HTTP-level check: running it once is enough");

  let own: OwnServer;
  let proxy: CachingProxy;
  const contexts: APIRequestContext[] = [];
  const visitor = async () => {
    const context = await playwrightRequest.newContext({ baseURL: proxy.url });
    contexts.push(context);
    return context;
  };

  test.beforeAll(async () => {
    // The proxy's address is the site's public one: every absolute link names it.
    const port = await freePort();
    own = await startOwnServer({ PUBLIC_URL: `http://127.0.0.1:${port}` });
    proxy = await startCachingProxy(own.baseURL, port);
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.dispose();
    await proxy?.stop();
    await own?.stop();
  });

  test("an anonymous visitor's page is cached by the proxy and served from it", async () => {
    const anonymous = await visitor();
    const first = await anonymous.get("/about");
    expect(first.status()).toBe(200);
    expect(first.headers()["cache-control"]).toBe("public, s-maxage=60, stale-while-revalidate=300");
    expect(first.headers()["vary"]).toMatch(/Cookie/);
    await expect.poll(async () => statusOf(await anonymous.get("/about"))).toBe("HIT");
    // Page data for the client's navigation too.
    await anonymous.get("/about.data?_routes=root,routes/about");
    await expect.poll(async () => statusOf(await anonymous.get("/about.data?_routes=root,routes/about"))).toBe("HIT");
  });

  test("a signed-in visitor gets their own page, never the anonymous copy", async () => {
    const anonymous = await visitor();
    await expect.poll(async () => statusOf(await anonymous.get("/services"))).toBe("HIT");
    const cached = await (await anonymous.get("/services")).text();
    expect(cached).not.toMatch(SIGN_OUT);

    const password = "Passw0rd!Proxy";
    const user = await createUser({ email: uniqueEmail("proxy-client"), password, role: "client" }, own);
    const member = await visitor();
    const signIn = await member.post("/login", { form: { email: user.email, password }, headers: { Origin: proxy.url }, maxRedirects: 0 });
    expect([302, 303]).toContain(signIn.status());
    for (let i = 0; i < 3; i++) {
      const res = await member.get("/services");
      expect(res.status()).toBe(200);
      expect(statusOf(res)).not.toBe("HIT");
      expect(res.headers()["cache-control"]).toBe("private, no-store");
      expect(await res.text()).toMatch(SIGN_OUT);
    }
    // And nothing of theirs was cached for the next anonymous visitor.
    const after = await anonymous.get("/services");
    expect(await after.text()).not.toMatch(SIGN_OUT);
  });

  test("a visitor with a flash message gets it, not the anonymous copy", async () => {
    const anonymous = await visitor();
    await expect.poll(async () => statusOf(await anonymous.get("/"))).toBe("HIT");

    const password = "Passw0rd!Proxy";
    const user = await createUser({ email: uniqueEmail("proxy-flash"), password, role: "client" }, own);
    const member = await visitor();
    await member.post("/login", { form: { email: user.email, password }, headers: { Origin: proxy.url }, maxRedirects: 0 });
    // Signing out leaves no session, only the flash cookie the home page shows once.
    const signOut = await member.post("/logout", { form: {}, headers: { Origin: proxy.url }, maxRedirects: 0 });
    expect([302, 303]).toContain(signOut.status());
    expect(signOut.headers()["set-cookie"] ?? "").toMatch(/wm_toast=/);
    const home = await member.get("/");
    expect(statusOf(home)).not.toBe("HIT");
    expect(home.headers()["cache-control"]).toBe("private, no-store");
    expect(await home.text()).toContain("You have been signed out. See you soon.");
    // The anonymous copy stays what it was.
    const cached = await anonymous.get("/");
    expect(statusOf(cached)).toBe("HIT");
    expect(await cached.text()).not.toContain("You have been signed out");
  });

  test("the times are the admin's to set: the next page rendered names them", async ({ browser }) => {
    const password = "Passw0rd!Proxy";
    const admin = await createUser({ email: uniqueEmail("proxy-admin"), password, role: "admin" }, own);
    const context = await browser.newContext({ baseURL: proxy.url });
    try {
      const page = await context.newPage();
      await signIn(page, admin.email, password, { path: "/admin/login", waitForLanding: true });
      await page.goto("/admin/settings");
      await page.getByLabel("Keep for (seconds)").fill("-5");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText("Shared cache time cannot be negative")).toBeVisible();
      await page.getByLabel("Keep for (seconds)").fill("120");
      await page.getByLabel("Serve stale while refreshing (seconds)").fill("30");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText("Settings saved successfully", { exact: true })).toBeVisible();
      // A page the proxy has not cached yet, so the answer is the app's own.
      const res = await (await visitor()).get("/careers");
      expect(res.headers()["cache-control"]).toBe("public, s-maxage=120, stale-while-revalidate=30");
    } finally {
      await context.close();
    }
  });

  test("what is never public is never cached: the sign-in page, member pages", async () => {
    const anonymous = await visitor();
    for (const path of ["/login", "/contact", "/client-welcome"]) {
      for (let i = 0; i < 2; i++) {
        const res = await anonymous.get(path, { maxRedirects: 0 });
        expect(statusOf(res), path).not.toBe("HIT");
        expect(res.headers()["cache-control"], path).toBe("private, no-store");
      }
    }
  });
});
