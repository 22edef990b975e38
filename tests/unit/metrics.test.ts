// GET /metrics (server/metrics.ts, server/cluster-metrics.ts, app/platform/metrics.server.ts) through the
// production server's wiring (server/app.ts) around a stand-in for the app; then under the real
// supervisor with two workers, whose counts the answer sums.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createServer, type AppBuild } from "../../server/app";
import { metricsToken } from "../../server/metrics";
import { HSTS, setServerHeaders } from "~/platform/http/headers.server";
import { metricsRegistry } from "~/platform/metrics.server";
import { consume, type Limit } from "~/platform/rate-limit.server";
import { asStorageFailure } from "~/platform/storage-failure.server";
import { enqueueJob, registerJob, runDueJobs } from "~/platform/jobs.server";
import { sendMail } from "~/platform/mail.server";
import { verifySignIn } from "~/features/auth/sign-in.server";
import { formRequest, fromAddress, requestArgs } from "./helpers";
import { onPostgres } from "./engine";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TOKEN = "a-long-metrics-token-for-tests-0123456789";
const ROUTES = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/blog.$slug": { id: "routes/blog.$slug", parentId: "root", path: "blog/:slug" },
};

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** A page cache policy that keeps every page. */
const keepEverything = {
  cachedQueryParams: () => [],
  bypassCookies: ["__session"],
  contentVersion: () => 1,
  sharedCacheControl: () => "public, max-age=300",
};

