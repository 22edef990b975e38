// One job-loop process for tests/unit/job-loop.test.ts: opens the database the environment names (the
// test's SQLite file or PostgreSQL database), runs every due "probe" job as owner argv[2], records each
// committed run as a site_settings row, and prints the keys it planned as JSON, on the last line (its log
// lines come before).
import { openAppDatabase, setDatabaseForTests, db } from "~/platform/db.server";
import { registerJob, runDueJobs } from "~/platform/jobs.server";
import { isNull, sql } from "drizzle-orm";
import { jobs, siteSettings } from "~/platform/schema";

const owner = process.argv[2] ?? "worker";
const ran: string[] = [];
await openAppDatabase();
registerJob("probe", async (job) => {
  ran.push(job.key);
  // A little work, so the other process gets its turn between claims.
  await new Promise((resolve) => setImmediate(resolve));
  return { effects: async () => void (await db().insert(siteSettings).values({ key: `ran:${job.key}:${owner}`, value: owner })) };
});
// A commit that conflicted with the other process's makes its job due again a moment later: run until none is left.
const deadline = Date.now() + 30_000;
while (Date.now() < deadline) {
  await runDueJobs(owner, { leaseMs: 60_000 });
  const [left] = await db().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(jobs).where(isNull(jobs.doneAt));
  if (!left?.n) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
await setDatabaseForTests(undefined);
process.stdout.write(`\n${JSON.stringify(ran)}\n`);
