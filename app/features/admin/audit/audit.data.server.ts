import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { AUDIT_KINDS, auditEvents, type AuditKind } from "~/platform/schema";
import { ADMIN_PAGE_SIZE, pageCountOf, pageFrom, type Paged } from "~/features/admin/shell/paging";


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
  const total = (await db().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditEvents).where(condition))[0]?.n ?? 0;
  const rows = await db()
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
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return {
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    page,
    pageCount: pageCountOf(total),
    total,
    filter,
  };
}
