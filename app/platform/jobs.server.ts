import { db } from "./db.server";
import { jobs } from "./schema";

/**
 * Scheduled work, one row per thing to do once (the `jobs` table). Enqueueing the same `key` twice is a
 * no-op, so a caller may enqueue from any request, retry or server without sending anything twice.
 * Joins the caller's transaction when there is one.
 */
export async function enqueueJob(kind: string, key: string, runAt: Date, payload: Record<string, unknown> = {}): Promise<void> {
  await db().insert(jobs).values({ kind, key, runAt, payload }).onConflictDoNothing({ target: jobs.key });
}
