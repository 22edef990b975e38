import path from "node:path";
import fs from "node:fs";
import Database from "better-sqlite3";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzleProxy } from "drizzle-orm/sqlite-proxy";
import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { PgDialect } from "drizzle-orm/pg-core";
import { config, reasonOf, StartupError, writableFolder } from "~/platform/config.server";
import { isStorageError } from "~/platform/storage-failure.server";
import { ENGINE } from "~/platform/engine";
import { scope, type DB, type Scope, type Tx } from "~/platform/db-scope.server";
import { openPostgres, type PostgresHandle } from "~/platform/db-postgres.server";
import { NewerSchemaError, refuseNewerSchema } from "~/platform/schema-version.server";

export type { DB, Tx };

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? path.join("drizzle", ENGINE));

type Method = "run" | "all" | "values" | "get";

/** The open SQLite file behind the asynchronous interface, for start-up checks, backups and tests. */
export type SqliteHandle = {
  engine: "sqlite";
  db: DB;
  client: Database.Database;
  close(): void | Promise<void>;
};
export type Handle = SqliteHandle | PostgresHandle;

/** The file each connection opened, as it was then: the path can come to name another file, or none. */
const openedFiles = new WeakMap<Database.Database, { file: string; dev: number; ino: number }>();

/**
 * Why a SQLite connection no longer works on the file its path names, or undefined. A file removed
 * or replaced (moved away, restored over) under a running process stays open: the app keeps reading
 * and writing it, every write lost to whoever opens the path next, and SQLite never says so.
 */
export function sqliteFileProblem(sqlite: Database.Database): string | undefined {
  const opened = openedFiles.get(sqlite);
  if (!opened) return undefined;
  let now: fs.Stats;
  try {
    now = fs.statSync(opened.file);
  } catch (error) {
    return `the file ${opened.file} is gone (${reasonOf(error)})`;
  }
  if (now.dev !== opened.dev || now.ino !== opened.ino) return `the file ${opened.file} was replaced after this process opened it`;
  return undefined;
}

