import { lt } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, formSubmissions } from "~/platform/schema";

const DAY = 24 * 60 * 60_000;
/** The privacy page promises these periods ("How long we keep it"): keep the two in step. */
const RETENTION = {
  securityRecordsDays: 365,
  messagesDays: 730,
} as const;

/** Deletes security records older than 12 months and messages older than 24 months. */
export async function pruneExpiredRecords(now = new Date()): Promise<void> {
  const before = (days: number) => new Date(now.getTime() - days * DAY);
  await db().delete(auditEvents).where(lt(auditEvents.createdAt, before(RETENTION.securityRecordsDays)));
  await db().delete(formSubmissions).where(lt(formSubmissions.createdAt, before(RETENTION.messagesDays)));
}
