/**
 * Operator command: a consistent copy of the database while the site keeps running.
 *   npm run db:backup -- <file>
 * On SQLite, its online backup (through better-sqlite3), so pages and writes go on during the copy;
 * copying app.db with cp while the server runs can miss what is still in the WAL file.
 * On PostgreSQL (DATABASE_URL set), pg_dump's custom format: one snapshot of every schema (the app's
 * tables, content_version, the stored_files images, drizzle's migrations), restored with pg_restore.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { postgresTool, postgresToolAddress } from "~/platform/backup-files.server";
import { config, reasonOf } from "~/platform/config.server";
import { engineOf } from "~/platform/engine";

function fail(message: string): never {
  console.error(`Error: ${message}\n\nUsage: npm run db:backup -- <backup-file>`);
  process.exit(1);
}

/** A PostgreSQL client tool (app/platform/backup-files.server.ts says where it is looked for), or the reason there is none. */
function postgresToolOrFail(tool: string): string {
  try {
    return postgresTool(tool);
  } catch (error) {
    fail(reasonOf(error));
  }
}

function backupPostgres(url: string, destination: string) {
  const pgDump = postgresToolOrFail("pg_dump");
  const { address, shown, env } = postgresToolAddress(url);
  const dumped = spawnSync(pgDump, ["--format=custom", "--file", destination, address], { env, encoding: "utf8", stdio: ["ignore", "inherit", "pipe"] });
  if (dumped.status !== 0) {
    fs.rmSync(destination, { force: true });
    fail(`pg_dump failed (${dumped.error?.message ?? `exit ${dumped.status}`}): ${dumped.stderr.trim()}`);
  }
  // The custom format's table of contents: a file pg_restore cannot list would not restore either.
  const listed = spawnSync(path.join(path.dirname(pgDump), "pg_restore"), ["--list", destination], { encoding: "utf8" });
  if (listed.status !== 0) fail(`pg_restore cannot read the dump: ${listed.stderr.trim()}`);
  console.log(`Backed up ${shown} to ${destination} (${fs.statSync(destination).size} bytes)`);
  console.log(`Restore (into this database or an empty one) with:\n  pg_restore --clean --if-exists --no-owner -d ${shown} ${destination}`);
  console.log(`Check it with: npm run db:verify -- ${destination}`);
}

async function main() {
  const [target, ...extra] = process.argv.slice(2);
  if (!target || extra.length > 0 || target.startsWith("-")) fail("give exactly one backup file path");
  // Read here, not through config(): a backup needs no SESSION_SECRET, which config() asks for beside DATABASE_URL.
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (engineOf(databaseUrl || undefined) === "postgres") {
    const destination = path.resolve(target);
    if (fs.existsSync(destination)) fail(`${destination} already exists; choose a new file name`);
    fs.mkdirSync(path.dirname(destination), { recursive: true });
    backupPostgres(databaseUrl ?? "", destination);
    return;
  }
  const source = config().databasePath;
  if (!fs.existsSync(source)) fail(`no database at ${source} (check DATA_DIR / DATABASE_PATH)`);
  const destination = path.resolve(target);
  if (destination === path.resolve(source)) fail("the backup file must differ from the database");
  if (fs.existsSync(destination)) fail(`${destination} already exists; choose a new file name`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });

  const sqlite = new Database(source, { fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  try {
    await sqlite.backup(destination);
  } finally {
    sqlite.close();
  }
  const check = new Database(destination, { readonly: true });
  const integrity = check.pragma("integrity_check", { simple: true });
  check.close();
  if (integrity !== "ok") fail(`the copy failed its integrity check: ${String(integrity)}`);
  console.log(`Backed up ${source} to ${destination} (${fs.statSync(destination).size} bytes)`);
}

await main();