/** The server with a stand-in app: its two routes answer 200, any other address 404, as the app does. */
async function serve(metricsToken: string | undefined) {
  const reached: string[] = [];
  const { server, stop } = createServer({
    build: {
      routes: ROUTES,
      entry: { module: { refusalPage: (status: number) => `refused ${status}`, HSTS, setServerHeaders, pageCachePolicy: keepEverything, metricsRegistry } },
    } as unknown as AppBuild,
    clientDir: os.tmpdir(),
    metricsToken,
    handler: (req, res) => {
      reached.push(req.url ?? "");
      const known = req.path === "/" || /^\/blog\/[^/]+$/.test(req.path);
      res.status(known ? 200 : 404).type("text/html").send(known ? "a page" : "Page not found");
    },
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  stops.push(stop);
  return { port: (server.address() as AddressInfo).port, reached };
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
function request(port: number, target: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A fresh connection each time, so that under the cluster the primary hands them to the workers in turn.
    const req = http.request({ host: "127.0.0.1", port, path: target, method, headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
const scrape = (port: number) => request(port, "/metrics", { Authorization: `Bearer ${TOKEN}` });

/** The value of one series in Prometheus text (0 when absent): `name{labels} value`. */
function valueOf(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
const blogViews = 'wealthmatch_http_requests_total{route="routes/blog.$slug",method="GET",status="2xx"}';

describe("METRICS_TOKEN", () => {
  it("is off when unset or blank, and a short one stops start-up with one line naming it", () => {
    expect(metricsToken({})).toBeUndefined();
    expect(metricsToken({ METRICS_TOKEN: "  " })).toBeUndefined();
    expect(metricsToken({ METRICS_TOKEN: ` ${TOKEN} ` })).toBe(TOKEN);
    expect(() => metricsToken({ METRICS_TOKEN: "secret" })).toThrow(/^METRICS_TOKEN: must be at least 16 characters/);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("does not exist: the app answers it as it answers any unknown address, even with a token", async () => {
    const { port, reached } = await serve(undefined);
    const unknown = await request(port, "/no-such-page");
    const metrics = await request(port, "/metrics", { Authorization: `Bearer ${TOKEN}` });
    expect(metrics.status).toBe(404);
    expect(metrics.body).toBe(unknown.body);
    expect(reached).toEqual(["/no-such-page", "/metrics"]);
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  it("answers 404 like an unknown address without the token, with a wrong one, or with the token not as a Bearer", async () => {
    const { port, reached } = await serve(TOKEN);
    const unknown = await request(port, "/no-such-page");
    for (const headers of [{} as Record<string, string>, { Authorization: "Bearer wrong-token-of-some-length" }, { Authorization: `Bearer ${TOKEN}x` }, { Authorization: TOKEN }, { Authorization: `Basic ${TOKEN}` }]) {
      const answer = await request(port, "/metrics", headers);
      expect(answer.status, JSON.stringify(headers)).toBe(404);
      expect(answer.body).toBe(unknown.body);
      expect(answer.headers["content-type"]).toBe(unknown.headers["content-type"]);
    }
    expect(reached.filter((url) => url === "/metrics")).toHaveLength(5);
  });

  it("answers the token with every series as Prometheus text, never cached and never reaching the app", async () => {
    const { port, reached } = await serve(TOKEN);
    const answer = await scrape(port);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8$/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(answer.headers["x-page-cache"]).toBeUndefined();
    const names = [
      "wealthmatch_http_requests_total",
      "wealthmatch_http_request_duration_seconds",
      "wealthmatch_page_cache_hits_total",
      "wealthmatch_page_cache_misses_total",
      "wealthmatch_jobs_run_total",
      "wealthmatch_job_lag_seconds",
      "wealthmatch_jobs_waiting",
      "wealthmatch_mail_sending",
      "wealthmatch_mail_failures_total",
      "wealthmatch_storage_refusals_total",
      "wealthmatch_rate_limit_refusals_total",
      "wealthmatch_sign_in_failures_total",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
      "nodejs_eventloop_lag_seconds",
      ...(onPostgres ? ["wealthmatch_db_pool_connections", "wealthmatch_db_pool_idle_connections", "wealthmatch_db_pool_waiting_queries"] : []),
    ];
    for (const name of names) expect(answer.body, name).toContain(`# TYPE ${name} `);
    expect(answer.body).toContain(`process_resident_memory_bytes{worker="${process.pid}"}`);
    if (!onPostgres) expect(answer.body).not.toContain("wealthmatch_db_pool");
    // Scraped many times: always answered, never refused or cached, never seen by the app.
    for (let i = 0; i < 60; i++) expect((await scrape(port)).status).toBe(200);
    const head = await request(port, "/metrics", { Authorization: `Bearer ${TOKEN}` }, "HEAD");
    expect(head).toMatchObject({ status: 200, body: "" });
    expect(reached).toEqual([]);
  });

  it("counts a page view under its route, never its address, and the page cache's misses and hits", async () => {
    const { port } = await serve(TOKEN);
    const before = (await scrape(port)).body;
    expect((await request(port, "/blog/first-post")).status).toBe(200);
    expect((await request(port, "/blog/second-post?utm=x")).status).toBe(200);
    expect((await request(port, "/blog/first-post")).headers["x-page-cache"]).toBe("hit");
    expect((await request(port, "/blog/first-post.data")).status).toBe(200);
    expect((await request(port, "/no/such/page")).status).toBe(404);
    expect((await request(port, "/favicon.svg")).status).toBe(404);
    const after = (await scrape(port)).body;
    expect(valueOf(after, blogViews) - valueOf(before, blogViews)).toBe(4);
    const notFound = 'wealthmatch_http_requests_total{route="not-found",method="GET",status="4xx"}';
    expect(valueOf(after, notFound) - valueOf(before, notFound)).toBe(1);
    const files = 'wealthmatch_http_requests_total{route="static",method="GET",status="4xx"}';
    expect(valueOf(after, files) - valueOf(before, files)).toBe(1);
    expect(valueOf(after, 'wealthmatch_http_request_duration_seconds_count{route="routes/blog.$slug",method="GET"}')).toBeGreaterThanOrEqual(4);
    expect(valueOf(after, "wealthmatch_page_cache_hits_total") - valueOf(before, "wealthmatch_page_cache_hits_total")).toBe(1);
    expect(valueOf(after, "wealthmatch_page_cache_misses_total") - valueOf(before, "wealthmatch_page_cache_misses_total")).toBeGreaterThanOrEqual(2);
    expect(after).not.toContain("first-post");
    expect(after).not.toContain("/no/such/page");
    // The scrapes themselves are not requests it counts.
    expect(after).not.toContain('route="metrics"');
  });

  it("moves the app's own series: a rate-limit refusal, a storage refusal, a failed sign-in, a failed job, a mail", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { port } = await serve(TOKEN);
    const before = (await scrape(port)).body;

    const limit: Limit = { bucket: "metrics-test", max: 1, windowMs: 60_000 };
    expect((await consume(limit, "someone")).allowed).toBe(true);
    expect((await consume(limit, "someone")).allowed).toBe(false);
    asStorageFailure(Object.assign(new Error("disk full"), { code: "SQLITE_FULL" }));
    const credentials = { email: `nobody-${Date.now()}@example.com`, password: "Not-The-Password-1" };
    const signIn = await verifySignIn(requestArgs(fromAddress(formRequest("/login", credentials), "10.9.9.9")), credentials.email, "site");
    expect(signIn).toMatchObject({ ok: false, code: "invalid_credentials" });
    registerJob("metrics-test", async () => {
      throw new Error("always fails");
    });
    await enqueueJob("metrics-test", `metrics-test-${Date.now()}`, new Date(Date.now() - 5_000));
    // Not due for an hour: waiting, the mail queue's and the backlog's depth.
    await enqueueJob("metrics-test-later-mail", `metrics-test-later-${Date.now()}`, new Date(Date.now() + 3_600_000));
    await runDueJobs("metrics-test-owner");
    await sendMail({ to: "someone@example.com", subject: "Hello", text: "Hello" });

    const after = (await scrape(port)).body;
    const moved = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(moved('wealthmatch_rate_limit_refusals_total{bucket="metrics-test"}')).toBe(1);
    expect(moved('wealthmatch_storage_refusals_total{code="SQLITE_FULL"}')).toBe(1);
    expect(moved('wealthmatch_sign_in_failures_total{reason="invalid_credentials"}')).toBe(1);
    expect(moved('wealthmatch_jobs_run_total{kind="metrics-test",result="retry"}')).toBe(1);
    expect(moved("wealthmatch_job_lag_seconds_count")).toBeGreaterThanOrEqual(1);
    // The failed job waits for its retry, the later one for its time.
    expect(valueOf(after, 'wealthmatch_jobs_waiting{kind="metrics-test"}')).toBe(1);
    expect(valueOf(after, 'wealthmatch_jobs_waiting{kind="metrics-test-later-mail"}')).toBe(1);
    expect(valueOf(after, 'wealthmatch_job_lag_seconds_bucket{le="1"}')).toBeLessThan(valueOf(after, 'wealthmatch_job_lag_seconds_bucket{le="+Inf"}'));
    // Sent and settled: nothing left in the queue, nothing failed.
    expect(valueOf(after, "wealthmatch_mail_sending")).toBe(0);
    expect(moved("wealthmatch_mail_failures_total")).toBe(0);
  });
});

describe("GET /metrics under the supervisor", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-metrics-cluster-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("sums both workers' counts, and shows each worker's memory apart", async () => {
    const primary = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "tests/unit/support/metrics-cluster.mjs")], {
      env: { ...process.env, FIXTURE_DIR: dir, METRICS_TOKEN: TOKEN },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    primary.stdout.on("data", (c: Buffer) => (output += c.toString()));
    primary.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => primary.once("exit", (code) => resolve(code)));
    try {
      // Workers start one after another, each once the one before listens (a busy machine takes seconds).
      const listening = () => fs.readdirSync(dir).filter((name) => name.startsWith("listening-"));
      await vi.waitFor(() => expect(listening()).toHaveLength(2), { timeout: 60_000, interval: 100 });
      const ports = new Set(listening().map((name) => fs.readFileSync(path.join(dir, name), "utf8")));
      expect(ports.size).toBe(1);
      const port = Number([...ports][0]);
      // The primary hands each new connection to the next worker.
      const servedBy = new Map<string, number>();
      const views = 10;
      for (let i = 0; i < views; i++) {
        const page = await request(port, `/blog/post-${i}`);
        expect(page.status).toBe(200);
        servedBy.set(page.body, (servedBy.get(page.body) ?? 0) + 1);
      }
      expect([...servedBy.keys()].sort()).toEqual(listening().map((name) => name.slice("listening-".length)).sort());
      const answer = await scrape(port);
      expect(answer.status).toBe(200);
      expect(valueOf(answer.body, blogViews)).toBe(views);
      for (const pid of servedBy.keys()) expect(answer.body).toContain(`process_resident_memory_bytes{worker="${pid}"}`);
      expect(valueOf(answer.body, 'wealthmatch_workers_reporting{state="answered"}')).toBe(2);
      expect(valueOf(answer.body, 'wealthmatch_workers_reporting{state="silent"}')).toBe(0);
      // Without the token /metrics is any address: the stand-in app answers it.
      expect(servedBy.has((await request(port, "/metrics")).body)).toBe(true);
      primary.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      primary.kill("SIGKILL");
    }
  }, 90_000);
});
