// Runs once per `vitest run`, in Vitest's main process, before the test files' processes are forked: they
// inherit its environment, so what it sets in process.env is there before any app module is imported.
import path from "node:path";
import { createDatabase, startPostgres } from "../support/postgres.mjs";

/** The migrated database every test file's own database is copied from. */
const MIGRATED = "wm_migrated";

export default async function globalSetup(): Promise<(() => void) | undefined> {
  const engine = process.env.TEST_ENGINE ?? "sqlite";
  if (engine === "sqlite") {
    // app/platform/engine.ts picks the engine from DATABASE_URL on import: one left in the shell would
    // turn the SQLite run into a PostgreSQL one without a database per test file.
    delete process.env.DATABASE_URL;
    delete process.env.TEST_POSTGRES_ADMIN_URL;
    delete process.env.TEST_POSTGRES_TEMPLATE;
    return undefined;
  }
  if (engine !== "postgres") throw new Error(`TEST_ENGINE must be sqlite or postgres, not ${engine}`);
  // `npm run test:unit:pg`: one throwaway cluster for the run; tests/unit/setup.ts makes each test file
  // a database of its own in it, a copy of one migrated here once by the app's own start-up code
  // (copying a database is quicker than migrating one for each of a hundred files).
  const cluster = await startPostgres();
  try {
    const { openPostgres } = await import("~/platform/db-postgres.server");
    const migrated = await openPostgres(await createDatabase(cluster.adminUrl, MIGRATED), path.resolve("drizzle/postgres"));
    await migrated.close();
  } catch (error) {
    cluster.stop();
    throw error;
  }
  process.env.TEST_POSTGRES_ADMIN_URL = cluster.adminUrl;
  process.env.TEST_POSTGRES_TEMPLATE = MIGRATED;
  process.env.DATABASE_URL = cluster.adminUrl;
  return () => cluster.stop();
}
