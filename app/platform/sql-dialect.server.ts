import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { ENGINE } from "~/platform/engine";

export { isUniqueViolation } from "~/platform/db-errors.server";

/**
 * The few things SQLite and PostgreSQL spell differently (docs/decisions/033-two-engines.md). Queries
 * use these instead of writing either dialect's SQL, so each difference lives here and nowhere else.
 */
const postgres = ENGINE === "postgres";

/**
 * Equal ignoring case, as the unique e-mail indexes compare (`collate nocase` on SQLite, `lower()` on
 * PostgreSQL), so the lookup uses that index.
 */
export function sameText(column: SQLiteColumn, value: string): SQL {
  return postgres ? sql`lower(${column}) = lower(${value})` : sql`${column} = ${value} collate nocase`;
}

/** `%`, `_` and the escape character itself match only themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Contains `text`, ignoring case (SQLite's LIKE already does for ASCII; PostgreSQL needs ILIKE). */
export function containsText(column: SQLiteColumn | SQL, text: string): SQL {
  const pattern = `%${escapeLike(text)}%`;
  return postgres ? sql`${column} ilike ${pattern} escape '\\'` : sql`${column} like ${pattern} escape '\\'`;
}

/** Starts with `prefix`, case as given. */
export function startsWith(column: SQLiteColumn | SQL, prefix: string): SQL {
  return sql`${column} like ${`${escapeLike(prefix)}%`} escape '\\'`;
}

/** A JSON column as its stored text (to parse it ourselves, so that a damaged value cannot throw in the driver). */
export function jsonText(column: SQLiteColumn): SQL<string> {
  return postgres ? sql<string>`${column}::text` : sql<string>`${column}`;
}

/** One top-level field of a JSON object column, as text. */
export function jsonField(column: SQLiteColumn, key: string): SQL<string | null> {
  if (!/^[a-z_][a-z0-9_]*$/i.test(key)) throw new Error(`jsonField: unexpected key ${key}`);
  return postgres ? sql<string | null>`(${column} ->> ${sql.raw(`'${key}'`)})` : sql<string | null>`json_extract(${column}, ${sql.raw(`'$.${key}'`)})`;
}

/** Milliseconds between two timestamp columns (later minus earlier). */
export function millisBetween(later: SQLiteColumn, earlier: SQLiteColumn): SQL<number> {
  return postgres
    ? sql<number>`(extract(epoch from (${later} - ${earlier})) * 1000)`.mapWith(Number)
    : sql<number>`(${later} - ${earlier})`.mapWith(Number);
}

/**
 * Appended to a `select … limit n` that picks rows to claim: on PostgreSQL rows another transaction is
 * claiming right now are passed over instead of waited for; SQLite writes one at a time and needs nothing.
 */
export function skipLockedRows(): SQL {
  return postgres ? sql` for update skip locked` : sql``;
}
