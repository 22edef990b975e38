import path from "node:path";
import fs from "node:fs";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema";
import { config, reasonOf, StartupError, writableFolder } from "~/platform/config.server";

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/** Opens a database file, tunes it for a web server and brings its schema up to date. */
export function openDatabase(file: string): DB {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // FULL: a committed write survives a power cut, which matters more here than write speed.
  sqlite.pragma("synchronous = FULL");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return db;
}

/**
 * Proves the database takes writes. SQLite silently opens a file it cannot write (read-only file
 * system, permissions) read-only, and the first sign-in would fail with SQLITE_READONLY: rewriting
 * the header's user_version (same value, nothing changes) fails at once instead.
 */
export function assertWritable(sqlite: Database.Database): void {
  const version = Number(sqlite.pragma("user_version", { simple: true }));
  sqlite.pragma(`user_version = ${version}`);
}

/** Opens the app's database, or stops start-up with one line naming the variable and the file. */
export function openAppDatabase(file: string, variable: string): DB {
  writableFolder(variable, path.dirname(file));
  let opened: DB | undefined;
  try {
    opened = openDatabase(file);
    assertWritable(opened.$client);
    return opened;
  } catch (error) {
    opened?.$client.close();
    throw new StartupError(`${variable}: cannot use the database ${file} (${reasonOf(error)})`);
  }
}

let instance: DB | undefined;

export function db(): DB {
  // DATABASE_PATH names the file; without it, it lives in DATA_DIR.
  instance ??= openAppDatabase(config().databasePath, process.env.DATABASE_PATH ? "DATABASE_PATH" : "DATA_DIR");
  return instance;
}

/** Tests swap in a temporary database. */
export function setDatabaseForTests(next: DB | undefined) {
  instance?.$client.close();
  instance = next;
}
