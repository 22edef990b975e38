// `npm start` runs as a cluster primary that only supervises: it forks WEB_CONCURRENCY workers (each the
// whole server of server.ts) and starts another as soon as one dies, so a process that crashes takes
// down its own requests, not the site (docs/decisions/029-supervisor.md). The primary loads no app code:
// it stays small, and nothing a request does can reach it.
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { aggregateWorkerMetrics } from "./cluster-metrics";
import { logFor } from "../app/platform/log.server";

/** More workers than this is a typo, not a machine. */
export const MAX_WORKERS = 64;
/** A worker that fails before it listens is started again after 1 s, then 2, 4... up to this. */
export const MAX_RESTART_DELAY_MS = 30_000;
/** How long the primary waits on SIGTERM for its workers to finish before it kills what is left. */
export const SHUTDOWN_TIMEOUT_MS = 30_000;

/**
 * How many workers to run: WEB_CONCURRENCY, or one per core. A bad value stops start-up with one line
 * naming the variable, like the app's own settings (app/platform/config.server.ts).
 */
export function workerCount(env = process.env, cores = os.availableParallelism()) {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return cores;
  const count = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(count >= 1 && count <= MAX_WORKERS)) {
    throw new Error(`WEB_CONCURRENCY: must be a whole number from 1 to ${MAX_WORKERS} (got "${raw}")`);
  }
  return count;
}

/**
 * The V8 flags each worker is started with (besides the primary's own, such as `--import tsx`). By default
 * `--single-threaded-gc`: the workers already take one core each (WEB_CONCURRENCY is one per core), and
 * V8's parallel and concurrent collector threads would take CPU from the other workers' requests, and
 * from a second app server on the same box (docs/decisions/047-single-threaded-gc.md). WORKER_GC=parallel
 * gives V8 its helper threads back, for one worker on a machine with cores to spare.
 */
export function workerExecArgv(env = process.env): string[] {
  const raw = env.WORKER_GC?.trim() || "single";
  if (raw === "single") return ["--single-threaded-gc"];
  if (raw === "parallel") return [];
  throw new Error(`WORKER_GC: must be "single" or "parallel" (got "${raw}")`);
}

const log = logFor("supervisor");
const why = (code: number | null, signal: string | null) => (signal ? `was killed by ${signal}` : `exited with code ${code}`);

/**
 * Runs the primary until it is told to stop; never settles (the primary ends with process.exit).
 *
 * Workers start one at a time, each once the one before listens: on a fresh data folder the first one
 * alone creates the session secret, migrates the database and seeds it, and a bad setting stops
 * start-up with the worker's one line and exit code 1 instead of once per worker.
 */
