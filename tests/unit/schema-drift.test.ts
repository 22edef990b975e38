import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Column, SQL, StringChunk, Table, getTableName, is } from "drizzle-orm";
import { IndexedColumn, PgTable, getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { SQLiteTable, getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as postgres from "~/platform/schema/postgres";
import * as sqlite from "~/platform/schema/sqlite";

// The app is written against the SQLite tables and runs unchanged on the PostgreSQL ones
// (app/platform/schema.ts), so the two schemas must describe the same database: a column, index or
// constraint added to one and forgotten in the other fails here, not in production on one engine.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Each SQLite column kind (its drizzle class and mode) and the PostgreSQL type that stands for it
 * (app/platform/schema/postgres.ts). A kind not listed is a difference until it is added here.
 */
const PG_TYPE_OF: Record<string, string> = {
  "SQLiteText": "text",
  "SQLiteInteger": "integer",
  "SQLiteTimestamp mode=timestamp_ms": "timestamp (3) with time zone",
  "SQLiteBoolean mode=boolean": "boolean",
  "SQLiteTextJson": "jsonb",
  "SQLiteBlobBuffer": "bytea",
  // A column of our own type (customType) stands for the PostgreSQL column of the same SQL type.
  "SQLiteCustomColumn text": "text",
};

const sqliteTables = Object.fromEntries(
  Object.entries(sqlite).filter(([, value]) => is(value, SQLiteTable)),
) as Record<string, SQLiteTable>;
const pgTables = Object.fromEntries(
  Object.entries(postgres).filter(([, value]) => is(value, PgTable)),
) as Record<string, PgTable>;

/** SQL text with columns as their bare names, lower-cased, spaces collapsed: the same on both engines. */
function sqlText(chunk: unknown): string {
  if (is(chunk, SQL)) return chunk.queryChunks.map(sqlText).join("");
  if (is(chunk, StringChunk)) return chunk.value.join("");
  if (is(chunk, Column) || is(chunk, IndexedColumn)) return chunk.name ?? "";
  return String(chunk);
}
const normalised = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** An index key as PostgreSQL writes it: SQLite's `x collate nocase` is PostgreSQL's `lower(x)`. */
function indexKey(key: unknown): string {
  const text = normalised(sqlText(key));
  return text.replace(/^([a-z_][a-z0-9_]*) collate nocase$/, "lower($1)");
}

type Described = Record<string, unknown>;
type Side = Map<string, Described>;

/** What a default is, engine aside: a plain value compares as is; SQL (now(), '[]') only as "an expression". */
function defaultOf(column: Column): unknown {
  if (column.default !== undefined) return is(column.default, SQL) ? "(expression)" : column.default;
  return column.defaultFn ? "(function)" : null;
}

/** What a column is on PostgreSQL, said the same way for a SQLite column (through PG_TYPE_OF) and a PostgreSQL one. */
function describeColumn(column: Column, type: string, identity: boolean): Described {
  return {
    type,
    notNull: column.notNull,
    primaryKey: column.primary,
    // SQLite's autoincrement; on PostgreSQL an identity by default, so a copy from SQLite may write its ids.
    identity,
    hasDefault: column.hasDefault,
    default: defaultOf(column),
    unique: column.isUnique ? column.uniqueName : false,
    enum: column.enumValues ?? null,
  };
}

/** The parts of getTableConfig both dialects share in shape. */
type Constraints = {
  indexes: { config: { name?: string; unique: boolean; columns: readonly unknown[]; where?: SQL } }[];
  foreignKeys: {
    getName(): string;
    reference(): { columns: Column[]; foreignTable: Table; foreignColumns: Column[] };
    onDelete?: string;
    onUpdate?: string;
  }[];
  primaryKeys: { getName(): string; columns: Column[] }[];
  uniqueConstraints: { getName(): string | undefined; columns: Column[] }[];
  checks: { name: string; value: SQL }[];
};

function describeConstraints(config: Constraints, side: Side): Side {
  for (const index of config.indexes) {
    side.set(`${index.config.name} (index)`, {
      unique: index.config.unique,
      on: index.config.columns.map(indexKey),
      where: index.config.where ? normalised(sqlText(index.config.where)) : null,
    });
  }
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    side.set(`${fk.getName()} (foreign key)`, {
      columns: ref.columns.map((c) => c.name),
      foreignTable: getTableName(ref.foreignTable),
      foreignColumns: ref.foreignColumns.map((c) => c.name),
      onDelete: fk.onDelete ?? "no action",
      onUpdate: fk.onUpdate ?? "no action",
    });
  }
  for (const pk of config.primaryKeys) side.set(`${pk.getName()} (primary key)`, { columns: pk.columns.map((c) => c.name) });
  for (const u of config.uniqueConstraints) side.set(`${u.getName()} (unique)`, { columns: u.columns.map((c) => c.name) });
  for (const check of config.checks) side.set(`${check.name} (check)`, { value: normalised(sqlText(check.value)) });
  return side;
}

function sqliteSide(table: SQLiteTable): Side {
  const config = sqliteTableConfig(table);
  const side: Side = new Map();
  for (const column of config.columns) {
    const custom = column.columnType === "SQLiteCustomColumn" ? ` ${column.getSQLType()}` : "";
    const kind = `${column.columnType}${custom}${"mode" in column ? ` mode=${String(column.mode)}` : ""}`;
    const type = PG_TYPE_OF[kind] ?? `unmapped SQLite ${column.getSQLType()} (${kind}): add it to PG_TYPE_OF`;
    const autoIncrement = "autoIncrement" in column && column.autoIncrement === true;
    side.set(`${column.name} (column)`, describeColumn(column, type, autoIncrement));
  }
  return describeConstraints(config, side);
}

function pgSide(table: PgTable): Side {
  const config = pgTableConfig(table);
  const side: Side = new Map();
  for (const column of config.columns) {
    const identity = column.generatedIdentity?.type === "byDefault";
    side.set(`${column.name} (column)`, describeColumn(column, column.getSQLType(), identity));
  }
  return describeConstraints(config, side);
}

const shown = (value: unknown): string =>
  Array.isArray(value) ? `[${value.map(shown).join(", ")}]` : typeof value === "string" ? value : JSON.stringify(value);
const whole = (d: Described) => `{ ${Object.entries(d).map(([k, v]) => `${k}: ${shown(v)}`).join("; ")} }`;

/** One line per thing that differs, naming the table, the thing and what each engine has. */
function differences(table: string, left: Side, right: Side): string[] {
  const found: string[] = [];
  for (const thing of new Set([...left.keys(), ...right.keys()])) {
    const a = left.get(thing);
    const b = right.get(thing);
    if (!a || !b) {
      found.push(`${table}.${thing}: sqlite ${a ? whole(a) : "(missing)"} ≠ postgres ${b ? whole(b) : "(missing)"}`);
      continue;
    }
    for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (shown(a[field]) !== shown(b[field])) {
        found.push(`${table}.${thing} ${field}: sqlite ${shown(a[field])} ≠ postgres ${shown(b[field])}`);
      }
    }
  }
  return found;
}

