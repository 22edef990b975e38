// Production server: static files with their own headers, then the React Router app.
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import v8 from "node:v8";

// V8 lets the heap grow up to four times what survived the last full collection; under a steady load of
// rendered pages that held about 280 MB. Growing by 70% at most holds it near 180 MB for the same
// throughput (docs/decisions/028-server-memory.md). V8 reads this flag at every collection.
v8.setFlagsFromString("--heap-growing-percent=70");

// Set before React loads: it picks its development or production build on import.
process.env.NODE_ENV ??= "production";
const DEV = process.env.NODE_ENV === "development";

// In production this process only supervises (server/supervisor.mjs): it forks the workers, which run
// the rest of this file, and replaces any that dies. `npm run dev` stays one process, for Vite.
if (cluster.isPrimary && !DEV) {
  const { supervise, workerCount } = await import("./server/supervisor.mjs");
  let count;
  try {
    count = workerCount();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  await supervise(count);
}
const { default: express } = await import("express");
const { default: compression } = await import("compression");
const { default: expressStaticGzip } = await import("express-static-gzip");
const { createRequestHandler } = await import("@react-router/express");
const { requestGuards } = await import("./server/request-guards.mjs");
const { createPageCache } = await import("./server/page-cache.mjs");
const { postTurns } = await import("./server/post-turns.mjs");
const { settleHost } = await import("./server/forwarded-host.mjs");
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");

// `npm run dev` runs this same server with Vite in middleware mode (hot reload, the app compiled on
// request), so development goes through the same headers, limits and load context as production.
const vite = DEV
  ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true }, appType: "custom" }))
  : undefined;
const loadBuild = () =>
  vite ? vite.ssrLoadModule("virtual:react-router/server-build") : import(path.join(BUILD_DIR, "server/index.js"));

// A start-up failure (a bad setting, a folder or database that cannot be written) prints one line
// naming the variable and the path, and exits with code 1: no stack trace.
const stop = (error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
};
// Importing the build loads the configuration; startup checks the folders, opens the database
// (applying pending migrations and proving it takes writes) before we listen.
const build = await loadBuild().catch(stop);
await Promise.resolve()
  .then(() => build.entry.module.startup?.())
  .catch(stop);

// Public pages for anonymous visitors, from memory (server/page-cache.mjs). Off in development, where
// the code changes under it; with PAGE_CACHE_MB=0 it keeps nothing but still tells shared caches what
// they may keep.
const cacheMegabytes = Number(process.env.PAGE_CACHE_MB ?? 32);
const policy = build.entry.module.pageCachePolicy;
const pageCache = !DEV && policy ? createPageCache(policy, { maxBytes: Math.max(0, cacheMegabytes) * 1024 * 1024 }) : undefined;

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");
app.use(compression());

// Every security header comes from one module (app/platform/http/headers.server.ts, through the build).
const { HSTS, setServerHeaders } = build.entry.module;
const staticHeaders = (res) => setServerHeaders(res, "file");

// Requests refused before the app (405, 400, 413, 415) get the site's error page, drawn without
// running any loader or action: see server/request-guards.mjs.
function refuse(req, res, status) {
  res.status(status);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  setServerHeaders(res, "refusal");
  res.end(req.method === "HEAD" ? undefined : build.entry.module.refusalPage(status));
}
const guards = requestGuards(refuse);
app.use(guards.checks);
if (vite) app.use(vite.middlewares);

app.use((req, res, next) => {
  // Redirects from loaders and actions skip entry.server's headers, yet they depend on the session
  // (signed in or not) and may set cookies: anything that names no caching rule is never stored.
  // An anonymous visitor's public page may be kept by a shared cache in front (the page cache says which).
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    if (typeof args[0] === "number") res.statusCode = args[0];
    if (pageCache) pageCache.cacheHeaders(req, res);
    else if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "private, no-store");
    return writeHead.apply(this, args);
  };
  next();
});


// The build writes each script and stylesheet gzipped and brotli-compressed too (vite.config.ts): those
// go out as they are, the best the browser takes, instead of being compressed on every request.
app.use(
  "/assets",
  expressStaticGzip(path.join(BUILD_DIR, "client/assets"), {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { immutable: true, maxAge: "1y", index: false, setHeaders: staticHeaders },
  }),
);
// The public folder holds files (favicon.svg): a page's address has no extension, and looking it up on
// disk first cost a file-system call and a thrown 404 inside the static middleware on every page view.
const publicFiles = express.static(path.join(BUILD_DIR, "client"), { maxAge: "1h", index: false, setHeaders: staticHeaders });
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

