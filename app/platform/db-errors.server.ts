import { DrizzleQueryError } from "drizzle-orm/errors";
import { SQLitePreparedQuery } from "drizzle-orm/sqlite-core";
import { PgPreparedQuery } from "drizzle-orm/pg-core";
import { asStorageFailure } from "~/platform/storage-failure.server";
import { scope } from "~/platform/db-scope.server";

/** The driver's own error behind drizzle's DrizzleQueryError (which carries the failed SQL as its message). */
export function driverError(error: unknown): unknown {
  return error instanceof DrizzleQueryError && error.cause !== undefined ? error.cause : error;
}

function codeOf(error: unknown): string {
  const code = (driverError(error) as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

/** A unique index or primary key refused the row (SQLite's and PostgreSQL's codes). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

/** PostgreSQL gave up a transaction because a concurrent one made it conflict: running it again is safe. */
export function isSerializationFailure(error: unknown): boolean {
  const code = codeOf(error);
  return code === "40001" || code === "40P01";
}

type Querying = { queryWithCache(sql: string, params: unknown[], query: () => Promise<unknown>): Promise<unknown> };

/**
 * drizzle wraps every driver error in a DrizzleQueryError. Storage trouble (a full disk, a lost
 * connection) must still reach the route as the 503 "not saved" answer (storage-failure.server.ts),
 * on either engine: this one place turns it back, for every query of both dialects.
 */
function answerStorageFailures(prototype: Querying): void {
  const original = prototype.queryWithCache;
  prototype.queryWithCache = async function (this: unknown, ...args: Parameters<Querying["queryWithCache"]>) {
    try {
      return await original.apply(this, args);
    } catch (error) {
      const cause = driverError(error);
      const open = scope.getStore();
      if (open?.tx && isSerializationFailure(cause)) {
        // Not a 503 yet: the transaction runs again (db-postgres.server.ts), which must recognise it.
        open.conflict ??= cause;
        throw error;
      }
      const failure = asStorageFailure(cause);
      throw failure === cause ? error : failure;
    }
  };
}

answerStorageFailures(SQLitePreparedQuery.prototype as unknown as Querying);
answerStorageFailures(PgPreparedQuery.prototype as unknown as Querying);
