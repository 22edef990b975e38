// Whether this process's database can serve a request: the database half of GET /readyz (server/health.ts,
// docs/decisions/062-health-and-readiness.md). The server adds whether the worker is draining.
import { sql } from "drizzle-orm";
import { reasonOf } from "~/platform/config.server";
import type pg from "pg";
import { MIGRATIONS_DIR, postgresPool, queryRows, sqliteClient, sqliteFileProblem } from "~/platform/db.server";
import { shippedMigrations } from "~/platform/schema-version.server";

/** A database that has not answered the check within this is not ready (a server gone silent, a full pool). */
export const READY_TIMEOUT_MS = 1000;

// Drizzle's migrator records each migration it applies with its journal time (`when`) as created_at, and
// applies those newer than the newest recorded: the newest recorded one is how far the schema has come.
// Reading it also proves the database answers a read of a real table, which SQLite's `select 1` would not.
const NEWEST_APPLIED = "max(created_at) as at";

function within<T>(work: Promise<T>, ms: number, late: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      late();
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
  });
  // A check left behind settles later on its own; nobody is waiting for its error then.
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * PostgreSQL's answer, on a connection of the app's pool: the one the pages use. A check still waiting
 * for a connection is joined by the next rather than repeated, and one that has its connection but no
 * answer within READY_TIMEOUT_MS throws that connection away: a server gone silent does not leave
 * the pool filling up with probes that never end.
 */
const ignore = () => {};
type Asking = { answer: Promise<unknown>; abandon(): void };
let asking: Asking | undefined;
function askPostgres(pool: pg.Pool): Promise<unknown> {
  if (!asking) {
    let client: pg.PoolClient | undefined;
    let done = false;
    /** Gives the connection back once: broken (thrown away) when `error` says why. */
    const release = (error?: Error) => {
      if (done || !client) return;
      done = true;
      client.off("error", ignore);
      client.release(error);
    };
    const current = {
      abandon: () => {
        // Still waiting for a connection: the next check joins this one. Waiting for an answer: that
        // connection is thrown away, and the next check starts afresh.
        if (!client) return;
        if (asking === current) asking = undefined;
        release(new Error("no answer to the readiness check"));
      },
    } as Asking;
    current.answer = (async () => {
      try {
        client = await pool.connect();
        // Its connection dropping while the check holds it fails the query below; unheard, the client's own
        // "error" event would throw (pool.query listens the same way).
        client.on("error", ignore);
        const result = await client.query<{ at: unknown }>(`select ${NEWEST_APPLIED} from drizzle.__drizzle_migrations`);
        release();
        return result.rows[0]?.at;
      } catch (error) {
        release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      } finally {
        if (asking === current) asking = undefined;
      }
    })();
    asking = current;
  }
  const current = asking;
  return within(current.answer, READY_TIMEOUT_MS, () => current.abandon());
}

async function check(): Promise<string | undefined> {
  let newest: number;
  try {
    const pool = postgresPool();
    if (pool) {
      newest = Number((await askPostgres(pool)) ?? 0);
    } else {
      // SQLite: a file removed or replaced under the process still answers from the old file (see sqliteFileProblem).
      const sqlite = sqliteClient();
      const lost = sqlite && sqliteFileProblem(sqlite);
      if (lost) return `database does not answer: ${lost}`;
      const rows = await queryRows<{ at: unknown }>(sql.raw(`select ${NEWEST_APPLIED} from __drizzle_migrations`));
      newest = Number(rows[0]?.at ?? 0);
    }
  } catch (error) {
    return `database does not answer: ${reasonOf(error)}`;
  }
  const all = shippedMigrations(MIGRATIONS_DIR);
  const latest = all[all.length - 1];
  if (latest && !(newest >= latest.when)) {
    const applied = all.filter((m) => m.when <= newest).pop();
    return `migrations are not current: the database has ${applied?.tag ?? "none"}, this build needs ${latest.tag}`;
  }
  return undefined;
}

let pending: Promise<string | undefined> | undefined;

/**
 * Why the database cannot serve requests now ("database does not answer: ...", "migrations are not
 * current: ..."), or undefined when it can. Probes arriving together share one check, so a flood of
 * them (or a load balancer's, while the database hangs) holds one query at most.
 */
export function databaseReadiness(): Promise<string | undefined> {
  pending ??= check().finally(() => {
    pending = undefined;
  });
  return pending;
}
