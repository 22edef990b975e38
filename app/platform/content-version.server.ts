import type { Statement } from "better-sqlite3";
import { db } from "./db.server";

let versionQuery: Statement<[], number> | undefined;
let versionDb: unknown;

/**
 * Bumped by database triggers on every change to posts, settings and professionals
 * (drizzle/0009_content_version.sql), whoever makes it; a cached page of an older version is stale.
 */
export function contentVersion(): number {
  const sqlite = db().$client;
  if (!versionQuery || versionDb !== sqlite) {
    versionQuery = sqlite.prepare<[], number>("SELECT version FROM content_version WHERE id = 1").pluck();
    versionDb = sqlite;
  }
  return versionQuery.get() ?? 0;
}