// ---- /uploads: featured images and profile photos ----
// Only generated names (app/platform/uploads/images.server.ts) are ever written here. express.static resolves the
// path inside UPLOADS_DIR and refuses "..", dotfiles and directory listings; every file is a WebP
// whose name changes when the image does, so it may be cached for a year.
const UPLOADS_DIR = path.resolve(process.env.UPLOADS_DIR ?? "uploads");
app.use(
  "/uploads",
  express.static(UPLOADS_DIR, {
    index: false,
    redirect: false,
    dotfiles: "ignore",
    setHeaders: (res) => {
      staticHeaders(res);
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    },
  }),
);
app.use("/uploads", (_req, res) => {
  staticHeaders(res);
  res.status(404).type("text/plain").send("Not found");
});
// ---- end /uploads ----

// Posts are let in one per turn of the event loop, so a burst of sign-ins cannot hold the pages behind
// it; before the lock check, so a post checks the lock when its turn comes, not when it arrived.
app.use(postTurns);

// A post waits here, without holding up other requests, while another connection (a backup, the CLI,
// another server process) holds the database's write lock; its action then runs (app/platform/db.server.ts).
const writeLockFree = build.entry.module.writeLockFree;
if (writeLockFree) {
  app.use((req, _res, next) => (req.method === "POST" ? writeLockFree().then(() => next(), next) : next()));
}

// Counts a streamed body as React Router reads it: keep it right before the handler.
app.use(guards.countBody);
if (pageCache) app.use(pageCache.capture);
// The client address reaches loaders and actions through the load context (app/platform/http/client-address.server.ts):
// Express's req.ip honours TRUST_PROXY, and no header a visitor sends can stand in for it.
const getLoadContext = (req) => ({ clientAddress: req.ip ?? "unknown" });
app.all(/.*/, createRequestHandler({ build: vite ? loadBuild : build, mode: process.env.NODE_ENV, getLoadContext }));

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
// The page cache's one door is here, before Express: the middleware chain costs more than the answer itself.
const trusted = app.get("trust proxy fn");
/** Whether a connection's peer is a trusted proxy: asked once per connection (parsing the address costs). */
const trustedPeers = new WeakMap();
function trustedPeer(socket) {
  let known = trustedPeers.get(socket);
  if (known === undefined) trustedPeers.set(socket, (known = trusted(socket.remoteAddress, 0)));
  return known;
}
/** What Express's req.protocol says: X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY). */
function protocolOf(req) {
  const own = req.socket.encrypted ? "https" : "http";
  if (!trustedPeer(req.socket)) return own;
  const header = req.headers["x-forwarded-proto"];
  return (typeof header === "string" && header ? header.split(",")[0] : own).trim();
}
const server = http.createServer((req, res) => {
  // The page, and the key it is kept under, are drawn for the same host (server/forwarded-host.mjs).
  settleHost(req, trusted);
  const protocol = protocolOf(req);
  if (pageCache?.door(req, res, protocol)) return;
  // HSTS, once, on everything over HTTPS: a kept page carries it from when it was drawn (its key names
  // the protocol).
  if (protocol === "https") res.setHeader("Strict-Transport-Security", HSTS);
  app(req, res);
});
server.listen(port, host, () => {
  console.log(`WealthMatch listening on http://localhost:${port}${cluster.isWorker ? ` (worker ${process.pid})` : ""}`);
});
// SIGTERM (from the supervisor on a deploy or stop): no new connections; requests in flight finish and
// their keep-alive connections close as they fall idle (a client would otherwise hold the process open
// for the keep-alive timeout, or have a request cut off); then mail in flight and the password-hashing
// threads settle. Past the grace period whatever is still open is closed.
const SHUTDOWN_GRACE_MS = 20_000;
let stopping = false;
function stopServing() {
  if (stopping) return;
  stopping = true;
  server.close(async () => {
    await build.entry.module.shutdown?.();
    process.exit(0);
  });
  setInterval(() => server.closeIdleConnections(), 50).unref();
  setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
}
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, stopServing);
