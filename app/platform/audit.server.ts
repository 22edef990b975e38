import { eq } from "drizzle-orm";
import { db, inTransaction, type DB } from "~/platform/db.server";
import { isSerializationFailure } from "~/platform/db-errors.server";
import { auditEvents, type AuditKind } from "~/platform/schema";
import { clientAddress, type RequestArgs } from "~/platform/http/client-address.server";
import { logFor } from "~/platform/log.server";

const log = logFor("audit");

export type AuditInput = {
  kind: AuditKind;
  /** The request it happened in: its client address is recorded. */
  from?: RequestArgs;
  userId?: string | null;
  email?: string | null;
  /** What happened, in words. Never a password or a token. */
  detail?: string;
};

/**
 * Writes one audit event and returns its id. An audit failure is logged but never breaks the user's
 * request (then there is no id).
 */
export async function audit({ kind, from, userId, email, detail }: AuditInput): Promise<number | undefined> {
  try {
    // Inside a transaction, in a savepoint of its own: on PostgreSQL a failed statement would otherwise
    // leave the whole transaction aborted, although this error is caught and the user's write is fine.
    const insert = (q: DB) =>
      q
        .insert(auditEvents)
        .values({
          kind,
          userId: userId ?? null,
          email: email?.toLowerCase().slice(0, 254) ?? null,
          ip: from ? clientAddress(from) : null,
          detail: detail?.slice(0, 1000) ?? null,
        })
        .returning({ id: auditEvents.id });
    const [row] = inTransaction() ? await db().transaction((savepoint) => insert(savepoint as unknown as DB)) : await insert(db());
    return row?.id;
  } catch (error) {
    // A conflict with a concurrent transaction is not an audit failure: the whole transaction runs again.
    if (inTransaction() && isSerializationFailure(error)) throw error;
    log.error({ kind, err: error }, "could not record an audit event");
    return undefined;
  }
}

/**
 * Corrects an event written ahead of the outcome it names (a sign-in records its failure in the same
 * commit as its rate-limit hits, before the password is checked): `null` takes it back.
 */
export async function reviseAudit(id: number | undefined, detail: string | null): Promise<void> {
  if (id === undefined) return;
  try {
    if (detail === null) await db().delete(auditEvents).where(eq(auditEvents.id, id));
    else await db().update(auditEvents).set({ detail: detail.slice(0, 1000) }).where(eq(auditEvents.id, id));
  } catch (error) {
    log.error({ auditId: id, err: error }, "could not revise an audit event");
  }
}

/**
 * Records a change an admin made: the admin is the event's user and e-mail, the detail names what
 * was changed and how (never a password or a token).
 */
export async function auditAdminAction(from: RequestArgs, admin: { id: string; email: string }, detail: string): Promise<void> {
  await audit({ kind: "ADMIN_ACTION", from, userId: admin.id, email: admin.email, detail });
}
