import path from "node:path";
import fs from "node:fs";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema";
import { config } from "~/platform/config.server";

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

let instance: DB | undefined;

export function db(): DB {
  instance ??= openDatabase(config().databasePath);
  return instance;
}

/** Tests swap in a temporary database. */
export function setDatabaseForTests(next: DB | undefined) {
  instance?.$client.close();
  instance = next;
}
