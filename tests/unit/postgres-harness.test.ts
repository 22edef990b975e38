// The throwaway PostgreSQL of `npm run test:unit:pg` (tests/support/postgres.mjs): each test file runs on a
// database of its own, and a cluster leaves neither its server nor its folder behind. Only on PostgreSQL:
// on SQLite there is no cluster, and starting one would add a PostgreSQL start to every SQLite run.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { startPostgres } from "../support/postgres.mjs";
import { onPostgres } from "./engine";

async function query<Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Whether a process runs; a zombie (stopped, not yet reaped by init) counts as gone. */
function running(pid: number): boolean {
  try {
    const state = fs.readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "")[0];
    return state !== "Z";
  } catch {
    return false;
  }
}

describe.runIf(onPostgres)("the PostgreSQL test harness", () => {
  test("gives this test file a fresh database of its own, on a cluster made for tests", async () => {
    const url = new URL(process.env.DATABASE_URL ?? "");
    const name = url.pathname.slice(1);
    expect(name).toMatch(new RegExp(`^wm_${process.pid}_[0-9a-f]+$`));
    const [row] = await query<{ db: string; fsync: string; tables: number }>(
      url.toString(),
      "select current_database() as db, current_setting('fsync') as fsync, " +
        "(select count(*)::int from pg_tables where schemaname not in ('pg_catalog', 'information_schema')) as tables",
    );
    expect(row?.db).toBe(name);
    expect(row?.fsync).toBe("off");
    // the app's migrations ran in it (beforeAll opened the app's database), and nothing else did
    expect(row?.tables).toBeGreaterThan(0);
  });

  test("stops a cluster without leaving its server or its folder", async () => {
    const cluster = await startPostgres();
    let stopped = false;
    try {
      const pid = Number(fs.readFileSync(path.join(cluster.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
      expect(running(pid)).toBe(true);
      const url = await cluster.createDatabase("harness_check");
      const [row] = await query<{ db: string }>(url, "select current_database() as db");
      expect(row?.db).toBe("harness_check");
      cluster.stop();
      stopped = true;
      expect(fs.existsSync(path.dirname(cluster.dataDir))).toBe(false);
      expect(running(pid)).toBe(false);
    } finally {
      if (!stopped) cluster.stop();
    }
  });
});
