// One log line per request (server/request-log.ts) through the production server's wiring (server/app.ts)
// around a stand-in for the app: its request id, from a trusted proxy or made, in the response and in
// every line logged while the request runs.
import crypto from "node:crypto";
import os from "node:os";
import { setTimeout as delay } from "node:timers/promises";
import type { AddressInfo } from "node:net";
import type express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createServer, type AppBuild } from "../../server/app";
import { HSTS, setServerHeaders } from "~/platform/http/headers.server";
import { logFor } from "~/platform/log.server";
import type { PageCachePolicy } from "../../server/page-cache";
import { captureLogs, type LogLine } from "./support/logs";

const appLog = logFor("stand-in");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Caches /cached (a page the cache may store), nothing else. */
const policy: PageCachePolicy = {
  cachedQueryParams: (p: string) => (p === "/cached" ? [] : null),
  bypassCookies: ["wm_session"],
  contentVersion: () => 1,
  sharedCacheControl: () => "public, max-age=60",
};

// The stand-in app logs from inside the request, after an await, as a loader or an action would.
const app: express.RequestHandler = (req, res) => {
  void delay(5).then(() => {
    appLog.info({ step: "loader" }, "the app at work");
    const nonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(`<p>${req.path}</p><script nonce="${nonce}"></script>`);
  });
};

// A route manifest as the build has it: the stand-in app answers every address, the log names the route.
const ROUTES = {
  root: { id: "root", path: "" },
  "routes/some.$slug": { id: "routes/some.$slug", parentId: "root", path: "some/:slug" },
};

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(trustProxy?: string, metricsToken?: string) {
  const logs = captureLogs();
  cleanups.push(logs.restore);
  const { server, stop } = createServer({
    build: { routes: ROUTES, entry: { module: { pageCachePolicy: policy, refusalPage: (status: number) => `<p>refused ${status}</p>`, HSTS, setServerHeaders } } } as unknown as AppBuild,
    clientDir: os.tmpdir(),
    trustProxy,
    metricsToken,
    handler: app,
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  cleanups.push(stop);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const requestLines = () => logs.lines().filter((line) => line.msg === "request");
  /** The request line for an id, once the response has closed. */
  const lineFor = async (id: string) => {
    for (let i = 0; i < 100 && !requestLines().some((line) => line.requestId === id); i++) await delay(10);
    return requestLines().find((line) => line.requestId === id);
  };
  return { base, logs, lineFor };
}

describe("the request log", () => {
  it("takes X-Request-Id from a trusted proxy, answers with it and logs one line with it", async () => {
    // 127.0.0.1 is the proxy here: TRUST_PROXY's default trusts loopback.
    const { base, logs, lineFor } = await serve();
    const res = await fetch(`${base}/some/page?token=s3cret-token&page=2`, { headers: { "X-Request-Id": "abc-123" } });
    expect(res.headers.get("x-request-id")).toBe("abc-123");
    const line = await lineFor("abc-123");
    // The route it matched, not only its address: lines for every blog post group under one name.
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/some/page", route: "routes/some.$slug", status: 200, pid: process.pid });
    expect(line?.ms).toBeGreaterThan(0);
    // What the app logged while serving it carries the same id.
    expect(logs.lines()).toContainEqual(expect.objectContaining({ part: "stand-in", step: "loader", requestId: "abc-123" }));
    // Never the query string, which may carry a token.
    expect(logs.text()).not.toContain("s3cret-token");
    expect(logs.text()).not.toContain("page=2");
  });

  it("ignores X-Request-Id from anyone else and makes an id, returned and logged", async () => {
    const { base, logs, lineFor } = await serve("192.0.2.10");
    const res = await fetch(`${base}/other`, { headers: { "X-Request-Id": "abc-123" } });
    const made = res.headers.get("x-request-id") ?? "";
    expect(made).toMatch(UUID);
    expect(await lineFor(made)).toMatchObject({ method: "GET", path: "/other", route: "not-found", status: 200 });
    expect(logs.lines()).toContainEqual(expect.objectContaining({ step: "loader", requestId: made }));
    expect(logs.text()).not.toContain("abc-123");
  });

  it("makes an id when a trusted proxy sends none, or one that is not an id", async () => {
    const { base } = await serve();
    expect((await fetch(`${base}/a`)).headers.get("x-request-id")).toMatch(UUID);
    const odd = await fetch(`${base}/a`, { headers: { "X-Request-Id": `x"${"y".repeat(300)}` } });
    expect(odd.headers.get("x-request-id")).toMatch(UUID);
  });

  it("gives a page from the page cache the id of the request it answers, not the one that drew it", async () => {
    const { base, logs, lineFor } = await serve();
    const first = await fetch(`${base}/cached`, { headers: { "X-Request-Id": "first-1" } });
    await first.text();
    const second = await fetch(`${base}/cached`, { headers: { "X-Request-Id": "second-2" } });
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("x-request-id")).toBe("second-2");
    expect(await lineFor("second-2")).toMatchObject({ path: "/cached", status: 200 });
    // Answered from memory: the app logged only for the first.
    expect(logs.lines().filter((line: LogLine) => line.step === "loader").map((line) => line.requestId)).toEqual(["first-1"]);
  });

  it("names a scrape of /metrics as such, and a /metrics without the token as the page not found it gets", async () => {
    const token = "a-metrics-token-of-32-characters";
    const { base, lineFor } = await serve(undefined, token);
    const scrape = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}`, "X-Request-Id": "scrape-1" } });
    expect(scrape.status).toBe(200);
    await scrape.text();
    expect(await lineFor("scrape-1")).toMatchObject({ path: "/metrics", route: "metrics", status: 200 });
    await (await fetch(`${base}/metrics`, { headers: { "X-Request-Id": "guess-1" } })).text();
    expect(await lineFor("guess-1")).toMatchObject({ path: "/metrics", route: "not-found" });
  });

  it("logs /healthz and /readyz at debug only", async () => {
    const { base, logs } = await serve();
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    await fetch(`${base}/plain-page`).then((r) => r.text());
    await delay(50);
    expect(logs.lines().filter((line) => line.msg === "request").map((line) => line.path)).toEqual(["/plain-page"]);
  });
});
