import crypto from "node:crypto";
import os from "node:os";
import { and, count, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { db, transaction } from "./db.server";
import { jobs } from "./schema";
import { sendMail, type OutgoingMail } from "./mail.server";
import { skipLockedRows } from "./sql-dialect.server";
import { isStorageFailure } from "./storage-failure.server";
import { countJobsWaitingWith, jobClaimed, jobRan } from "./metrics.server";
import { logFor } from "./log.server";

const log = logFor("jobs");

// /metrics: the jobs not yet done, by kind (the partial index jobs_due holds only those rows).
countJobsWaitingWith(() => db().select({ kind: jobs.kind, count: count() }).from(jobs).where(isNull(jobs.doneAt)).groupBy(jobs.kind));

/**
 * Scheduled work, one row per thing to do once (the `jobs` table). Enqueueing the same `key` twice is a
 * no-op, so a caller may enqueue from any request, retry or server without sending anything twice.
 * Joins the caller's transaction when there is one.
 */
export async function enqueueJob(kind: string, key: string, runAt: Date, payload: Record<string, unknown> = {}): Promise<void> {
  await db().insert(jobs).values({ kind, key, runAt, payload }).onConflictDoNothing({ target: jobs.key });
}

/**
 * What a handler decided for one job (docs/decisions/034-job-loop.md): mail OR database effects, never
 * both. The loop sends `mail` after the claim and marks the job done in one conditional UPDATE, which
 * cannot conflict. `effects` are committed together with the done mark; on PostgreSQL that commit may
 * conflict and roll back, and the job is then planned again: harmless for database writes, but a mail
 * sent before it would go twice, hence the split (a job that needs both enqueues mail jobs as effects).
 * Nothing to do is `{}`.
 */
export type JobPlan =
  | { mail: OutgoingMail[]; effects?: never }
  | {
      mail?: never;
      /** Database writes only (on PostgreSQL they may be attempted again, inside one transaction). */
      effects: () => Promise<void>;
    }
  | { mail?: never; effects?: never };
export type ClaimedJob = { id: number; kind: string; key: string; payload: Record<string, unknown>; attempts: number };
export type JobHandler = (job: ClaimedJob) => Promise<JobPlan>;

const handlers = new Map<string, JobHandler>();

/** Features register what runs each kind of job (startup wires them); a second registration replaces the first. */
export function registerJob(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

export type JobLoopOptions = {
  /** Who holds a lease: unique per process (host, pid and a random part by default). */
  owner?: string;
  /** How often an idle loop looks for due jobs. */
  pollMs?: number;
  /** How long a claim holds: a process that died lets its job go after this. */
  leaseMs?: number;
  /** Runs before giving up (a crash during a run counts as one). */
  maxAttempts?: number;
  /** The wait before the next run after the n-th failure. */
  backoffMs?: (attempts: number) => number;
  now?: () => number;
};

const MINUTE = 60_000;
export const JOB_DEFAULTS = {
  pollMs: 5_000,
  leaseMs: 5 * MINUTE,
  maxAttempts: 5,
  // 1, 4, 16, 64 minutes: a mail server down for an hour does not lose the job.
  backoffMs: (attempts: number) => MINUTE * 4 ** Math.max(0, attempts - 1),
} as const;

export function newLeaseOwner(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
}

const errorText = (error: unknown) =>
  (isStorageFailure(error) ? "the database could not take the write (a conflict or storage trouble)" : error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** A moment, jittered so that two loops that conflicted do not meet again at once. */
const shortly = () => 1_000 + Math.floor(Math.random() * 2_000);

/**
 * Claims the next due job for `owner` in one conditional UPDATE: only a job not done whose lease is
 * free or expired, so two loops (processes, servers) never hold the same job. The attempt is counted
 * at the claim, so a job that crashes its process each time still reaches the limit.
 */
export async function claimNextJob(owner: string, leaseMs: number, now: number): Promise<ClaimedJob | undefined> {
  const at = new Date(now);
  const free = and(isNull(jobs.doneAt), or(isNull(jobs.leaseUntil), lt(jobs.leaseUntil, at)));
  const next = sql`(select ${jobs.id} from ${jobs} where ${and(free, lte(jobs.runAt, at))} order by ${jobs.runAt} limit 1${skipLockedRows()})`;
  const [row] = await db()
    .update(jobs)
    .set({ leaseOwner: owner, leaseUntil: new Date(now + leaseMs), attempts: sql`${jobs.attempts} + 1` })
    .where(and(sql`${jobs.id} = ${next}`, free))
    .returning({ id: jobs.id, kind: jobs.kind, key: jobs.key, payload: jobs.payload, attempts: jobs.attempts, runAt: jobs.runAt });
  if (row) jobClaimed(row.runAt, now);
  return row;
}

/** This owner's lease on the job, still running: a write conditioned on it does nothing once another took the job over. */
const stillOurs = (id: number, owner: string, now: number) =>
  and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), gt(jobs.leaseUntil, new Date(now)), isNull(jobs.doneAt));

export type RunResult = "done" | "retry" | "gave-up" | "lost-lease";

/** Runs one claimed job: plan, mail, then effects and done in one transaction; a failure schedules a retry or gives up. */
export async function runClaimedJob(job: ClaimedJob, owner: string, options: JobLoopOptions = {}): Promise<RunResult> {
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? JOB_DEFAULTS.maxAttempts;
  const backoffMs = options.backoffMs ?? JOB_DEFAULTS.backoffMs;
  try {
    // A job claimed once more than allowed crashed its process every time: stop trying it.
    if (job.attempts > maxAttempts) throw new Error(`claimed ${job.attempts} times without finishing`);
    const handler = handlers.get(job.kind);
    if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
    const plan = await handler(job);
    for (const mail of plan.mail ?? []) await sendMail(mail);
    const markDone = async () =>
      (
        await db()
          .update(jobs)
          .set({ doneAt: new Date(now()), leaseOwner: null, leaseUntil: null, lastError: null })
          .where(stillOurs(job.id, owner, now()))
          .returning({ id: jobs.id })
      ).length > 0;
    // Without effects, one conditional UPDATE: it cannot conflict, so a mail just sent is never planned
    // and sent again because the commit that follows it had to be retried.
    const { effects } = plan;
    const finished = effects
      ? await transaction(async () => {
          if (!(await markDone())) return false;
          await effects();
          return true;
        })
      : await markDone();
    if (!finished) {
      log.error({ kind: job.kind, jobId: job.id }, "the lease ran out before the job finished; another run takes it over");
      return "lost-lease";
    }
    return "done";
  } catch (error) {
    const message = errorText(error);
    const at = now();
    // Two loops committing at once can conflict on PostgreSQL (or find SQLite's file locked): that says
    // nothing about the job, so it runs again in a moment without using up one of its attempts.
    if (isStorageFailure(error)) {
      await db()
        .update(jobs)
        .set({ runAt: new Date(at + shortly()), attempts: sql`${jobs.attempts} - 1`, leaseOwner: null, leaseUntil: null, lastError: message })
        .where(stillOurs(job.id, owner, at))
        .catch(() => undefined);
      log.warn({ kind: job.kind, jobId: job.id, reason: message }, "the job is tried again in a moment");
      return "retry";
    }
    const giveUp = job.attempts >= maxAttempts;
    await db()
      .update(jobs)
      .set(
        giveUp
          ? { doneAt: new Date(at), leaseOwner: null, leaseUntil: null, lastError: `gave up after ${job.attempts} attempts: ${message}` }
          : { runAt: new Date(at + backoffMs(job.attempts)), leaseOwner: null, leaseUntil: null, lastError: message },
      )
      .where(stillOurs(job.id, owner, at));
    if (giveUp) log.error({ kind: job.kind, jobId: job.id, attempts: job.attempts, err: error }, "gave up on the job");
    else log.warn({ kind: job.kind, jobId: job.id, attempts: job.attempts, err: error }, "the job failed; tried again later");
    return giveUp ? "gave-up" : "retry";
  }
}

/** Claims and runs due jobs until none is due; returns how many ran (whatever their result). */
export async function runDueJobs(owner: string, options: JobLoopOptions = {}): Promise<number> {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? JOB_DEFAULTS.leaseMs;
  let ran = 0;
  for (;;) {
    let job: ClaimedJob | undefined;
    try {
      job = await claimNextJob(owner, leaseMs, now());
    } catch (error) {
      // Another process holds SQLite's write lock (or PostgreSQL is out of reach): the next poll tries again.
      if (isStorageFailure(error)) return ran;
      throw error;
    }
    if (!job) return ran;
    jobRan(job.kind, await runClaimedJob(job, owner, options));
    ran += 1;
  }
}

/**
 * Starts polling for due jobs; the returned function stops it and resolves once the run in progress
 * ended. Every process may run one: the claim keeps them from running a job twice.
 */
export function startJobLoop(options: JobLoopOptions = {}): () => Promise<void> {
  const owner = options.owner ?? newLeaseOwner();
  const pollMs = options.pollMs ?? JOB_DEFAULTS.pollMs;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const tick = () => {
    current = runDueJobs(owner, options)
      .catch((error: unknown) => log.error({ reason: errorText(error), err: error }, "the job loop failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs).unref();
      });
  };
  timer = setTimeout(tick, Math.min(pollMs, 1_000)).unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