/** Opens a database file, tunes it for a web server and brings its schema up to date (synchronously: start-up and CLI). */
export function openSqliteFile(file: string): Database.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  const stat = fs.statSync(file);
  openedFiles.set(sqlite, { file, dev: stat.dev, ino: stat.ino });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // FULL: a committed write survives a power cut, which matters more here than write speed.
  sqlite.pragma("synchronous = FULL");
  // An older build on a database a newer one migrated stops here (drizzle would apply nothing and go on).
  const recorded = [...sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").iterate()];
  if (recorded.length > 0) refuseNewerSchema([...sqlite.prepare("SELECT created_at FROM __drizzle_migrations").pluck().iterate()], MIGRATIONS_DIR);
  migrateSqlite(drizzleSqlite(sqlite), { migrationsFolder: MIGRATIONS_DIR });
  return sqlite;
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

const WRITE_LOCK_POLL_MS = 25;
/** How long a write waits, without blocking the event loop, for another connection's write lock before it answers 503. */
export const WRITE_LOCK_WAIT_MS = 8000;

/**
 * One transaction at a time on the process's one SQLite connection. A transaction's statements are
 * awaited, so other requests' statements could run in between and join it (and be rolled back with
 * it): while one is open, every statement from outside it waits here. Its own statements know they
 * are inside through `scope`.
 */
class Gate {
  private holder: Scope | undefined;
  private waiting: (() => void)[] = [];
  isOpenFor(current: Scope | undefined): boolean {
    return this.holder === undefined || this.holder === current;
  }
  async passFor(current: Scope | undefined): Promise<void> {
    while (!this.isOpenFor(current)) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  async acquire(next: Scope): Promise<void> {
    // Checked and taken in one turn: awaiting passFor() would let a second acquirer woken by the same
    // release find the gate open too, and both would begin a transaction on the one connection.
    while (this.holder !== undefined) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.holder = next;
  }
  release(): void {
    this.holder = undefined;
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }
}

// better-sqlite3 takes numbers, strings, bigints, buffers and null; a raw `sql` parameter may be a boolean or a Date.
function bindable(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return value;
}

const STATEMENT_CACHE_SIZE = 500;
const ROLLBACK = /^\s*rollback\b/i;

function sqliteExecutor(sqlite: Database.Database) {
  // Preparing is a good share of a small query's cost; the app runs a few hundred distinct statements.
  const statements = new Map<string, Database.Statement>();
  const prepare = (text: string): Database.Statement => {
    let statement = statements.get(text);
    if (statement) return statement;
    statement = sqlite.prepare(text);
    if (statement.reader) statement.raw(true);
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
    statements.set(text, statement);
    return statement;
  };
  return (text: string, params: unknown[], method: Method): { rows: unknown[] } => {
    // On a real full disk (or an I/O error) SQLite has already rolled the transaction back when the
    // statement fails; drizzle's ROLLBACK would then fail too ("no transaction is active") and its
    // error would replace the storage error the person must be told about.
    if (!sqlite.inTransaction && ROLLBACK.test(text)) return { rows: [] };
    // Errors go up as they are: db-errors.server.ts turns storage trouble into the 503 answer.
    const statement = prepare(text);
    const args = params.map(bindable);
    if (!statement.reader) {
      statement.run(...args);
      return { rows: [] };
    }
    // A write that returns rows is read to its end: get() steps once and resets the statement, and an
    // autocommit write commits in that reset, whose error (a full disk) better-sqlite3 never raises.
    const rows = statement.all(...args) as unknown[][];
    // For get(), drizzle's proxy takes the one row itself (or undefined) as `rows`.
    return { rows: method === "get" ? (rows[0] as unknown[]) : rows };
  };
}

const isBusy = (error: unknown) => /^SQLITE_BUSY/.test(String((error as { code?: unknown } | null)?.code ?? ""));

/**
 * Runs a statement that needs the write lock; while another connection (the other app workers, a backup,
 * the CLI) holds it, waits and tries again for up to WRITE_LOCK_WAIT_MS, asynchronously, so two writers
 * that merely meet queue instead of one answering 503. Each try waits REQUEST_BUSY_TIMEOUT_MS at most
 * inside SQLite (blocking the event loop) and then without blocking, a little longer each time.
 */
async function waitingForTheLock<T>(sqlite: Database.Database, statement: () => T): Promise<T> {
  const deadline = Date.now() + WRITE_LOCK_WAIT_MS;
  for (let pause = WRITE_LOCK_POLL_MS; ; pause = Math.min(pause * 2, 200)) {
    try {
      return statement();
    } catch (error) {
      if (!isBusy(error) || sqlite.inTransaction || Date.now() + pause > deadline) throw error;
    }
    // A random share of the pause, so writers that met once do not meet again on the same beat.
    await new Promise((resolve) => setTimeout(resolve, pause / 2 + Math.random() * (pause / 2)));
  }
}

/** The asynchronous interface over an open SQLite file. */
export function sqliteHandle(sqlite: Database.Database): SqliteHandle {
  const gate = new Gate();
  const execute = sqliteExecutor(sqlite);
  const proxy = drizzleProxy(async (text, params, method) => {
    const current = scope.getStore();
    if (!gate.isOpenFor(current)) await gate.passFor(current);
    // Inside a transaction this connection holds the write lock already. Outside (a BEGIN, a write on its
    // own) a statement refused as busy changed nothing and is tried again: see waitingForTheLock.
    if (sqlite.inTransaction) return execute(text, params, method);
    return waitingForTheLock(sqlite, () => execute(text, params, method));
  });
  const transaction = proxy.transaction.bind(proxy);
  // Transactions are IMMEDIATE: they take the write lock at once, so two never deadlock upgrading a read lock.
  proxy.transaction = (async (work: (tx: Tx) => Promise<unknown>) => {
    const current: Scope = {};
    await gate.acquire(current);
    try {
      return await scope.run(current, () =>
        transaction(async (tx) => {
          current.tx = tx;
          return work(tx);
        }, { behavior: "immediate" }),
      );
    } finally {
      gate.release();
    }
  }) as DB["transaction"];
  return {
    engine: "sqlite",
    db: proxy,
    client: sqlite,
    close: () => {
      sqlite.close();
    },
  };
}

/** Opens the app's SQLite file, or stops start-up with one line naming the variable and the file. */
export function openAppSqlite(file: string, variable: string): SqliteHandle {
  writableFolder(variable, path.dirname(file));
  let sqlite: Database.Database | undefined;
  try {
    sqlite = openSqliteFile(file);
    assertWritable(sqlite);
    sqlite.pragma(`busy_timeout = ${REQUEST_BUSY_TIMEOUT_MS}`);
    return sqliteHandle(sqlite);
  } catch (error) {
    sqlite?.close();
    if (error instanceof NewerSchemaError) throw error;
    throw new StartupError(`${variable}: cannot use the database ${file} (${reasonOf(error)})`);
  }
}

let instance: Handle | undefined;
let opening: Promise<Handle> | undefined;

/**
 * Opens the database this process uses (migrating it first) if it is not open yet. Start-up awaits it;
 * PostgreSQL needs it awaited before the first db(), SQLite opens synchronously on demand too.
 */
export async function openAppDatabase(): Promise<Handle> {
  if (instance) return instance;
  if (ENGINE === "sqlite") return sqliteInstance();
  const url = config().databaseUrl ?? "";
  opening ??= openPostgres(url, MIGRATIONS_DIR).then(
    (opened) => {
      instance = opened;
      return opened;
    },
    (error: unknown) => {
      if (error instanceof NewerSchemaError) throw error;
      // One line naming the variable and the server (never its password), as for a SQLite file that cannot be used.
      throw new StartupError(`DATABASE_URL: cannot use the database ${withoutPassword(url)} (${reasonOf(error)})`);
    },
  );
  try {
    return await opening;
  } finally {
    opening = undefined;
  }
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "****";
    return parsed.toString();
  } catch {
    return "(an unreadable address)";
  }
}

function sqliteInstance(): SqliteHandle {
  // DATABASE_PATH names the file; without it, it lives in DATA_DIR.
  instance ??= openAppSqlite(config().databasePath, process.env.DATABASE_PATH ? "DATABASE_PATH" : "DATA_DIR");
  return instance as SqliteHandle;
}

function handle(): Handle {
  if (instance) return instance;
  if (ENGINE === "sqlite") return sqliteInstance();
  throw new Error("The PostgreSQL database is not open yet: await openAppDatabase() at start-up");
}

/** The app's database, or the transaction open in the calling code's context (so a helper called inside one joins it). */
export function db(): DB {
  // A transaction takes every query a database does (it lacks only batch(), which the app does not use).
  return (scope.getStore()?.tx as DB | undefined) ?? handle().db;
}

type PreparedQuery<T> = {
  execute(placeholders?: Record<string, unknown>): Promise<T>;
};

/**
 * A read that most page views ask, built once per database and then run with its values: for a small
 * query, drizzle's building of the SQL costs more than SQLite's running it. The query takes its values
 * as `sql.placeholder(name)` and is built with `.prepare()` on the database it is given (a select: its
 * rows are mapped as drizzle's `all` maps them). Inside a transaction it is built afresh on the
 * transaction: a statement prepared on the PostgreSQL pool would run outside it. It runs through drizzle's
 * own `execute`, on both engines (docs/decisions/069-public-apis-only.md).
 */
export function preparedRead<P extends Record<string, unknown>, T>(build: (database: DB | Tx) => PreparedQuery<T>): (values: P) => Promise<T> {
  const built = new WeakMap<DB, PreparedQuery<T>>();
  return (values) => {
    const open = scope.getStore()?.tx;
    if (open) return build(open).execute(values);
    const current = handle();
    let query = built.get(current.db);
    if (!query) {
      query = build(current.db);
      built.set(current.db, query);
    }
    return query.execute(values);
  };
}

/**
 * preparedRead for a query whose SQL takes one of a few shapes (how many ids an `in` list holds, an
 * optional condition): one prepared query per shape.
 */
export function preparedReadByShape<S extends string | number | boolean, T>(
  build: (database: DB | Tx, shape: S) => PreparedQuery<T>,
): (shape: S, values: Record<string, unknown>) => Promise<T> {
  const shapes = new Map<S, (values: Record<string, unknown>) => Promise<T>>();
  return (shape, values) => {
    let read = shapes.get(shape);
    if (!read) {
      read = preparedRead((database) => build(database, shape));
      shapes.set(shape, read);
    }
    return read(values);
  };
}

/** `count` placeholders named prefix0, prefix1…: the `in` list of a preparedReadByShape query. `numbered` names their values. */
export function placeholders(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => sql.placeholder(`${prefix}${i}`));
}

