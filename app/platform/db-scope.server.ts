import { AsyncLocalStorage } from "node:async_hooks";
import type { SqliteRemoteDatabase } from "drizzle-orm/sqlite-proxy";

/**
 * The one database type the app is written against (docs/decisions/033-two-engines.md): drizzle's
 * asynchronous SQLite interface. On PostgreSQL the same calls reach drizzle's node-postgres database
 * with the PostgreSQL tables; only what both engines share may be used: `await` a query (never the
 * SQLite-only .get/.all/.run/.values), `.returning()`, `onConflictDo*`, and `transaction()`.
 */
export type DB = SqliteRemoteDatabase;
export type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

/**
 * The transaction open in the calling code's async context, if any: db() hands it out, so a helper called
 * inside one joins it. `conflict` is the first serialization failure one of its statements met on
 * PostgreSQL: the transaction runs again even when the code caught that error (audit() never throws).
 */
export type Scope = { tx?: Tx; conflict?: unknown };
export const scope = new AsyncLocalStorage<Scope>();
