// The app's own Prometheus series (docs/decisions/063-metrics.md). Each module counts what it sees with
// one call into here; the server (server/metrics.ts) adds the request, page-cache and process series
// and answers GET /metrics with them all, summed over the workers. A registry of our own rather than
// prom-client's global one, so each copy of the app (a test's, Vite's after an edit) counts apart.
import { Counter, Gauge, Histogram, Registry } from "prom-client";

export const metricsRegistry = new Registry();
const registers = [metricsRegistry];

const jobsRun = new Counter({
  name: "wealthmatch_jobs_run_total",
  help: "Jobs the job loop ran, by kind and result (done; retry, gave-up and lost-lease are failures).",
  labelNames: ["kind", "result"] as const,
  registers,
});
const jobLag = new Histogram({
  name: "wealthmatch_job_lag_seconds",
  help: "How long after it was due a job was claimed by a job loop.",
  buckets: [1, 5, 15, 30, 60, 300, 900, 3600],
  registers,
});

/** The job loop (app/platform/jobs.server.ts) claimed a job due at `runAt`. */
export function jobClaimed(runAt: Date, now: number): void {
  jobLag.observe(Math.max(0, (now - runAt.getTime()) / 1000));
}
/** A claimed job of `kind` ran, with `result`. */
export function jobRan(kind: string, result: string): void {
  jobsRun.inc({ kind, result });
}

// Read from the database at each scrape (app/platform/jobs.server.ts hands the reader over): the same
// number in every worker, so the sum over workers takes the largest, not the total.
let readJobsWaiting: (() => Promise<{ kind: string; count: number }[]>) | undefined;
new Gauge({
  name: "wealthmatch_jobs_waiting",
  help: "Jobs not yet done, by kind: the job loop's backlog, the mail waiting to go among it (kinds ending in -mail).",
  labelNames: ["kind"] as const,
  registers,
  aggregator: "max",
  async collect() {
    if (!readJobsWaiting) return;
    const waiting = await readJobsWaiting();
    this.reset();
    for (const { kind, count } of waiting) this.set({ kind }, count);
  },
});
/** The job loop's module names how to count the jobs not yet done, by kind. */
export const countJobsWaitingWith = (read: typeof readJobsWaiting) => {
  readJobsWaiting = read;
};

const mailSending = new Gauge({
  name: "wealthmatch_mail_sending",
  help: "E-mails handed to the mail transport and not yet sent or failed (the mail queue of this process).",
  registers,
});
const mailFailures = new Counter({ name: "wealthmatch_mail_failures_total", help: "E-mails that failed to send.", registers });

/** A mail is on its way (app/platform/mail.server.ts): counted until it settles, and as a failure if it fails. */
export function mailSent(delivery: Promise<unknown>): void {
  mailSending.inc();
  delivery.then(
    () => mailSending.dec(),
    () => {
      mailSending.dec();
      mailFailures.inc();
    },
  );
}

const storageRefusals = new Counter({
  name: "wealthmatch_storage_refusals_total",
  help: 'Writes answered 503 "not saved" because the database or the disk could not take them, by error code.',
  labelNames: ["code"] as const,
  registers,
});
/** app/platform/storage-failure.server.ts turned a storage error with `code` into the 503 answer. */
export const storageRefused = (code: string) => storageRefusals.inc({ code: code || "unknown" });

const rateLimitRefusals = new Counter({
  name: "wealthmatch_rate_limit_refusals_total",
  help: "Attempts refused by a rate limit, by its bucket.",
  labelNames: ["bucket"] as const,
  registers,
});
/** app/platform/rate-limit.server.ts found `bucket` full. */
export const rateLimitRefused = (bucket: string) => rateLimitRefusals.inc({ bucket });

const signInFailures = new Counter({
  name: "wealthmatch_sign_in_failures_total",
  help: "Sign-ins that failed (members and admins), by reason: invalid_credentials, too_many_requests, unknown.",
  labelNames: ["reason"] as const,
  registers,
});
/** app/features/auth/sign-in.server.ts refused a sign-in. */
export const signInFailed = (reason: string) => signInFailures.inc({ reason });

type Pool = { totalCount: number; idleCount: number; waitingCount: number };
let pool: Pool | undefined;
const poolGauge = (name: string, help: string, read: (pool: Pool) => number) =>
  new Gauge({
    name,
    help,
    registers,
    collect() {
      if (pool) this.set(read(pool));
    },
  });
/**
 * PostgreSQL's connection pool (app/platform/db-postgres.server.ts), read when metrics are asked for.
 * The series exist once a pool does: on SQLite they are absent rather than a misleading zero.
 */
export function watchPool(opened: Pool): void {
  if (!pool) {
    poolGauge("wealthmatch_db_pool_connections", "PostgreSQL connections the pool holds (in use and idle).", (p) => p.totalCount);
    poolGauge("wealthmatch_db_pool_idle_connections", "PostgreSQL connections the pool holds idle.", (p) => p.idleCount);
    poolGauge("wealthmatch_db_pool_waiting_queries", "Queries waiting for a PostgreSQL connection from the pool.", (p) => p.waitingCount);
  }
  pool = opened;
}
