import type { RequestArgs } from "~/platform/http/client-address.server";
import { requireAdmin } from "~/features/auth/permissions.server";
import { matchingStats } from "./matching-stats.data.server";
import { dashboardCounts } from "./dashboard.data.server";
import { funnel } from "./funnel.data.server";
import { figureWarningsNow } from "~/features/marketing/figures.server";
import { billingFigures } from "~/features/billing/admin-billing.server";
import { registerChangesToReview } from "~/features/registers/records.data.server";

/** /admin: the content, enquiry and professional counts, how matching keeps its promise, and the funnel from shortlist to relationship. */
export async function adminDashboardLoader(args: RequestArgs) {
  await requireAdmin(args);
  const [counts, matching, firstMeetings, figureWarnings, billing] = await Promise.all([dashboardCounts(), matchingStats(), funnel(), figureWarningsNow(), billingFigures()]);
  // Verified professionals paused by a change in a regulator's record, waiting for a decision.
  const registerChanges = await registerChangesToReview();
  return { ...counts, matching, funnel: firstMeetings, figureWarnings, billing, registerChanges };
}
