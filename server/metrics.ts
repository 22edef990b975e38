// GET /metrics for Prometheus (docs/decisions/063-metrics.md). Off unless METRICS_TOKEN is set; then it
// answers only a request that carries `Authorization: Bearer <token>`, and any other is let through to
// the app, which renders its 404 like for any address that does not exist. Answered in the server's request
// listener (server/app.ts) before the page cache and Express, like the health probes: never cached,
// never rate limited, never counted as a request.
//
// The series: requests and their durations by route (the React Router route that matched, never the raw
// address), the page cache's hits and misses, the process's own (memory, event-loop lag, labelled by
// worker), and the app's (app/platform/metrics.server.ts, through the build). Under the supervisor the
// answer sums every worker's (server/cluster-metrics.ts).
import cluster from "node:cluster";
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { clusterMetrics, reportToPrimary } from "./cluster-metrics";
import { routeLabeller, type RouteManifest } from "./route-label";
import { logFor } from "../app/platform/log.server";

const log = logFor("metrics");

export const METRICS_PATH = "/metrics";

/** METRICS_TOKEN, or undefined when metrics are off. A short one stops start-up with one line naming it. */
export function metricsToken(env = process.env): string | undefined {
  const raw = env.METRICS_TOKEN?.trim();
  if (!raw) return undefined;
  if (raw.length < 16) throw new Error("METRICS_TOKEN: must be at least 16 characters (openssl rand -hex 32 makes one)");
  return raw;
}

const statusClass = (status: number) => (status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other");
const methodLabel = (method: string | undefined) => (method === "GET" || method === "HEAD" || method === "POST" ? method : "other");
const digest = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest();

type Options = {
  token: string;
  routes?: RouteManifest;
  /** The app's series (the build's metricsRegistry); asked afresh at each scrape, as development reloads the app. */
  appRegistry: () => Promise<Registry | undefined> | Registry | undefined;
  pageCacheStats?: { hits: number; misses: number };
  setServerHeaders(res: ServerResponse, kind: "file"): void;
};

export function serverMetrics(options: Options) {
  const registry = new Registry();
  const registers = [registry];
  // Each worker's memory, event-loop lag, CPU and handles, apart: a sum of event-loop lags says nothing.
  collectDefaultMetrics({ register: registry, labels: { worker: String(process.pid) } });

  const requests = new Counter({
    name: "wealthmatch_http_requests_total",
    help: "Requests answered, by route (the React Router route id, or static, uploads, not-found), method and status class.",
    labelNames: ["route", "method", "status"] as const,
    registers,
  });
  const durations = new Histogram({
    name: "wealthmatch_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's end, by route and method.",
    labelNames: ["route", "method"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  // The page cache counts for itself (server/page-cache.ts); a scrape adds what it counted since the last.
  const cacheCounter = (name: string, help: string, read: (stats: { hits: number; misses: number }) => number) => {
    let seen = 0;
    return new Counter({
      name,
      help,
      registers,
      collect() {
        const now = options.pageCacheStats ? read(options.pageCacheStats) : 0;
        if (now > seen) this.inc(now - seen);
        seen = now;
      },
    });
  };
  cacheCounter("wealthmatch_page_cache_hits_total", "Pages answered from the page cache.", (stats) => stats.hits);
  cacheCounter("wealthmatch_page_cache_misses_total", "Cacheable pages the page cache did not hold, rendered by the app.", (stats) => stats.misses);

  const labelOf = routeLabeller(options.routes);
  const expected = digest(options.token);

  /** This process's series, as JSON (what the primary sums). */
  async function series() {
    const app = await options.appRegistry();
    return [...(await registry.getMetricsAsJSON()), ...((await app?.getMetricsAsJSON()) ?? [])];
  }
  if (cluster.isWorker) reportToPrimary(series);

  async function text() {
    if (cluster.isWorker) return clusterMetrics();
    return AggregatorRegistry.aggregate([await series()]).metrics();
  }

  function send(req: IncomingMessage, res: ServerResponse, status: number, body: string, contentType: string) {
    options.setServerHeaders(res, "file");
    res.setHeader("Cache-Control", "no-store");
    res.writeHead(status, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(body) });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  return {
    /** Counts the request under its route once its answer has gone (or its client has). */
    track(req: IncomingMessage, res: ServerResponse) {
      const started = performance.now();
      const url = req.url ?? "/";
      res.once("close", () => {
        const route = labelOf(url);
        const method = methodLabel(req.method);
        requests.inc({ route, method, status: statusClass(res.statusCode) });
        durations.observe({ route, method }, (performance.now() - started) / 1000);
      });
    },
    /** Whether this is a scrape with the right token: anything else goes on as if /metrics did not exist. */
    isScrape(req: IncomingMessage): boolean {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const url = req.url ?? "";
      if (url !== METRICS_PATH && !url.startsWith(`${METRICS_PATH}?`)) return false;
      const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "");
      // Compared as digests, in constant time: the answer's timing says nothing about the token.
      return crypto.timingSafeEqual(digest(match?.[1] ?? ""), expected) && match !== null;
    },
    answer(req: IncomingMessage, res: ServerResponse) {
      if (!req.complete) req.resume();
      text().then(
        (body) => !res.destroyed && send(req, res, 200, body, registry.contentType),
        (error: unknown) => {
          log.error({ err: error }, "metrics could not be gathered");
          if (!res.destroyed) send(req, res, 503, "metrics unavailable", "text/plain; charset=utf-8");
        },
      );
    },
  };
}
