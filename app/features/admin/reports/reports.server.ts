import { requireAdmin } from "~/features/auth/permissions.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { REPORTS_PAGE, reportedMessages } from "~/features/introductions/introduction-page.data.server";
import { pageUrl } from "~/platform/http/page-url.server";

/**
 * /admin/reports: the messages a client or a professional reported, and nothing else of any
 * conversation. Admins have no other way to read messages.
 */
export async function reportsLoader(args: RequestArgs) {
  await requireAdmin(args);
  const raw = Number(pageUrl(args.request).searchParams.get("page") ?? "1");
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 100_000 ? raw : 1;
  const { rows, total } = await reportedMessages(page);
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / REPORTS_PAGE)) };
}
