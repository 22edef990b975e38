import { Link } from "react-router";
import { Pagination } from "~/platform/ui/pagination";
import type { Route } from "./+types/admin.matches";
import { matchesLoader } from "~/features/admin/matches/matches.server";
import { MATCHES_PATH, PROMISE_HOURS } from "~/features/admin/matches/admin-matches";
import { noFormsYetAction } from "~/features/admin/shell/guard.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { shortDate } from "~/platform/ui/format";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";

export const loader = (args: Route.LoaderArgs) => matchesLoader(args);
// The list has no form: releasing happens on a client's page.
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Matches");

const link = "font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

export default function AdminMatches({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Matches"
        description={
          <>
            <span data-testid="waiting-count">{total}</span> {total === 1 ? "client waits" : "clients wait"} for a shortlist.
            We promise one within {PROMISE_HOURS} hours.
          </>
        }
      />
      <div className="mt-6">
        {rows.length === 0 ? (
          <div className="rounded-card border border-dashed border-ink-200 bg-white px-6 py-10 text-center text-sm text-slate-600">
            No client is waiting for a shortlist.
          </div>
        ) : (
          <ul className="divide-y divide-ink-100 rounded-card border border-ink-100 bg-white">
            {rows.map((r) => (
              <li key={r.userId} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3.5">
                <div className="min-w-0">
                  <Link to={`${MATCHES_PATH}/${encodeURIComponent(r.userId)}`} className={link}>
                    {r.name}
                  </Link>
                  <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
                    {r.email} · registered {shortDate(r.registeredAt)}
                  </p>
                </div>
                <p className="text-sm">
                  <span className={r.overdue ? "font-semibold text-danger-700" : "text-ink-900"}>
                    Waiting {r.hoursWaited} h of {PROMISE_HOURS} h{r.overdue ? " (overdue)" : ""}
                  </span>
                  <span className="ml-3 text-slate-600">{r.proposed ? "Proposal ready" : "Not yet computed"}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Pagination look="inline" label="Pages" page={page} pageCount={pageCount} href={(n) => `?page=${n}`} counter />
    </>
  );
}
