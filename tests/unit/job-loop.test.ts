import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { eq, isNull, like, sql } from "drizzle-orm";
import { config } from "~/platform/config.server";
import { db, queryRows } from "~/platform/db.server";
import { claimNextJob, enqueueJob, registerJob, runDueJobs, startJobLoop } from "~/platform/jobs.server";
import { jobs, siteSettings } from "~/platform/schema";
import { onPostgres } from "./engine";
import { captureLogs } from "./support/logs";

// The job loop's promises (docs/decisions/034-job-loop.md) on both engines: a job runs once however many
// loops poll, a lease left by a dead process is taken over, a failure is tried again and then given up.
const engine = onPostgres ? "PostgreSQL" : "SQLite";
const ROOT = path.resolve(import.meta.dirname, "../..");
const past = () => new Date(Date.now() - 1_000);

async function jobRow(key: string) {
  const [row] = await db().select().from(jobs).where(eq(jobs.key, key));
  return row;
}

let logs: ReturnType<typeof captureLogs>;

beforeEach(async () => {
  await db().delete(jobs);
  await db().delete(siteSettings).where(like(siteSettings.key, "ran:%"));
  // The job loop logs each failure: expected here, kept out of the test output.
  logs = captureLogs();
  return () => logs.restore();
});

describe(`the job loop on ${engine}`, () => {
  it("makes one job of the same key enqueued twice", async () => {
    await enqueueJob("probe", "twice", past(), { n: 1 });
    await enqueueJob("probe", "twice", new Date(Date.now() + 60_000), { n: 2 });
    const rows = await db().select().from(jobs).where(eq(jobs.key, "twice"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toEqual({ n: 1 });
  });

  it("commits each of 50 jobs' effects exactly once with two loops claiming at the same time", async () => {
    const runs = new Map<string, string[]>();
    registerJob("probe", async (job) => {
      runs.set(job.key, [...(runs.get(job.key) ?? []), String(job.payload.n)]);
      await new Promise((resolve) => setImmediate(resolve));
      // Effects touch only the database: a commit PostgreSQL refuses for a conflict is rolled back and the
      // job planned again, so the plan may run twice; what it writes is committed once (the key is unique).
      return { effects: async () => void (await db().insert(siteSettings).values({ key: `ran:${job.key}`, value: job.payload.n })) };
    });
    for (let n = 0; n < 50; n++) await enqueueJob("probe", `many-${n}`, past(), { n });
    const [a, b] = await Promise.all([runDueJobs("loop-a"), runDueJobs("loop-b")]);
    // Both took part (neither loop simply ran everything before the other started).
    expect(Math.min(a, b)).toBeGreaterThan(0);
    // On PostgreSQL two commits at once may conflict: such a job is due again a moment later.
    const pending = async () => (await db().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(jobs).where(isNull(jobs.doneAt)))[0]?.n;
    await expect
      .poll(async () => (await Promise.all([runDueJobs("loop-a"), runDueJobs("loop-b")]), await pending()), { timeout: 30_000, interval: 500 })
      .toBe(0);
    expect(runs.size).toBe(50);
    if (!onPostgres) expect([...runs.values()].filter((r) => r.length !== 1)).toEqual([]);
    expect(await db().select().from(siteSettings).where(like(siteSettings.key, "ran:many-%"))).toHaveLength(50);
  });

  it("sends each of 40 jobs' mail exactly once with two loops claiming at the same time", async () => {
    const runs = new Map<string, number>();
    const to = (n: number) => `twice-${n}-${process.pid}@loops.test`;
    registerJob("probe-mail", async (job) => {
      runs.set(job.key, (runs.get(job.key) ?? 0) + 1);
      await new Promise((resolve) => setImmediate(resolve));
      return { mail: [{ to: to(Number(job.payload.n)), subject: `Probe ${String(job.payload.n)}`, text: "Once." }] };
    });
    for (let n = 0; n < 40; n++) await enqueueJob("probe-mail", `mail-${n}`, past(), { n });
    const [a, b] = await Promise.all([runDueJobs("loop-a"), runDueJobs("loop-b")]);
    expect(a + b).toBe(40);
    expect(Math.min(a, b)).toBeGreaterThan(0);
    expect([...runs.values()].filter((count) => count !== 1)).toEqual([]);
    const dir = process.env.MAIL_DIR ?? "";
    const sent = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
    for (let n = 0; n < 40; n++) expect(sent.filter((m) => m.includes(`To: ${to(n)}`)), to(n)).toHaveLength(1);
  });

  it("does not hand a leased job to a second claimer, and takes over a lease that ran out", async () => {
    await enqueueJob("probe", "leased", past());
    const now = Date.now();
    const first = await claimNextJob("dead-process", 30_000, now);
    expect(first?.key).toBe("leased");
    expect(await claimNextJob("other", 30_000, now + 1_000)).toBeUndefined();
    // The first owner died: once its lease ran out the job is someone else's, attempt two.
    const again = await claimNextJob("other", 30_000, now + 31_000);
    expect(again).toMatchObject({ key: "leased", attempts: 2 });
    expect((await jobRow("leased"))?.leaseOwner).toBe("other");
  });

  it("does not let a run whose lease was taken over mark the job done", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ran: string[] = [];
    registerJob("probe", async () => {
      await held;
      return { effects: async () => void ran.push("slow") };
    });
    await enqueueJob("probe", "slow", past());
    const start = Date.now();
    const slow = runDueJobs("slow-owner", { leaseMs: 50, now: () => start });
    // The lease expired while the first run waited; the second owner claims and finishes the job.
    await expect.poll(async () => (await jobRow("slow"))?.leaseOwner).toBe("slow-owner");
    const taken = await claimNextJob("fast-owner", 60_000, start + 1_000);
    expect(taken?.key).toBe("slow");
    release();
    await slow;
    expect(ran).toEqual([]);
    expect((await jobRow("slow"))?.leaseOwner).toBe("fast-owner");
  });

  it("tries a failing job again later with a longer wait, then gives up and says so", async () => {
    let calls = 0;
    registerJob("probe", async () => {
      calls += 1;
      throw new Error("mail server down");
    });
    await enqueueJob("probe", "failing", past());
    let clock = Date.now();
    const options = { maxAttempts: 3, backoffMs: (n: number) => n * 1_000, now: () => clock };
    expect(await runDueJobs("owner", options)).toBe(1);
    let row = await jobRow("failing");
    expect(row).toMatchObject({ attempts: 1, lastError: "mail server down", doneAt: null, leaseOwner: null });
    expect(row?.runAt.getTime()).toBe(clock + 1_000);
    // Not due before its wait is over.
    expect(await runDueJobs("owner", options)).toBe(0);
    clock += 1_001;
    await runDueJobs("owner", options);
    row = await jobRow("failing");
    expect(row?.attempts).toBe(2);
    expect(row?.runAt.getTime()).toBe(clock + 2_000);
    clock += 2_001;
    await runDueJobs("owner", options);
    row = await jobRow("failing");
    expect(row?.doneAt).not.toBeNull();
    expect(row?.lastError).toBe("gave up after 3 attempts: mail server down");
    expect(logs.lines()).toContainEqual(expect.objectContaining({ level: "error", part: "jobs", jobId: row?.id, attempts: 3, msg: "gave up on the job" }));
    clock += 60_000;
    expect(await runDueJobs("owner", options)).toBe(0);
    expect(calls).toBe(3);
  });

  it("gives up on a job whose runs kill their process, counted at each claim", async () => {
    registerJob("probe", async () => ({}));
    await enqueueJob("probe", "crashing", past());
    let clock = Date.now();
    for (let n = 0; n < 3; n++) {
      await claimNextJob(`crashed-${n}`, 1_000, clock);
      clock += 1_001;
    }
    await runDueJobs("survivor", { maxAttempts: 3, now: () => clock });
    expect((await jobRow("crashing"))?.lastError).toBe("gave up after 4 attempts: claimed 4 times without finishing");
  });

  it("commits a job's database effects with its done mark: a failing effect leaves neither", async () => {
    registerJob("probe", async (job) => ({
      effects: async () => {
        await db().insert(siteSettings).values({ key: `ran:${job.key}`, value: 1 });
        throw new Error("second write failed");
      },
    }));
    await enqueueJob("probe", "atomic", past());
    await runDueJobs("owner");
    expect(await db().select().from(siteSettings).where(eq(siteSettings.key, "ran:atomic"))).toEqual([]);
    expect(await jobRow("atomic")).toMatchObject({ doneAt: null, attempts: 1, lastError: "second write failed" });
  });

  it("polls with the server and stops cleanly", async () => {
    const ran: string[] = [];
    registerJob("probe", async (job) => ({ effects: async () => void ran.push(job.key) }));
    const stop = startJobLoop({ pollMs: 20 });
    await enqueueJob("probe", "polled", past());
    await expect.poll(() => ran, { timeout: 5_000 }).toEqual(["polled"]);
    await stop();
    await enqueueJob("probe", "after-stop", past());
    expect((await jobRow("after-stop"))?.doneAt).toBeNull();
  });

  it("runs each job once when two processes share the database", async () => {
    for (let n = 0; n < 50; n++) await enqueueJob("probe", `proc-${n}`, past(), { n });
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_PATH: config().databasePath };
    const worker = (owner: string) =>
      new Promise<string[]>((resolve, reject) => {
        execFile(path.join(ROOT, "node_modules/.bin/tsx"), ["tests/unit/support/job-worker.ts", owner], { cwd: ROOT, env }, (error, stdout, stderr) => {
          if (error) reject(new Error(`${owner}: ${stderr || error.message}`));
          // Its last line: the lines before are its log (a commit that conflicted is logged as it is retried).
          else {
            try {
              resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as string[]);
            } catch {
              reject(new Error(`${owner} printed no list of keys: ${stdout}`));
            }
          }
        });
      });
    const [a, b] = await Promise.all([worker("process-a"), worker("process-b")]);
    expect(new Set([...a, ...b]).size).toBe(50);
    // One committed run per job: a second, by either process, would be a second row (its key names the owner).
    const recorded = await queryRows<{ key: string }>(sql`select ${siteSettings.key} as key from ${siteSettings} where ${siteSettings.key} like 'ran:proc-%'`);
    expect(recorded).toHaveLength(50);
    expect(new Set(recorded.map((r) => r.key.split(":")[1])).size).toBe(50);
  }, 60_000);
});
