/**
 * Operator command: moves a site from its SQLite file to PostgreSQL (docs/decisions/033-two-engines.md).
 *   npm run db:copy -- --to postgres://user:password@host:5432/wealthmatch
 * Reads the SQLite file the app uses (DATA_DIR / DATABASE_PATH) read-only, brings the PostgreSQL database's
 * schema up to date, and copies every row in one PostgreSQL transaction: all of it lands or none. It only
 * fills an empty database, and it checks the copy (rows per table, foreign keys) before committing.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { config, reasonOf } from "~/platform/config.server";
import { openPostgres } from "~/platform/db-postgres.server";
import { copyPlan, toPostgresValue, usedTables, type CopiedTable } from "~/platform/engine-copy.server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const USAGE = "Usage: npm run db:copy -- --to postgres://user:password@host:5432/database";
/** Rows per INSERT; fewer for a wide table, to stay under PostgreSQL's 65,535 parameters per statement. */
const BATCH_ROWS = 500;
const MAX_PARAMETERS = 65_535;
/** And fewer once a batch holds this much text and bytes (stored_files' images): memory stays bounded. */
const BATCH_BYTES = 16 * 1024 * 1024;

class Refusal extends Error {}

function fail(message: string, usage = false): never {
  console.error(`Error: ${message}${usage ? `\n\n${USAGE}` : ""}`);
  process.exit(1);
}

/** The address without its password, for messages. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "****";
  return parsed.toString();
}

function targetOf(args: string[]): string {
  let target: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--to" && target === undefined) target = args[++i];
    else if (arg.startsWith("--to=") && target === undefined) target = arg.slice("--to=".length);
    else fail(`unexpected argument ${arg}`, true);
  }
  if (!target) fail("give the PostgreSQL database to copy into with --to", true);
  if (!/^postgres(ql)?:\/\//i.test(target)) fail("--to must start with postgres:// or postgresql://", true);
  return target;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

function sqliteRows(sqlite: Database.Database, text: string, ...params: unknown[]): Record<string, unknown>[] {
  return sqlite.prepare(text).all(...params) as Record<string, unknown>[];
}

/** The source must be at this release's last migration: otherwise its columns differ from PostgreSQL's. */
function checkSourceSchema(sqlite: Database.Database): void {
  const journal = JSON.parse(fs.readFileSync(path.join(ROOT, "drizzle/sqlite/meta/_journal.json"), "utf8")) as {
    entries: { when: number; tag: string }[];
  };
  const latest = journal.entries.at(-1);
  const applied = sqliteRows(sqlite, "select max(created_at) as at from __drizzle_migrations")[0]?.at;
  if (latest && Number(applied) < latest.when) {
    throw new Refusal(`the SQLite file lacks this release's migration ${latest.tag}: start the app on it once (it migrates at start-up), stop it, then copy`);
  }
  if (latest && Number(applied) > latest.when) {
    throw new Refusal("the SQLite file was migrated by a newer release than this one: copy with that release");
  }
}

function checkSourceForeignKeys(sqlite: Database.Database): void {
  const violations = sqlite.pragma("foreign_key_check") as { table: string; rowid: number | null; parent: string }[];
  if (violations.length === 0) return;
  const listed = violations
    .slice(0, 10)
    .map((v) => `  ${v.table} row ${v.rowid ?? "?"} points at a missing ${v.parent} row`)
    .join("\n");
  throw new Refusal(
    `the SQLite file has ${violations.length} row(s) whose foreign key points at nothing; PostgreSQL would refuse them. ` +
      `Fix or delete them first (sqlite3 <file> "PRAGMA foreign_key_check" lists them):\n${listed}`,
  );
}

function refuseUsed(url: string, used: string[]): void {
  if (used.length === 0) return;
  throw new Refusal(
    `${shown(url)} is not empty: rows in ${used.join(", ")}. db:copy only fills an empty database, so nothing was written. ` +
      "Give it a new database (CREATE DATABASE ...), or drop this one's tables if its rows are not needed.",
  );
}

const sizeOf = (value: unknown): number => (Buffer.isBuffer(value) ? value.length : typeof value === "string" ? value.length : 8);

/** Reads the next batch after `after` (a rowid): up to `rows` rows, fewer once they hold BATCH_BYTES. */
function nextBatch(read: Database.Statement, after: number, rows: number): unknown[][] {
  const batch: unknown[][] = [];
  let bytes = 0;
  for (const row of read.iterate(after) as IterableIterator<unknown[]>) {
    batch.push(row);
    bytes += row.reduce((sum: number, value) => sum + sizeOf(value), 0);
    // Leaving the loop resets the statement: the rest is read by the next call.
    if (batch.length >= rows || bytes >= BATCH_BYTES) break;
  }
  return batch;
}

/** Copies one table, batch by batch in rowid order, and returns how many rows it read. */
async function copyTable(sqlite: Database.Database, client: pg.ClientBase, table: CopiedTable): Promise<number> {
  const names = table.columns.map((column) => quoted(column.name)).join(", ");
  const perBatch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMETERS / table.columns.length)));
  const read = sqlite.prepare(`select rowid, ${names} from ${quoted(table.name)} where rowid > ? order by rowid`).raw(true);
  let after = Number.MIN_SAFE_INTEGER;
  let copied = 0;
  for (;;) {
    const batch = nextBatch(read, after, perBatch);
    if (batch.length === 0) return copied;
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      const placeholders = table.columns.map((column, i) => {
        try {
          params.push(toPostgresValue(column, row[i + 1]));
        } catch (error) {
          throw new Refusal(`${table.name} row ${String(row[0])}, column ${column.name}: ${reasonOf(error)}; nothing was written`);
        }
        return `$${params.length}`;
      });
      return `(${placeholders.join(", ")})`;
    });
    const first = String(batch[0]?.[0]);
    after = Number(batch.at(-1)?.[0]);
    try {
      await client.query(`insert into ${quoted(table.name)} (${names}) values ${tuples.join(", ")}`, params);
    } catch (error) {
      // PostgreSQL names the constraint, not always the table; which rows were refused tells the operator where to look.
      const { code, detail } = error as { code?: unknown; detail?: unknown };
      const message = error instanceof Error ? error.message : String(error);
      throw new Refusal(
        `PostgreSQL refused ${table.name} rows ${first} to ${after} (rowids), so nothing was written: ${typeof code === "string" ? `${code}: ` : ""}${message}${detail ? ` (${String(detail)})` : ""}`,
      );
    }
    copied += batch.length;
  }
}

