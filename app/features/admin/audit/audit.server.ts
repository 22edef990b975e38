import type { RequestArgs } from "~/platform/http/client-address.server";
import { AUDIT_KINDS } from "~/platform/schema";
import { requireAdmin } from "~/features/auth/permissions.server";
import { listAuditEvents } from "./audit.data.server";
import { pageUrl } from "~/platform/http/page-url.server";

/** /admin/audit: one page of the log, filtered by kind and e-mail; the kinds feed the filter's list. */
export async function auditLoader(args: RequestArgs) {
  await requireAdmin(args);
  return { ...(await listAuditEvents(pageUrl(args.request).searchParams)), kinds: AUDIT_KINDS };
}
