import path from "node:path";
import fs from "node:fs";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema";
import { config, reasonOf, StartupError, writableFolder } from "~/platform/config.server";
import { asStorageFailure, isStorageError } from "~/platform/storage-failure.server";

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

/**
 * How long a statement of the app's connection may wait, blocking the event loop, for a lock another
 * connection holds. Start-up, migrations and the command-line tools wait 5 s; a request must not: a
 * post waits for the lock asynchronously first (writeLockFree), and past this it answers 503.
 */
export const REQUEST_BUSY_TIMEOUT_MS = 100;

/**
 * Every statement and transaction of the app's connection reports storage trouble (a full disk, a
 * read-only file, a lock held too long) as the 503 "not saved" answer instead of a 500. A write that
 * returns rows is read to its end: better-sqlite3's get() steps once and then resets the statement, and
 * an autocommit write commits in that reset, whose error (the disk is full) it never raises: the write
 * was reported done and lost.
 */
function guardStorage(sqlite: Database.Database): void {
  const guarded =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return run(...args);
      } catch (error) {
        throw asStorageFailure(error);
      }
    };
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = guarded((source: string) => {
    const statement = prepare(source);
    const { run, all, get, iterate } = Object.getPrototypeOf(statement) as Database.Statement;
    statement.run = guarded(run.bind(statement));
    statement.all = guarded(all.bind(statement));
    statement.iterate = guarded(iterate.bind(statement));
    statement.get = statement.readonly ? guarded(get.bind(statement)) : guarded((...args: unknown[]) => all.apply(statement, args)[0]);
    return statement;
  }) as typeof sqlite.prepare;
  const transaction = sqlite.transaction.bind(sqlite);
  sqlite.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const native = transaction(fn);
    return Object.assign(guarded(native), {
      deferred: guarded(native.deferred),
      immediate: guarded(native.immediate),
      exclusive: guarded(native.exclusive),
    });
  }) as typeof sqlite.transaction;
}

/** Opens the app's database, or stops start-up with one line naming the variable and the file. */
export function openAppDatabase(file: string, variable: string): DB {
  writableFolder(variable, path.dirname(file));
  let opened: DB | undefined;
  try {
    opened = openDatabase(file);
    assertWritable(opened.$client);
    opened.$client.pragma(`busy_timeout = ${REQUEST_BUSY_TIMEOUT_MS}`);
    guardStorage(opened.$client);
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

/**
 * Runs start-up work (seeding, housekeeping) with the patient wait of the command-line tools: no request
 * is served yet, and a worker restarted while others write must not fail its start for a lock held 100 ms.
 */
export function withStartupPatience<T>(work: () => T): T {
  const sqlite = db().$client;
  sqlite.pragma("busy_timeout = 5000");
  try {
    return work();
  } finally {
    sqlite.pragma(`busy_timeout = ${REQUEST_BUSY_TIMEOUT_MS}`);
  }
}

const WRITE_LOCK_POLL_MS = 25;
/** How long a post waits for another connection's write lock before its action runs anyway (and may answer 503). */
const WRITE_LOCK_WAIT_MS = 8000;

/** Whether no other connection holds the write lock now; never waits. */
function writeLockIsFree(sqlite: Database.Database): boolean {
  if (sqlite.inTransaction) return true;
  sqlite.pragma("busy_timeout = 0");
  try {
    sqlite.exec("BEGIN IMMEDIATE");
    sqlite.exec("ROLLBACK");
    return true;
  } catch (error) {
    if (isStorageError(error)) return false;
    throw error;
  } finally {
    sqlite.pragma(`busy_timeout = ${REQUEST_BUSY_TIMEOUT_MS}`);
  }
}

/**
 * Resolves once no other connection (a backup, the CLI, another server process) holds the write lock,
 * polling without blocking the event loop, or after `maxWaitMs`. Posts go through this before their
 * action, so a held lock delays them instead of freezing every request behind a synchronous wait.
 */
export async function writeLockFree(maxWaitMs = WRITE_LOCK_WAIT_MS): Promise<boolean> {
  const sqlite = db().$client;
  const deadline = Date.now() + maxWaitMs;
  while (!writeLockIsFree(sqlite)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, WRITE_LOCK_POLL_MS));
  }
  return true;
}

/** Tests swap in a temporary database. */
export function setDatabaseForTests(next: DB | undefined) {
  instance?.$client.close();
  instance = next;
}