/** Ids written explicitly leave each identity where it started: the next one follows the copied maximum. */
async function resetIdentities(client: pg.ClientBase, plan: CopiedTable[]): Promise<void> {
  const identities = await client.query<{ table_name: string; column_name: string }>(
    "select table_name, column_name from information_schema.columns where table_schema = current_schema() and is_identity = 'YES' and table_name = any($1)",
    [plan.map((table) => table.name)],
  );
  for (const { table_name: table, column_name: column } of identities.rows) {
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2), max(${quoted(column)})) from ${quoted(table)} having max(${quoted(column)}) is not null`,
      [quoted(table), column],
    );
  }
}

type Counted = { table: string; source: number; target: number };

function report(counts: Counted[]): string {
  const width = Math.max(5, ...counts.map((c) => c.table.length));
  const line = (a: string, b: string, c: string) => `${a.padEnd(width)}  ${b.padStart(8)}  ${c.padStart(10)}`;
  const rule = line("-".repeat(width), "--------", "----------");
  const total = (side: "source" | "target") => String(counts.reduce((sum, c) => sum + c[side], 0));
  return [
    line("table", "SQLite", "PostgreSQL"),
    rule,
    ...counts.map((c) => line(c.table, String(c.source), String(c.target))),
    rule,
    line("total", total("source"), total("target")),
  ].join("\n");
}

async function main() {
  const url = targetOf(process.argv.slice(2));
  // The source is always the SQLite file: a DATABASE_URL already set for the move must not turn it away
  // (the app's config asks for SESSION_SECRET beside it) nor point anywhere else.
  delete process.env.DATABASE_URL;
  const file = config().databasePath;
  if (!fs.existsSync(file)) fail(`no database at ${file} (check DATA_DIR / DATABASE_PATH)`);
  const started = Date.now();
  const plan = copyPlan();

  // Read-only: the site may still be running (writes made during the copy are not in it: stop them first).
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  let target: Awaited<ReturnType<typeof openPostgres>> | undefined;
  try {
    checkSourceSchema(sqlite);
    checkSourceForeignKeys(sqlite);

    // Before migrating, so a database in use is left exactly as it was.
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    try {
      refuseUsed(url, await usedTables(probe, plan));
    } finally {
      await probe.end();
    }

    target = await openPostgres(url, path.join(ROOT, "drizzle/postgres"));
    const client = await target.pool.connect();
    // One read transaction: every table is read as of the same moment.
    sqlite.exec("begin");
    try {
      await client.query("begin");
      // Held to the commit: no app server pointed here early can write between the check and the copy.
      await client.query(`lock table ${plan.map((table) => quoted(table.name)).join(", ")} in exclusive mode`);
      refuseUsed(url, await usedTables(client, plan));

      const counts: Counted[] = [];
      for (const table of plan) {
        const source = Number(sqliteRows(sqlite, `select count(*) as n from ${quoted(table.name)}`)[0]?.n);
        const copied = await copyTable(sqlite, client, table);
        if (copied !== source) throw new Refusal(`${table.name}: read ${copied} rows of ${source}`);
        counts.push({ table: table.name, source, target: 0 });
      }
      const version = sqliteRows(sqlite, "select version from content_version where id = ?", 1)[0]?.version;
      await client.query("update content_version set version = $1 where id = 1", [Number(version ?? 0)]);
      await resetIdentities(client, plan);

      for (const counted of counts) {
        const rows = await client.query<{ n: string }>(`select count(*) as n from ${quoted(counted.table)}`);
        counted.target = Number(rows.rows[0]?.n ?? -1);
      }
      const differing = counts.filter((c) => c.source !== c.target);
      if (differing.length > 0) throw new Refusal(`row counts differ after the copy: ${differing.map((c) => c.table).join(", ")}`);
      await client.query("commit");

      const rows = counts.reduce((sum, c) => sum + c.target, 0);
      console.log(report(counts));
      console.log(
        `Copied ${rows} rows in ${counts.length} tables from ${file} to ${shown(url)} in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
          `(row counts equal, foreign keys hold, content version ${Number(version ?? 0)}).`,
      );
      console.log("Next: set DATABASE_URL to it, and the same SESSION_SECRET and TWO_FACTOR_KEY (the SQLite setup kept them in $DATA_DIR/session-secret and $DATA_DIR/two-factor-key) on every app server, then start them.");
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      sqlite.exec("rollback");
      client.release();
    }
  } catch (error) {
    process.exitCode = 1;
    if (error instanceof Refusal) {
      console.error(`Error: ${error.message}`);
    } else {
      // Reaching PostgreSQL, migrating it, or a statement past the inserts (which say their rows themselves).
      const { detail } = error as { detail?: unknown };
      console.error(`Error: the copy failed and nothing was written: ${reasonOf(error)}${detail ? ` (${String(detail)})` : ""}`);
    }
  } finally {
    sqlite.close();
    await target?.close();
  }
}

await main();
