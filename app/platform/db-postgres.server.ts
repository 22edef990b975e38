import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { driverError, isSerializationFailure, isUniqueViolation } from "~/platform/db-errors.server";
import { scope, type DB, type Scope, type Tx } from "~/platform/db-scope.server";
import { asStorageFailure } from "~/platform/storage-failure.server";
import { refuseNewerSchema } from "~/platform/schema-version.server";
import { watchPool } from "~/platform/metrics.server";
import { logFor } from "~/platform/log.server";

const log = logFor("db");

export type PostgresHandle = { engine: "postgres"; db: DB; pool: pg.Pool; close(): Promise<void> };

/** How many times a transaction runs before a conflict with concurrent ones is reported (as 503 "not saved"). */
const ATTEMPTS = 6;

/** The session lock that lines up transactions running again after a conflict, on every server alike. */
const RETRY_QUEUE_LOCK = 20261125;

type Begin = (work: (tx: Tx) => Promise<unknown>, config: { isolationLevel: "serializable" }) => Promise<unknown>;

/**
 * Transactions are SERIALIZABLE: each behaves as if it ran alone, as SQLite's one-writer transactions
 * do, so no multi-step write (a registration, a role change, a rate-limit count) needs its own locks.
 * A transaction PostgreSQL aborts for a conflict runs again; so does one refused by a unique index,
 * which under SERIALIZABLE means a concurrent insert won: on its second run it sees that row and
 * takes the path that handles it. A burst on one key (36 messages from one address, each counting its
 * rate limit) would conflict round after round, one winner per round: a transaction that runs again
 * first queues behind a session advisory lock, so the retried ones run one at a time and do not
 * conflict with each other (a lock taken inside the transaction would come after its snapshot).
 */
function serializableTransactions(database: DB, pool: pg.Pool): DB["transaction"] {
  const beginOn = (target: DB): Begin => target.transaction.bind(target) as unknown as Begin;
  const first = beginOn(database);
  const once = async (begin: Begin, work: (tx: Tx) => Promise<unknown>, current: Scope) => {
    // Its commit runs in its scope too, so that a conflict PostgreSQL reports only at commit is noted as well.
    const result = await scope.run(current, () =>
      begin(
        (tx) => {
          current.tx = tx;
          return work(tx);
        },
        { isolationLevel: "serializable" },
      ),
    );
    // A conflict the code caught (audit() never throws) left the transaction aborted, and PostgreSQL
    // answers its COMMIT with a silent rollback: nothing was written, so it runs again.
    if (current.conflict !== undefined) throw current.conflict;
    return result;
  };
  const queued = async (work: (tx: Tx) => Promise<unknown>, current: Scope) => {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [RETRY_QUEUE_LOCK]);
      try {
        return await once(beginOn(drizzle(client) as unknown as DB), work, current);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [RETRY_QUEUE_LOCK]);
      }
    } finally {
      client.release();
    }
  };
  return (async (work: (tx: Tx) => Promise<unknown>) => {
    for (let attempt = 1; ; attempt++) {
      const current: Scope = {};
      try {
        return await (attempt === 1 ? once(first, work, current) : queued(work, current));
      } catch (error) {
        // A statement's conflict aborts the transaction even when the code caught it: what surfaces then is
        // "current transaction is aborted", and the conflict noted on the scope is the reason to run again.
        const conflict = current.conflict ?? (isSerializationFailure(error) ? driverError(error) : undefined);
        const retry = conflict !== undefined || (isUniqueViolation(error) && attempt < 3);
        if (!retry) throw error;
        // Conflicts that kept recurring are the 503 "not saved" answer.
        if (attempt >= ATTEMPTS) throw conflict === undefined ? error : asStorageFailure(conflict);
      }
    }
  }) as DB["transaction"];
}

/** Connects to PostgreSQL, applies drizzle/postgres's migrations (one server at a time: drizzle takes no lock) and returns the app's handle. */
export async function openPostgres(url: string, migrationsFolder: string): Promise<PostgresHandle> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // An idle connection the server dropped (a restart, a failover) must not crash the process.
  pool.on("error", (error) => log.error({ err: error }, "idle PostgreSQL connection lost"));
  const database = drizzle(pool);
  watchPool(pool);
  const client = await pool.connect();
  try {
    // Two servers starting together must not both run the same migration.
    await client.query("select pg_advisory_lock(20261124)");
    try {
      // An older build on a database a newer one migrated stops here (drizzle would apply nothing and go on).
      const table = await client.query<{ found: unknown }>("select to_regclass('drizzle.__drizzle_migrations') as found");
      if (table.rows[0]?.found) {
        const recorded = await client.query<{ created_at: unknown }>("select created_at from drizzle.__drizzle_migrations");
        refuseNewerSchema(recorded.rows.map((row) => row.created_at), migrationsFolder);
      }
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock(20261124)");
    }
  } catch (error) {
    // The connection goes (thrown away) first: the pool's end waits for every connection it lent.
    client.release(true);
    await pool.end();
    throw error;
  }
  client.release();
  const app = database as unknown as DB;
  app.transaction = serializableTransactions(app, pool);
  return { engine: "postgres", db: app, pool, close: () => pool.end() };
}