export function numbered(prefix: string, values: readonly unknown[]): Record<string, unknown> {
  return Object.fromEntries(values.map((value, i) => [`${prefix}${i}`, value]));
}

/** Whether the calling code runs inside a transaction (db() is that transaction). */
export function inTransaction(): boolean {
  return scope.getStore()?.tx !== undefined;
}

/**
 * Runs `work` as one transaction: all of it is written or none. Called inside a transaction, it joins
 * that one. `work` must only touch the database (no mail, no hashing): PostgreSQL may run it again
 * when a concurrent transaction made it conflict, and SQLite holds every other statement back while it runs.
 */
export async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const open = scope.getStore()?.tx;
  if (open) return work(open);
  return handle().db.transaction(work) as Promise<T>;
}

/** The open SQLite connection, for what only SQLite has (backups, pragmas, the write-lock probe); undefined on PostgreSQL. */
export function sqliteClient(): Database.Database | undefined {
  const current = handle();
  return current.engine === "sqlite" ? current.client : undefined;
}

/** PostgreSQL's pool, for what only it has (the readiness check's own connection); undefined on SQLite. */
export function postgresPool(): PostgresHandle["pool"] | undefined {
  const current = handle();
  return current.engine === "postgres" ? current.pool : undefined;
}

/**
 * Runs start-up work (seeding, housekeeping) with the patient wait of the command-line tools: no request
 * is served yet, and a worker restarted while others write must not fail its start for a lock held 100 ms.
 */
