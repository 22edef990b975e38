/**
 * Operator command: a consistent copy of the database while the site keeps running.
 *   npm run db:backup -- <file>
 * Uses SQLite's online backup (through better-sqlite3), so pages and writes go on during the copy;
 * copying app.db with cp while the server runs can miss what is still in the WAL file.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { config } from "~/platform/config.server";

function fail(message: string): never {
  console.error(`Error: ${message}\n\nUsage: npm run db:backup -- <backup-file>`);
  process.exit(1);
}

async function main() {
  const [target, ...extra] = process.argv.slice(2);
  if (!target || extra.length > 0 || target.startsWith("-")) fail("give exactly one backup file path");
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
