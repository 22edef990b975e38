import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { config } from "~/platform/config.server";
import { MIGRATIONS_DIR, openAppDatabase, setDatabaseForTests } from "~/platform/db.server";
import { shippedMigrations } from "~/platform/schema-version.server";
import { onPostgres } from "./engine";

// A database a newer release migrated, met by this (older) build at start-up: drizzle alone would apply
// nothing and start on a schema the build does not know (docs/decisions/066-schema-across-versions.md).
// The newer release's migration is played by a row in drizzle's migrations table dated after this
// build's newest; that row is all an older build can see of it.

const shipped = shippedMigrations(MIGRATIONS_DIR);
const newestKnown = shipped[shipped.length - 1]!;
const TABLE = onPostgres ? "drizzle.__drizzle_migrations" : "__drizzle_migrations";

/** Runs one statement on the app's database on a connection of its own, as another release's server would. */
async function onTheSide(text: string) {
  if (onPostgres) {
    const client = new pg.Client({ connectionString: config().databaseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  } else {
    const sqlite = new Database(config().databasePath);
    try {
      sqlite.exec(text);
    } finally {
      sqlite.close();
    }
  }
}
/** A migration of a newer release, as drizzle records it: a hash of its SQL and its journal time. */
const applyNewer = (n: number, when: number) => onTheSide(`INSERT INTO ${TABLE} (hash, created_at) VALUES ('newer-release-${n}', ${when})`);

async function restart(): Promise<unknown> {
  await setDatabaseForTests(undefined);
  try {
    await openAppDatabase();
    return undefined;
  } catch (error) {
    return error;
  }
}

afterAll(async () => {
  await onTheSide(`DELETE FROM ${TABLE} WHERE hash LIKE 'newer-release-%'`);
});

describe("a database whose schema is newer than this build", () => {
  it("stops start-up with one line saying what to do; the current schema starts as before", async () => {
    await openAppDatabase();
    expect(await restart()).toBeUndefined();

    const newer = newestKnown.when + 86_400_000;
    await applyNewer(1, newer);
    const error = await restart();
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("NewerSchemaError");
    const date = new Date(newer).toISOString().replace(/\.\d+Z$/, "Z");
    expect((error as Error).message).toBe(
      `The database's schema is newer than this version of WealthMatch (it has a migration dated ${date} that this build does not know; ` +
        `this build knows up to ${newestKnown.tag}): deploy the newer version, or restore a backup taken before the upgrade.`,
    );

    await applyNewer(2, newer + 1000);
    expect(((await restart()) as Error).message).toContain(`it has 2 migrations, the newest dated ${new Date(newer + 1000).toISOString().replace(/\.\d+Z$/, "Z")}, that this build does not know`);

    // Restoring the schema this build knows (a backup taken before the upgrade) lets it start again.
    await onTheSide(`DELETE FROM ${TABLE} WHERE hash LIKE 'newer-release-%'`);
    expect(await restart()).toBeUndefined();
  });
});
