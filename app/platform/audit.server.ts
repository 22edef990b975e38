import { db } from "~/platform/db.server";
import { auditEvents, type AuditKind } from "~/platform/schema";
import { clientIp } from "~/http/client-address.server";

type AuditInput = {
  kind: AuditKind;
  request?: Request;
  userId?: string | null;
  email?: string | null;
  /** What happened, in words. Never a password or a token. */
  detail?: string;
};

/** Writes one audit event. An audit failure is logged but never breaks the user's request. */
export function audit({ kind, request, userId, email, detail }: AuditInput) {
  try {
    db()
      .insert(auditEvents)
      .values({
        kind,
        userId: userId ?? null,
        email: email?.toLowerCase().slice(0, 254) ?? null,
        ip: request ? clientIp(request) : null,
        detail: detail?.slice(0, 1000) ?? null,
      })
      .run();
  } catch (error) {
    console.error("[audit] could not record", kind, error);
  }
}