export function supervise(count: number, execArgv: string[] = []): Promise<never> {
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...execArgv] });
  // GET /metrics, taken by a worker, sums every worker's series here (server/cluster-metrics.ts).
  aggregateWorkerMetrics();
  let everListened = false;
  let starting: Worker | null = null;
  let restartDelay = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let stopping = false;
  let failedStop = false;
  const listening = new Set<number>();
  // A rolling restart (SIGHUP): the workers to replace, and the new worker starting in place of the next.
  let rolling: { old: Worker[]; replacement: Worker | null; replaced: number } | null = null;
  let reloadQueued = false;
  /** Old workers told to drain by a rolling restart: their exit is the plan, not a crash. */
  const retiring = new Set<number>();
  // Node keeps a worker in cluster.workers until both its process has exited and its channel has
  // closed, in either order; a busy machine sometimes reports the exit first. Counting only living
  // processes lets the exit event alone decide, whatever comes after it.
  const alive = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker && !worker.isDead());

  const fill = () => {
    if (stopping || starting || restartTimer) return;
    if (alive().length >= count) return;
    // Each worker learns how many share the machine, to size its password-hashing threads.
    starting = cluster.fork({ WEB_CONCURRENCY: String(count) });
  };

  cluster.on("listening", (worker) => {
    listening.add(worker.id);
    if (rolling?.replacement === worker) {
      rolling.replacement = null;
      rolling.replaced++;
      retireNext(worker);
      return;
    }
    if (starting === worker) starting = null;
    if (!everListened) log.info({ workers: count }, `${count} worker${count === 1 ? "" : "s"} (WEB_CONCURRENCY); a worker that dies is replaced at once`);
    everListened = true;
    restartDelay = 0;
    fill();
  });

  cluster.on("exit", (worker, code, signal) => {
    const wasListening = listening.delete(worker.id);
    if (starting === worker) starting = null;
    if (!stopping && retiring.delete(worker.id)) {
      // A worker the rolling restart told to drain has finished its requests: on to the next. An old
      // worker that crashed meanwhile may have left the box a worker short: fill() makes it up.
      if (rolling) replaceNext();
      fill();
      return;
    }
    if (!stopping && rolling?.replacement === worker) {
      // The new build does not start (a bad setting, a migration that fails, a broken build): the old
      // workers keep serving, and starting it again would only fail again.
      rolling = null;
      log.error(`the new worker ${worker.process.pid} ${why(code, signal)} before it listened; rolling restart stopped, the old workers keep serving`);
      finishReload();
      return;
    }
    if (stopping) {
      if (code !== 0 && !signal) failedStop = true;
      if (alive().length === 0) process.exit(failedStop ? 1 : 0);
      return;
    }
    if (!everListened) {
      // Start-up failed (a bad setting, a folder or database that cannot be written): the worker has
      // printed why; the primary adds nothing and stops with its code.
      process.exit(code || 1);
    }
    if (wasListening) {
      log.error({ worker: worker.process.pid, code, signal }, `worker ${worker.process.pid} ${why(code, signal)}; restarting it`);
      fill();
      return;
    }
    // Died while starting: something outside the request path (the disk, the database) is wrong, and
    // starting again at once would spin. The other workers keep serving meanwhile.
    restartDelay = Math.min(Math.max(1000, restartDelay * 2), MAX_RESTART_DELAY_MS);
    log.error({ worker: worker.process.pid, code, signal, restartInMs: restartDelay }, `worker ${worker.process.pid} ${why(code, signal)} before it listened; restarting it in ${restartDelay / 1000} s`);
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      fill();
    }, restartDelay);
  });

  // SIGHUP: a rolling restart onto the build now in BUILD_DIR (docs/decisions/065-rolling-restarts.md).
  // Each old worker is replaced in turn: a new one is forked (loading the build afresh) and, once it
  // listens (start-up done: database open, migrations applied), one old worker is told to drain
  // (SIGTERM: it takes no new connections and finishes those in flight). The next waits until it has
  // gone, so the box never runs more than one worker beyond WEB_CONCURRENCY, and never fewer listening.
  const reload = () => {
    if (stopping) return;
    if (!everListened) return log.info("SIGHUP before the first worker listened: ignored");
    if (rolling) {
      if (!reloadQueued) log.info("SIGHUP during a rolling restart: another follows when this one ends");
      reloadQueued = true;
      return;
    }
    const old = alive();
    rolling = { old, replacement: null, replaced: 0 };
    log.info(`SIGHUP: replacing ${old.length} worker${old.length === 1 ? "" : "s"} one at a time`);
    replaceNext();
  };
  const oldWorkers = () => (rolling?.old ?? []).filter((worker) => !worker.isDead() && !retiring.has(worker.id));
  const replaceNext = () => {
    if (!rolling || stopping) return;
    if (oldWorkers().length === 0) {
      log.info(`rolling restart finished: ${rolling.replaced} new worker${rolling.replaced === 1 ? "" : "s"}`);
      rolling = null;
      finishReload();
      return;
    }
    rolling.replacement = cluster.fork({ WEB_CONCURRENCY: String(count) });
  };
  const retireNext = (fresh: Worker) => {
    const [next] = oldWorkers();
    // An old worker that died meanwhile was replaced already (fill()): nothing is left to retire.
    if (!next) return replaceNext();
    retiring.add(next.id);
    log.info(`new worker ${fresh.process.pid} listens; worker ${next.process.pid} drains`);
    next.process.kill("SIGTERM");
    setTimeout(() => {
      if (next.isDead()) return;
      log.warn(`worker ${next.process.pid} still running ${SHUTDOWN_TIMEOUT_MS / 1000} s after SIGTERM; killing it`);
      next.process.kill("SIGKILL");
    }, SHUTDOWN_TIMEOUT_MS).unref();
  };
  const finishReload = () => {
    if (!reloadQueued) return;
    reloadQueued = false;
    reload();
  };
  process.on("SIGHUP", reload);

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearTimeout(restartTimer);
    const workers = alive();
    if (workers.length === 0) process.exit(0);
    // Each worker stops taking connections, finishes what is in flight and waits for mail (server/app.ts).
    // From a terminal, Ctrl-C reaches the workers directly too; they take the second signal calmly.
    for (const worker of workers) worker.process.kill("SIGTERM");
    setTimeout(() => {
      log.error({ signal }, `workers still running ${SHUTDOWN_TIMEOUT_MS / 1000} s after ${signal}; killing them`);
      for (const worker of alive()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  fill();
  return new Promise(() => {});
}
