import { getTableName, is, type Column } from "drizzle-orm";
import type pg from "pg";
import { PgTable, getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { SQLiteTable, getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";
import * as postgres from "~/platform/schema/postgres";
import * as sqlite from "~/platform/schema/sqlite";

/*
 * What `npm run db:copy` (app/cli/db-copy.ts) copies from the SQLite file to PostgreSQL, read from the two
 * schemas' drizzle tables: a table or column added to both (tests/unit/schema-drift.test.ts keeps them
 * alike) is copied without a change here.
 */

/** One column: its SQL name, the same on both engines, and the two drizzle columns that read and write it. */
export type CopiedColumn = { name: string; source: Column; target: Column };

/** One table, its columns in the PostgreSQL table's order, and the tables its rows point at. */
export type CopiedTable = { name: string; columns: CopiedColumn[]; references: string[] };

function byName<T extends PgTable | SQLiteTable>(tables: T[]): Map<string, T> {
  return new Map(tables.map((table) => [getTableName(table), table]));
}

/**
 * Every table in an order where each comes after the tables its foreign keys name, so PostgreSQL, which
 * checks a reference at each insert, accepts every row; ties keep the schema's order.
 */
export function copyPlan(): CopiedTable[] {
  const sources = byName((Object.values(sqlite) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable)));
  const targets = byName((Object.values(postgres) as unknown[]).filter((value): value is PgTable => is(value, PgTable)));
  const onlyOnOne = [...sources.keys()].filter((name) => !targets.has(name)).concat([...targets.keys()].filter((name) => !sources.has(name)));
  if (onlyOnOne.length > 0) throw new Error(`tables on one engine only: ${onlyOnOne.join(", ")} (see tests/unit/schema-drift.test.ts)`);

  const described = [...targets].map(([name, target]): CopiedTable => {
    const source = sources.get(name) as SQLiteTable;
    const sourceColumns = new Map(sqliteTableConfig(source).columns.map((column) => [column.name, column]));
    const config = pgTableConfig(target);
    const columns = config.columns.map((column) => {
      const from = sourceColumns.get(column.name);
      if (!from) throw new Error(`${name}.${column.name} is missing from the SQLite schema`);
      return { name: column.name, source: from, target: column };
    });
    const references = config.foreignKeys.map((key) => getTableName(key.reference().foreignTable));
    // A row pointing at its own table needs no table before it (and none of the app's tables does).
    return { name, columns, references: [...new Set(references)].filter((other) => other !== name) };
  });

  const ordered: CopiedTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < described.length) {
    const next = described.find((table) => !placed.has(table.name) && table.references.every((other) => placed.has(other)));
    if (!next) {
      const left = described.filter((table) => !placed.has(table.name)).map((table) => table.name);
      throw new Error(`the foreign keys of ${left.join(", ")} form a cycle: no order inserts them`);
    }
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

/**
 * A value as SQLite stores it, as node-postgres should send it for the PostgreSQL column: through the
 * SQLite column's reading (0/1 → boolean, unix ms → Date, JSON text → value, blob → Buffer) and the
 * PostgreSQL column's writing (Date → ISO text at millisecond precision, value → JSON text for jsonb).
 */
export function toPostgresValue(column: CopiedColumn, stored: unknown): unknown {
  if (stored === null || stored === undefined) return null;
  const value: unknown = column.source.mapFromDriverValue(stored);
  if (value instanceof Date && Number.isNaN(value.getTime())) throw new Error(`not a time: ${String(stored)}`);
  return column.target.mapToDriverValue(value);
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables of the plan that hold rows in the target, with their counts; tables not created yet count as empty. */
export async function usedTables(client: pg.ClientBase, plan: CopiedTable[]): Promise<string[]> {
  const used: string[] = [];
  for (const table of plan) {
    const present = await client.query<{ present: boolean }>("select to_regclass($1) is not null as present", [quoted(table.name)]);
    if (!present.rows[0]?.present) continue;
    const rows = await client.query<{ n: string }>(`select count(*) as n from ${quoted(table.name)}`);
    const n = Number(rows.rows[0]?.n ?? 0);
    if (n > 0) used.push(`${table.name} (${n})`);
  }
  return used;
}
