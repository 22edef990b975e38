import pg from "pg";
import type { Statement } from "better-sqlite3";
import { config } from "~/platform/config.server";
import { sqliteClient } from "~/platform/db.server";
import { logFor } from "~/platform/log.server";

const log = logFor("content-version");

let versionQuery: Statement<[number], number> | undefined;
let versionDb: unknown;
let followed: number | undefined;

/**
 * Bumped by database triggers on every change to posts, settings and professionals
 * (drizzle/<engine>/…content_version.sql), whoever makes it; a cached page of an older version is stale.
 * Read on every page request, so it never waits: on SQLite a read of one row of the local file; on
 * PostgreSQL the number the follower below keeps (it reaches every app server within a second).
 */
export function contentVersion(): number {
  const sqlite = sqliteClient();
  if (!sqlite) return followed ?? -1;
  if (!versionQuery || versionDb !== sqlite) {
    versionQuery = sqlite.prepare<[number], number>("SELECT version FROM content_version WHERE id = ?").pluck();
    versionDb = sqlite;
  }
  return versionQuery.get(1) ?? 0;
}

/** How often the follower reads the version even without a notification (a notification is lost while reconnecting). */
export const CONTENT_VERSION_POLL_MS = 1000;

/**
 * On PostgreSQL, keeps contentVersion() current: the triggers' NOTIFY arrives at once, and a read every
 * second covers a connection that dropped and missed one. Returns the function that stops it.
 */
export async function followContentVersion(): Promise<() => Promise<void>> {
  const url = config().databaseUrl;
  if (!url) return async () => {};
  let stopped = false;
  let listener: pg.Client | undefined;
  const read = async (client: pg.Client) => {
    const result = await client.query<{ version: string | number }>("select version from content_version where id = 1");
    if (!stopped) followed = Number(result.rows[0]?.version ?? 0);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) => {
      const version = Number(message.payload);
      if (Number.isFinite(version) && !stopped) followed = Math.max(followed ?? 0, version);
    });
    client.on("error", () => {
      if (listener === client) listener = undefined;
      void client.end().catch(() => {});
    });
    await client.connect();
    await client.query("listen content_version");
    await read(client);
    listener = client;
  };
  await connect();
  const timer = setInterval(() => {
    if (stopped) return;
    const work = listener ? read(listener) : connect();
    work.catch((error: unknown) => {
      log.error({ err: error }, "could not read the content version");
      const broken = listener;
      listener = undefined;
      void broken?.end().catch(() => {});
    });
  }, CONTENT_VERSION_POLL_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await listener?.end().catch(() => {});
    listener = undefined;
    // Unfollowed, the number goes stale: unknown again (-1), so nothing is cached against it.
    followed = undefined;
  };
}