describe("the PostgreSQL schema matches the SQLite one", () => {
  it("exports the same tables under the same names", () => {
    const names = (tables: Record<string, SQLiteTable | PgTable>) =>
      Object.entries(tables)
        .map(([key, table]) => `${key} → ${getTableName(table)}`)
        .sort();
    expect(names(pgTables)).toEqual(names(sqliteTables));
  });

  it.each(Object.keys(sqliteTables).filter((key) => key in pgTables))("%s: columns, indexes and constraints", (key) => {
    const table = getTableName(sqliteTables[key]!);
    expect(differences(table, sqliteSide(sqliteTables[key]!), pgSide(pgTables[key]!))).toEqual([]);
  });

  it("reads and writes the same TypeScript values", () => {
    // Checked by tsc (npm run typecheck): a different $type, enum or nullability is a type error here.
    type Rows<S> = { [K in keyof S]: S[K] extends { $inferSelect: infer R } ? R : never };
    type Inserts<S> = { [K in keyof S]: S[K] extends { $inferInsert: infer R } ? R : never };
    expectTypeOf<Rows<typeof postgres>>().toEqualTypeOf<Rows<typeof sqlite>>();
    expectTypeOf<Inserts<typeof postgres>>().toEqualTypeOf<Inserts<typeof sqlite>>();
  });
});

describe("the migrations are up to date with the schemas", () => {
  // drizzle-kit compares a schema with the last snapshot in the journal; run on a copy so nothing is written.
  it.each([
    ["sqlite", "sqlite", "app/platform/schema/sqlite.ts"],
    ["postgres", "postgresql", "app/platform/schema/postgres.ts"],
  ])("drizzle/%s has no schema change left to generate", (engine, dialect, schema) => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), `wm-drift-${engine}-`));
    try {
      fs.cpSync(path.join(ROOT, "drizzle", engine), out, { recursive: true });
      const bin = path.join(ROOT, "node_modules/.bin/drizzle-kit");
      // Relative: drizzle-kit reads its snapshots from `./${out}`.
      const args = ["generate", "--dialect", dialect, "--schema", schema, "--out", path.relative(ROOT, out)];
      const run = spawnSync(bin, args, {
        cwd: ROOT,
        encoding: "utf8",
        // A change drizzle-kit cannot tell from a rename asks on a terminal; with none it stops with an error.
        stdio: ["ignore", "pipe", "pipe"],
        timeout: 15_000,
      });
      const said = `${run.stdout}${run.stderr}${run.error ? String(run.error) : ""}`;
      expect(said, `run npm run db:generate: drizzle/${engine} lags app/platform/schema/${engine}.ts`).toContain(
        "No schema changes",
      );
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
