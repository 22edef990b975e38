// Production server: static files with their own headers, then the React Router app.
import path from "node:path";

// Set before React loads: it picks its development or production build on import.
process.env.NODE_ENV ??= "production";
const { default: express } = await import("express");
const { default: compression } = await import("compression");
const { createRequestHandler } = await import("@react-router/express");
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const BUILD = path.join(BUILD_DIR, "server/index.js");

// Importing the build loads the configuration (a bad value stops here with a message)
// and opens the database, which applies pending migrations before we listen.
const build = await import(BUILD).catch((error) => {
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
  // The app reads the client address from this header; never trust a value sent from outside.
  req.headers["x-client-ip"] = req.ip ?? "unknown";
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
app.use(
  "/assets",
  express.static(path.join(BUILD_DIR, "client/assets"), { immutable: true, maxAge: "1y", index: false, setHeaders: staticHeaders }),
);
app.use(express.static(path.join(BUILD_DIR, "client"), { maxAge: "1h", index: false, setHeaders: staticHeaders }));

// ---- /uploads: featured images (issue 8) ----
// Only generated names (app/blog/images.server.ts) are ever written here. express.static resolves the
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

app.all(/.*/, createRequestHandler({ build, mode: process.env.NODE_ENV }));

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const server = app.listen(port, host, () => {
  console.log(`WealthMatch listening on http://localhost:${port}`);
});
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