export async function withStartupPatience<T>(work: () => Promise<T>): Promise<T> {
  const sqlite = sqliteClient();
  sqlite?.pragma("busy_timeout = 5000");
  try {
    return await work();
  } finally {
    sqlite?.pragma(`busy_timeout = ${REQUEST_BUSY_TIMEOUT_MS}`);
  }
}


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
 * Resolves once no other connection (a backup, the CLI, another server process) holds SQLite's write
 * lock, polling without blocking the event loop, or after `maxWaitMs`. Posts go through this before
 * their action, so a held lock delays them instead of freezing every request behind a synchronous
 * wait. PostgreSQL's locks are per row and waited for asynchronously: nothing to do there.
 */
export async function writeLockFree(maxWaitMs = WRITE_LOCK_WAIT_MS): Promise<boolean> {
  const sqlite = sqliteClient();
  if (!sqlite) return true;
  const deadline = Date.now() + maxWaitMs;
  while (!writeLockIsFree(sqlite)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, WRITE_LOCK_POLL_MS));
  }
  return true;
}

/** Tests swap in a temporary database; undefined closes the current one (the next db() opens DATA_DIR's or DATABASE_URL's). */
export async function setDatabaseForTests(next: Handle | undefined): Promise<void> {
  const previous = instance;
  instance = next;
  if (previous && previous !== next) await previous.close();
}

const sqliteDialect = new SQLiteAsyncDialect();
const postgresDialect = new PgDialect();

/**
 * Runs hand-written SQL (a `sql` template) on either engine and returns its rows as objects, for the
 * rare statement no query builder expresses (the CLI's checks, tests looking under the app). It runs
 * outside any open transaction; application queries use the builder.
 */
export async function queryRows<Row extends Record<string, unknown>>(query: SQL): Promise<Row[]> {
  const current = handle();
  if (current.engine === "sqlite") {
    const { sql: text, params } = sqliteDialect.sqlToQuery(query);
    const statement = current.client.prepare(text);
    const args = params.map(bindable);
    if (!statement.reader) {
      statement.run(...args);
      return [];
    }
    return statement.all(...args) as Row[];
  }
  const { sql: text, params } = postgresDialect.sqlToQuery(query);
  return (await current.pool.query<Row>(text, params)).rows;
}
