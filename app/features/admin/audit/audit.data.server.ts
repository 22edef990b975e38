import { and, desc, eq, type SQL } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { AUDIT_KINDS, auditEvents, type AuditKind } from "~/platform/schema";
import { pageFrom, type Paged } from "~/features/admin/shell/paging";
import { readPage } from "~/features/admin/shell/paging.server";


export type AuditFilter = { kind: AuditKind | null; email: string };

const isKind = (v: string | null): v is AuditKind => AUDIT_KINDS.includes(v as AuditKind);

function auditFilterFrom(params: URLSearchParams): AuditFilter {
  const kind = params.get("kind");
  return { kind: isKind(kind) ? kind : null, email: (params.get("email") ?? "").trim().toLowerCase().slice(0, 254) };
}

export type AuditRow = {
  id: number;
  kind: AuditKind;
  email: string | null;
  ip: string | null;
  detail: string | null;
  createdAt: string;
};

/**
 * The audit log, newest first, 50 a page. The e-mail filter is an exact address (stored lower-case),
 * so both filters are served by the (kind, created_at) and (email, created_at) indexes.
 */
export async function listAuditEvents(params: URLSearchParams): Promise<Paged<AuditRow> & { filter: AuditFilter }> {
  const filter = auditFilterFrom(params);
  const page = pageFrom(params);
  const where: SQL[] = [];
  if (filter.kind) where.push(eq(auditEvents.kind, filter.kind));
  if (filter.email) where.push(eq(auditEvents.email, filter.email));
  const condition = where.length ? and(...where) : undefined;
  const { rows, ...paging } = await readPage(
    page,
    () => db().$count(auditEvents, condition),
    (limit, offset) =>
      db()
        .select({
          id: auditEvents.id,
          kind: auditEvents.kind,
          email: auditEvents.email,
          ip: auditEvents.ip,
          detail: auditEvents.detail,
          createdAt: auditEvents.createdAt,
        })
        .from(auditEvents)
        .where(condition)
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(limit)
        .offset(offset),
  );
  return {
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    ...paging,
    filter,
  };
}
