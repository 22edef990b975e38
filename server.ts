// Production server (`npm start`, `node --import tsx server.ts`): a supervisor forks the workers, each of
// which loads the build and serves it (server/app.ts). `npm run dev` runs one process with Vite.
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import type { ServerBuild } from "react-router";
import type { AppBuild } from "./server/app";
import { log } from "./app/platform/log.server";

// V8 lets the heap grow up to four times what survived the last full collection; under a steady load of
// rendered pages that held about 280 MB. Growing by 70% at most holds it near 180 MB for the same
// throughput (docs/decisions/028-server-memory.md). V8 reads this flag at every collection.
v8.setFlagsFromString("--heap-growing-percent=70");

// Set before React loads: it picks its development or production build on import.
process.env.NODE_ENV ??= "production";
const DEV = process.env.NODE_ENV === "development";

// In production this process only supervises (server/supervisor.ts): it forks the workers, which run
// the rest of this file (cluster.fork passes on `--import tsx`), and replaces any that dies. `npm run
// dev` stays one process, for Vite.
if (cluster.isPrimary && !DEV) {
  const { supervise, workerCount, workerExecArgv } = await import("./server/supervisor");
  let count: number;
  let execArgv: string[];
  try {
    count = workerCount();
    execArgv = workerExecArgv();
  } catch (error) {
    log.fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  await supervise(count, execArgv);
}
// A worker that meets an error nothing caught says so in the log's format, then stops as Node would;
// the supervisor starts another.
process.on("uncaughtException", (error) => {
  log.fatal({ err: error }, "uncaught error; the worker stops");
  process.exit(1);
});
const { createServer } = await import("./server/app");
const { connectionsPerAddress } = await import("./server/connection-limits");
const { metricsToken } = await import("./server/metrics");
// A release may point BUILD_DIR (a link) at a new folder and send the supervisor SIGHUP (docs/operations.md):
// this worker keeps serving the folder it loaded, files and all, until it is replaced.
const BUILD_DIR = ((dir) => (fs.existsSync(dir) ? fs.realpathSync(dir) : dir))(path.resolve(process.env.BUILD_DIR ?? "build"));

// `npm run dev` runs this same server with Vite in middleware mode (hot reload, the app compiled on
// request), so development goes through the same headers, limits and load context as production.
const vite = DEV
  ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true }, appType: "custom" }))
  : undefined;
const loadBuild = () =>
  (vite
    ? vite.ssrLoadModule("virtual:react-router/server-build")
    : import(path.join(BUILD_DIR, "server/index.js"))) as Promise<ServerBuild>;

// A start-up failure (a bad setting, a folder or database that cannot be written) logs one line
// naming the variable and the path, and exits with code 1: no stack trace.
const stop = (error: unknown): never => {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
};
// Importing the build loads the configuration; startup checks the folders, opens the database
// (applying pending migrations and proving it takes writes) before we listen.
const build = (await loadBuild().catch(stop)) as unknown as AppBuild;
await Promise.resolve()
  .then(() => build.entry.module.startup?.())
  .catch(stop);

const { server, stop: stopServing } = createServer({
  build,
  clientDir: path.join(BUILD_DIR, "client"),
  trustProxy: process.env.TRUST_PROXY,
  pageCacheBytes: Number(process.env.PAGE_CACHE_MB ?? 32) * 1024 * 1024,
  connectionsPerAddress: (() => {
    try {
      return connectionsPerAddress();
    } catch (error) {
      return stop(error);
    }
  })(),
  metricsToken: (() => {
    try {
      return metricsToken();
    } catch (error) {
      return stop(error);
    }
  })(),
  dev: vite ? { middlewares: vite.middlewares, loadBuild } : undefined,
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
server.listen(port, host, () => {
  // Tests and benchmarks wait for "listening on http://…" in this line.
  log.info({ port }, `WealthMatch listening on http://localhost:${port}${cluster.isWorker ? ` (worker ${process.pid})` : ""}`);
});
/**
 * A worker leaves the cluster by Node's own disconnect, which waits for the primary's acknowledgement.
 * The primary may hand over a connection just before it learns this worker stopped listening; that
 * message comes before the acknowledgement, so the worker reads it and hands the connection back (to
 * another worker) before it ends. Ending at once lost such a connection: the visitor waited with no
 * answer (seen once in a rolling restart under load).
 */
function leaveCluster(): Promise<void> {
  const worker = cluster.worker;
  if (!worker?.isConnected()) return Promise.resolve();
  return new Promise((resolve) => {
    worker.once("disconnect", () => resolve());
    worker.disconnect();
  });
}

// SIGTERM from the supervisor (a deploy or stop), or Ctrl-C: finish what is in flight, then exit.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void stopServing().then(leaveCluster).then(() => process.exit(0)));
