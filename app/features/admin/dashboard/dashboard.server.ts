import type { RequestArgs } from "~/platform/http/client-address.server";
import { requireAdmin } from "~/features/auth/permissions.server";
import { matchingStats } from "./matching-stats.data.server";
import { dashboardCounts } from "./dashboard.data.server";

/** /admin: the content, enquiry and professional counts, and how matching keeps its promise. */
export async function adminDashboardLoader(args: RequestArgs) {
  await requireAdmin(args);
  const [counts, matching] = await Promise.all([dashboardCounts(), matchingStats()]);
  return { ...counts, matching };
}
