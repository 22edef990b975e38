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
import { config } from "~/platform/config.server";
import { engineOf } from "~/platform/engine";

function fail(message: string): never {
  console.error(`Error: ${message}\n\nUsage: npm run db:backup -- <backup-file>`);
  process.exit(1);
}

/** PostgreSQL's client tools as tests/support/postgres.mjs finds the server's: $PG_BIN, the newest /usr/lib/postgresql/<version>/bin, PATH. */
function postgresTool(tool: string): string {
  const has = (dir: string) => fs.existsSync(path.join(dir, tool));
  if (process.env.PG_BIN) {
    if (!has(process.env.PG_BIN)) fail(`PG_BIN=${process.env.PG_BIN} holds no ${tool}`);
    return path.join(process.env.PG_BIN, tool);
  }
  const debian = "/usr/lib/postgresql";
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((name) => /^\d+(\.\d+)?$/.test(name) && has(path.join(debian, name, "bin")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(debian, versions[0], "bin", tool);
  const onPath = (process.env.PATH ?? "").split(path.delimiter).find((dir) => dir && has(dir));
  if (onPath) return path.join(onPath, tool);
  fail(`no ${tool}: install PostgreSQL's client tools (Debian: apt-get install postgresql-client) or set PG_BIN to their folder`);
}

function backupPostgres(url: string, destination: string) {
  const pgDump = postgresTool("pg_dump");
  // The password goes to pg_dump through its environment: on the command line, ps would show it.
  const address = new URL(url);
  const env = { ...process.env };
  const password = address.password;
  if (password) env.PGPASSWORD = decodeURIComponent(password);
  address.password = "";
  const dumped = spawnSync(pgDump, ["--format=custom", "--file", destination, address.toString()], { env, encoding: "utf8", stdio: ["ignore", "inherit", "pipe"] });
  if (dumped.status !== 0) {
    fs.rmSync(destination, { force: true });
    fail(`pg_dump failed (${dumped.error?.message ?? `exit ${dumped.status}`}): ${dumped.stderr.trim()}`);
  }
  // The custom format's table of contents: a file pg_restore cannot list would not restore either.
  const listed = spawnSync(path.join(path.dirname(pgDump), "pg_restore"), ["--list", destination], { encoding: "utf8" });
  if (listed.status !== 0) fail(`pg_restore cannot read the dump: ${listed.stderr.trim()}`);
  if (password) address.password = "****";
  console.log(`Backed up ${address.toString()} to ${destination} (${fs.statSync(destination).size} bytes)`);
  console.log(`Restore (into this database or an empty one) with:\n  pg_restore --clean --if-exists --no-owner -d ${address.toString()} ${destination}`);
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
