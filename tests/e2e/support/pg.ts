import pg from "pg";

// The two-server run (`npm run test:e2e:pg`): the PostgreSQL both app servers share, for specs to read
// what was stored and to add rows a test needs, as db.ts does for the SQLite file.

let pool: pg.Pool | undefined;

/** Whether the specs run against PostgreSQL (tests/e2e/run.mjs with E2E_ENGINE=postgres). */
export function onPostgres(): boolean {
  return Boolean(process.env.E2E_DATABASE_URL);
}

function sharedPool(): pg.Pool {
  if (!pool) {
    const url = process.env.E2E_DATABASE_URL;
    if (!url) throw new Error("E2E_DATABASE_URL is not set: run the two-server specs with `npm run test:e2e:pg`");
    pool = new pg.Pool({ connectionString: url, max: 4 });
  }
  return pool;
}

/** Runs one statement on the shared PostgreSQL and returns its rows. */
export async function pgQuery<Row extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<Row[]> {
  const result = await sharedPool().query<Row>(text, params);
  return result.rows;
}

/** The server addresses of the two-server run: A (E2E_BASE_URL) and B (E2E_BASE_URL_2). */
export function twoServers(): { a: string; b: string } {
  const a = process.env.E2E_BASE_URL;
  const b = process.env.E2E_BASE_URL_2;
  if (!a || !b) throw new Error("E2E_BASE_URL and E2E_BASE_URL_2 are not set: run the two-server specs with `npm run test:e2e:pg`");
  return { a, b };
}

/**
 * Runs `work` while holding PostgreSQL advisory lock `key` on a connection of its own, so tests in other
 * workers that take the same key wait their turn (ending the connection releases the lock).
 */
export async function withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<T> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set: run the two-server specs with `npm run test:e2e:pg`");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [key]);
    return await work();
  } finally {
    await client.end();
  }
}

/** Runs `work`'s statements in one transaction on a connection of the shared pool. */
export async function pgTransaction<T>(work: (query: <Row extends pg.QueryResultRow>(text: string, params?: unknown[]) => Promise<Row[]>) => Promise<T>): Promise<T> {
  const client = await sharedPool().connect();
  try {
    await client.query("BEGIN");
    const result = await work(async <Row extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await client.query<Row>(text, params)).rows);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}
