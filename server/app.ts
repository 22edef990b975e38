// The production server's wiring as a module: the page cache's one entry point in the request listener, then
// Express with the request guards, static files, uploads and the React Router app. server.ts makes one
// per worker process; tests make their own with a stand-in for the app (`handler`).
import http from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import express, { type Express, type Request, type RequestHandler, type Response } from "express";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import type { Registry } from "prom-client";
import { requestGuards } from "./request-guards";
import { createPageCache, documentEncoding, PRIVATE, type PageCachePolicy } from "./page-cache";
import { settleHost, type TrustProxy } from "./forwarded-host";
import { DEFAULT_CONNECTIONS_PER_ADDRESS, limitConnections } from "./connection-limits";
import { healthChecks } from "./health";
import { serverMetrics } from "./metrics";
import { loggedRequest } from "./request-log";
import { routeLabeller } from "./route-label";

/** What server.ts and this module take from the app's build (app/entry.server.tsx). */
export type AppEntry = {
  startup?(): unknown;
  shutdown?(): Promise<unknown> | unknown;
  /** The site's error page for a refused request, rendered without any loader. */
  refusalPage(status: number): string;
  pageCachePolicy?: PageCachePolicy;
  /** An uploaded file by its name in /uploads/, or undefined. */
  readUpload?(name: string): Promise<{ bytes: Buffer; contentType: string } | undefined>;
  /** Resolves when no other connection holds the database's write lock. */
  writeLockFree?(): Promise<unknown>;
  /** Why the database cannot serve requests now, or undefined when it can (GET /readyz: server/health.ts). */
  databaseReadiness?(): Promise<string | undefined>;
  /** The security headers (app/platform/http/headers.server.ts). */
  HSTS: string;
  setServerHeaders(res: { setHeader(name: string, value: string): unknown }, kind: "file" | "refusal"): void;
  /** The app's own series for GET /metrics (app/platform/metrics.server.ts). */
  metricsRegistry?: Registry;
};
export type AppBuild = Omit<ServerBuild, "entry"> & { entry: { module: ServerBuild["entry"]["module"] & AppEntry } };

export type ServerOptions = {
  build: AppBuild;
  /** Where the build's client files are (BUILD_DIR/client). */
  clientDir: string;
  /** Express's `trust proxy` (TRUST_PROXY); "loopback" by default. */
  trustProxy?: string;
  /** Memory for the page cache; 0 keeps nothing (shared caches are still told what they may keep). */
  pageCacheBytes?: number;
  /** Open connections one address may hold (server/connection-limits.ts); 0 for no cap. */
  connectionsPerAddress?: number;
  /** `npm run dev`: no page cache, Vite's middleware, the build loaded afresh. */
  dev?: { middlewares: RequestHandler; loadBuild: () => Promise<ServerBuild> };
  /** METRICS_TOKEN: GET /metrics answers a request bearing it (server/metrics.ts); unset, there is no /metrics. */
  metricsToken?: string;
  /** Stands in for React Router's handler (tests). */
  handler?: RequestHandler;
  /** The page cache's own settings (tests). */
  pageCache?: { versionMs?: number; maxAgeMs?: number; now?: () => number };
};

/** How long a stopping server waits for requests in flight before it closes what is still open. */
const SHUTDOWN_GRACE_MS = 20_000;

