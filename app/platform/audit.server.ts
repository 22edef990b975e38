import { db } from "~/platform/db.server";
import { auditEvents, type AuditKind } from "~/platform/schema";
import { clientAddress, type RequestArgs } from "~/http/client-address.server";

export type AuditInput = {
  kind: AuditKind;
  /** The request it happened in: its client address is recorded. */
  from?: RequestArgs;
  userId?: string | null;
  email?: string | null;
  /** What happened, in words. Never a password or a token. */
  detail?: string;
};

/** Writes one audit event. An audit failure is logged but never breaks the user's request. */
export function audit({ kind, from, userId, email, detail }: AuditInput) {
  try {
    db()
      .insert(auditEvents)
      .values({
        kind,
        userId: userId ?? null,
        email: email?.toLowerCase().slice(0, 254) ?? null,
        ip: from ? clientAddress(from) : null,
        detail: detail?.slice(0, 1000) ?? null,
      })
      .run();
  } catch (error) {
    console.error("[audit] could not record", kind, error);
  }
}
