/**
 * Operator command: puts a backup from `npm run db:backup` back (docs/decisions/067-restore-into-empty.md).
 *   npm run db:restore -- <backup-file> [--force]
 * A SQLite backup goes to the app's database file (DATA_DIR / DATABASE_PATH); a PostgreSQL dump goes to
 * the database at DATABASE_URL, through pg_restore in one transaction. The backup is verified first (as
 * `npm run db:verify`), and a target that already holds a database is refused unless --force says to
 * replace it. Stop the app servers first: a restore under a running server is not what it serves.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describeBackup, postgresTool, postgresToolAddress, verifyBackup, type BackupReport } from "~/platform/backup-files.server";
import { config, reasonOf } from "~/platform/config.server";
import { copyPlan, usedTables } from "~/platform/engine-copy.server";

const USAGE = "Usage: npm run db:restore -- <backup-file> [--force]";
const SECRETS =
  "Before starting the app, give it the same secrets as the site the backup came from: SESSION_SECRET and TWO_FACTOR_KEY " +
  "(or, on SQLite without them, the old data folder's session-secret and two-factor-key files), or admins' second factors cannot be read.";

function fail(message: string, usage = false): never {
  console.error(`Error: ${message}${usage ? `\n\n${USAGE}` : ""}`);
  process.exit(1);
}

function argumentsOf(args: string[]): { file: string; force: boolean } {
  const files = args.filter((arg) => arg !== "--force");
  const unknown = files.find((arg) => arg.startsWith("-"));
  if (unknown) fail(`unexpected option ${unknown}`, true);
  if (files.length !== 1) fail("give exactly one backup file path", true);
  return { file: path.resolve(files[0] ?? ""), force: args.includes("--force") };
}

/** The SQLite file and what SQLite keeps beside it while it is open. */
const sqliteFiles = (file: string) => [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];

async function restoreSqlite(file: string, force: boolean, report: Extract<BackupReport, { ok: true }>) {
  const target = config().databasePath;
  if (path.resolve(target) === file) fail("the backup file is the app's database itself");
  const present = sqliteFiles(target).filter((name) => fs.existsSync(name));
  if (present.length > 0 && !force) {
    fail(`${target} already exists: restore into an empty data folder, or add --force to replace it (stop the app first)`);
  }
  // Written beside the target and renamed over it: a restore cut short leaves the old database whole.
  const partial = `${target}.restoring-${process.pid}`;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(partial);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    fail(`copying ${file} failed: ${reasonOf(error)}`);
  } finally {
    source.close();
  }
  const check = new Database(partial, { readonly: true });
  const integrity = check.pragma("integrity_check", { simple: true });
  check.close();
  if (integrity !== "ok") {
    fs.rmSync(partial, { force: true });
    fail(`the restored copy failed its integrity check: ${String(integrity)}`);
  }
  // A WAL file left from the replaced database would be replayed onto the restored one.
  for (const stale of sqliteFiles(target).slice(1)) fs.rmSync(stale, { force: true });
  fs.renameSync(partial, target);
  console.log(`Restored ${file} to ${target}: ${describeBackup(report)}.`);
}

async function restorePostgres(file: string, force: boolean, url: string, report: Extract<BackupReport, { ok: true }>) {
  const { address, shown, env } = postgresToolAddress(url);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const used = await usedTables(client, copyPlan());
    if (used.length > 0 && !force) {
      fail(`${shown} is not empty (rows in ${used.slice(0, 3).join(", ")}${used.length > 3 ? ", ..." : ""}): restore into an empty database, or add --force to replace it (stop the app servers first)`);
    }
  } catch (error) {
    fail(`cannot reach ${shown}: ${reasonOf(error)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  let tool: string;
  try {
    tool = postgresTool("pg_restore");
  } catch (error) {
    fail(reasonOf(error));
  }
  // One transaction: the database ends as the dump or as it was. --clean --if-exists drops what the dump
  // holds first (nothing, in an empty database); --no-owner makes the connecting user the owner.
  const restored = spawnSync(tool, ["--clean", "--if-exists", "--no-owner", "--single-transaction", "--exit-on-error", "-d", address, file], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "inherit", "pipe"],
  });
  if (restored.status !== 0) {
    fail(`pg_restore failed and the database is as it was (${restored.error?.message ?? `exit ${restored.status}`}): ${restored.stderr.trim()}`);
  }
  console.log(`Restored ${file} to ${shown}: ${describeBackup(report)}.`);
}

async function main() {
  const { file, force } = argumentsOf(process.argv.slice(2));
  if (!fs.existsSync(file)) fail(`no file at ${file}`);
  const report = await verifyBackup(file);
  if (!report.ok) fail(`${file}: ${report.problem}; nothing was restored`);
  // Read here, not through config(): it asks for SESSION_SECRET beside DATABASE_URL, which a restore does not need.
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (report.kind === "sqlite") {
    if (databaseUrl) {
      fail("this is a SQLite backup and DATABASE_URL is set: restore it into a data folder without DATABASE_URL, then move it with npm run db:copy");
    }
    await restoreSqlite(file, force, report);
  } else {
    if (!databaseUrl) fail("this is a PostgreSQL dump: set DATABASE_URL to the database to restore it into");
    await restorePostgres(file, force, databaseUrl, report);
  }
  console.log(SECRETS);
}

await main();