export function createServer(options: ServerOptions) {
  const { build } = options;
  const entry = build.entry.module;
  const { HSTS, setServerHeaders } = entry;

  const app: Express = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? "loopback");
  // A rendered page comes compressed from the app (getLoadContext's documentEncoding below), which this
  // middleware leaves as it is; it compresses the rest (.data answers, resource routes). Made per
  // request, so gzip's fastest level: a fifth of the default's time for some 15% more bytes.
  app.use(compression({ level: 1 }));

  // Every security header comes from one module (app/platform/http/headers.server.ts, through the build).
  const staticHeaders = (res: http.ServerResponse) => setServerHeaders(res, "file");

  // Requests refused before the app (405, 400, 413, 415) get the site's error page, rendered without
  // running any loader or action: see server/request-guards.ts.
  function refuse(req: Request, res: Response, status: number) {
    res.status(status);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    setServerHeaders(res, "refusal");
    res.end(req.method === "HEAD" ? undefined : entry.refusalPage(status));
  }
  const guards = requestGuards(refuse);
  app.use(guards.checks);
  if (options.dev) app.use(options.dev.middlewares);

  // Public pages for anonymous visitors, from memory (server/page-cache.ts). Off in development, where
  // the code changes under it; with no room it keeps nothing but still tells shared caches what they may keep.
  const policy = entry.pageCachePolicy;
  const pageCache =
    !options.dev && policy
      ? createPageCache(policy, { maxBytes: Math.max(0, options.pageCacheBytes ?? 32 * 1024 * 1024), ...options.pageCache })
      : undefined;

  app.use((req, res, next) => {
    // Redirects from loaders and actions skip entry.server's headers, yet they depend on the session
    // (signed in or not) and may set cookies: anything that names no caching rule is never stored. An
    // anonymous visitor's public page may be cached by a shared cache in front (the page cache says which).
    const writeHead = res.writeHead as (...args: unknown[]) => http.ServerResponse;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (typeof args[0] === "number") res.statusCode = args[0];
      if (pageCache) pageCache.cacheHeaders(req, res);
      else if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", PRIVATE);
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  });

  // The build writes each script and stylesheet gzipped and brotli-compressed too (vite.config.ts): those
  // go out as they are, the best the browser takes, instead of being compressed on every request.
  app.use(
    "/assets",
    expressStaticGzip(path.join(options.clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false, setHeaders: staticHeaders },
    }),
  );
  // The public folder holds files (favicon.svg): a page's address has no extension, and looking it up on
  // disk first cost a file-system call and a thrown 404 inside the static middleware on every page view.
  const publicFiles = express.static(options.clientDir, { maxAge: "1h", index: false, setHeaders: staticHeaders });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  // /uploads: uploaded images, read from the database (app/platform/uploads/stored-files.server.ts) so
  // that every app server has them. Only generated names are ever stored; any other name is a 404
  // without a query. Every file is a WebP whose name changes when the image does: cached for a year.
  const readUpload = entry.readUpload;
  app.get(/^\/uploads\/([a-z0-9-]+\.webp)$/, (req, res, next) => {
    const name = (req.params as Record<string, string>)[0] ?? "";
    if (!readUpload) return next();
    readUpload(name).then((file) => {
      if (!file) return next();
      staticHeaders(res);
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.type(file.contentType).send(file.bytes);
    }, next);
  });
  app.use("/uploads", (_req, res) => {
    staticHeaders(res);
    res.status(404).type("text/plain").send("Not found");
  });

  // A post waits here, without holding up other requests, while another connection (a backup, the CLI,
  // another server process) holds the database's write lock; its action then runs (app/platform/db.server.ts).
  const writeLockFree = entry.writeLockFree;
  if (writeLockFree) {
    app.use((req, _res, next) => (req.method === "POST" ? writeLockFree().then(() => next(), next) : next()));
  }

  // Counts a streamed body as React Router reads it: keep it right before the handler.
  app.use(guards.countBody);
  if (pageCache) app.use(pageCache.capture);
  // The client address reaches loaders and actions through the load context (app/platform/http/client-address.server.ts):
  // Express's req.ip honours TRUST_PROXY, and no header a visitor sends can stand in for it.
  const handler =
    options.handler ??
    createRequestHandler({
      build: options.dev ? options.dev.loadBuild : (build as unknown as ServerBuild),
      mode: options.dev ? "development" : "production",
      getLoadContext: (req) => ({ clientAddress: req.ip ?? "unknown", documentEncoding: documentEncoding(req) }),
    });
  app.all(/.*/, handler);

  // The page cache's one entry point is in the request listener, before Express: the middleware chain costs
  // more than the answer itself.
  const trusted = app.get("trust proxy fn") as TrustProxy;
  /** Whether a connection's peer is a trusted proxy: asked once per connection (parsing the address costs). */
  const trustedPeers = new WeakMap<Socket, boolean>();
  function trustedPeer(socket: Socket) {
    let known = trustedPeers.get(socket);
    if (known === undefined) trustedPeers.set(socket, (known = trusted(socket.remoteAddress, 0)));
    return known;
  }
  /** What Express's req.protocol says: X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY). */
  function protocolOf(req: http.IncomingMessage) {
    const own = (req.socket as TLSSocket).encrypted ? "https" : "http";
    if (!trustedPeer(req.socket)) return own;
    const header = req.headers["x-forwarded-proto"];
    return ((typeof header === "string" && header ? header.split(",")[0] : own) ?? own).trim();
  }
  // GET /healthz and /readyz, for a load balancer: answered here, before the page cache and Express, so
  // they stay cheap and never meet the session, the rate limits or the app's caching (server/health.ts).
  let draining = false;
  const health = healthChecks({ databaseReadiness: entry.databaseReadiness, draining: () => draining, setServerHeaders });
  // GET /metrics (server/metrics.ts), only with METRICS_TOKEN set. Development reloads the app, and its series with it.
  const dev = options.dev;
  const metrics = options.metricsToken
    ? serverMetrics({
        token: options.metricsToken,
        routes: build.routes,
        pageCacheStats: pageCache?.stats,
        setServerHeaders,
        appRegistry: dev ? () => dev.loadBuild().then((b) => (b as unknown as AppBuild).entry.module.metricsRegistry) : () => entry.metricsRegistry,
      })
    : undefined;

  const routeOf = routeLabeller(build.routes);
  const server = http.createServer((req, res) => {
    // Stopping: the connection closes after this answer rather than waiting idle (see stop()).
    if (draining) res.setHeader("Connection", "close");
    // The page, and the key it is cached under, are rendered for the same host (server/forwarded-host.ts).
    settleHost(req, trusted);
    const protocol = protocolOf(req);
    const probe = health.isProbe(req);
    // Every request gets its id and its log line, a page from the cache too (server/request-log.ts).
    // A probe and a scrape are answered here, not by a route: their lines say so.
    let answeredHere: string | undefined;
    loggedRequest(req, res, trustedPeer(req.socket), probe, () => {
      if (probe) {
        answeredHere = "health";
        if (protocol === "https") res.setHeader("Strict-Transport-Security", HSTS);
        return health.answer(req, res);
      }
      if (metrics?.isScrape(req)) {
        answeredHere = "metrics";
        if (protocol === "https") res.setHeader("Strict-Transport-Security", HSTS);
        return metrics.answer(req, res);
      }
      metrics?.track(req, res);
      if (pageCache?.serve(req, res, protocol)) return;
      // HSTS, once, on everything over HTTPS: a cached page carries it from when it was rendered (its key names
      // the protocol).
      if (protocol === "https") res.setHeader("Strict-Transport-Security", HSTS);
      app(req, res);
    }, (url) => answeredHere ?? routeOf(url));
  });

  limitConnections(server, { perAddress: options.connectionsPerAddress ?? DEFAULT_CONNECTIONS_PER_ADDRESS, trusted: trustedPeer });

  // On SIGTERM (from the supervisor on a deploy or stop): no new connections; requests in flight finish
  // and their connections close once idle after their answer; keep-alive connections idle at that
  // moment are closed by server.close() itself. Idle connections are not swept again while
  // draining: Node counts a connection the primary handed over a moment before, whose request is not
  // read yet, as idle, and closing it reset that visitor's request (seen in a rolling restart under load).
  // Then mail in flight and the password-hashing threads settle. Past the grace period whatever is
  // still open is closed.
  let stopped: Promise<void> | undefined;
  // From the first moment of stopping, GET /readyz answers 503 on the connections still open, so a load
  // balancer sends nothing new here while what is in flight finishes.
  function stop(): Promise<void> {
    draining = true;
    stopped ??= new Promise<void>((resolve) => {
      const grace = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
      // A connection whose request was in flight when stopping began closes as soon as it falls idle
      // after its answer (a request already sent behind it on the connection is still answered).
      server.keepAliveTimeout = 1;
      server.close(async () => {
        clearTimeout(grace);
        await entry.shutdown?.();
        resolve();
      });
    });
    return stopped;
  }

  return { server, app, pageCache, stop };
}
