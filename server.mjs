// Production server: static files with their own headers, then the React Router app.
import path from "node:path";

// Set before React loads: it picks its development or production build on import.
process.env.NODE_ENV ??= "production";
const { default: express } = await import("express");
const { default: compression } = await import("compression");
const { createRequestHandler } = await import("@react-router/express");
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const DEV = process.env.NODE_ENV === "development";

// `npm run dev` runs this same server with Vite in middleware mode (hot reload, the app compiled on
// request), so development goes through the same headers, limits and load context as production.
const vite = DEV
  ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true }, appType: "custom" }))
  : undefined;
const loadBuild = () =>
  vite ? vite.ssrLoadModule("virtual:react-router/server-build") : import(path.join(BUILD_DIR, "server/index.js"));

// Importing the build loads the configuration (a bad value stops here with a message)
// and opens the database, which applies pending migrations before we listen.
const build = await loadBuild().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
await build.entry.module.startup?.();

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");
app.use(compression());

const staticHeaders = (res) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
};
app.use((req, res, next) => {
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  // Redirects from loaders and actions skip entry.server's headers, yet they depend on the session
  // (signed in or not) and may set cookies: anything that names no caching rule is never stored.
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "private, no-store");
    return writeHead.apply(this, args);
  };
  next();
});
if (vite) app.use(vite.middlewares);
app.use(
  "/assets",
  express.static(path.join(BUILD_DIR, "client/assets"), { immutable: true, maxAge: "1y", index: false, setHeaders: staticHeaders }),
);
app.use(express.static(path.join(BUILD_DIR, "client"), { maxAge: "1h", index: false, setHeaders: staticHeaders }));

// The client address reaches loaders and actions through the load context (app/http/client-address.server.ts):
// Express's req.ip honours TRUST_PROXY, and no header a visitor sends can stand in for it.
const getLoadContext = (req) => ({ clientAddress: req.ip ?? "unknown" });
app.all(/.*/, createRequestHandler({ build: vite ? loadBuild : build, mode: process.env.NODE_ENV, getLoadContext }));

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const server = app.listen(port, host, () => {
  console.log(`WealthMatch listening on http://localhost:${port}`);
});
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
