import type { Route } from "./+types/admin.reports";
import { plural } from "~/domain/plain-words";
import { reportsLoader } from "~/features/admin/reports/reports.server";
import { noFormsYetAction } from "~/features/admin/shell/guard.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { ReportedMessages } from "~/features/admin/reports/reported-messages";

export const loader = (args: Route.LoaderArgs) => reportsLoader(args);
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Reported messages");

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Reported messages"
        description={
          <>
            <span data-testid="reports-count">{total}</span> {plural(total, "message")} reported by a client or a professional.
            Conversations are private: only a reported message is shown here.
          </>
        }
      />
      <ReportedMessages rows={rows} page={page} pageCount={pageCount} />
    </>
  );
}
