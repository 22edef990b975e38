import { useLocation } from "react-router";
import { Link } from "~/platform/ui/link";
import type { Route } from "./+types/admin.matches";
import { matchesIndexLoader } from "~/features/admin/matches/history.server";
import { MATCHES_PATH } from "~/features/admin/matches/admin-matches";
import { BookingsTable, IntroductionsTable, MatchTabs, OutcomesTable, ShortlistsTable } from "~/features/admin/matches/match-history";
import { AdminPagination } from "~/features/admin/shell/admin-table";
import { noFormsYetAction } from "~/features/admin/shell/guard.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { shortDate, timestamp } from "~/platform/ui/format";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { PROMISE_TEXT } from "~/domain/business-day";

export const loader = (args: Route.LoaderArgs) => matchesIndexLoader(args);
// The list has no form: releasing happens on a client's page.
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Matches");

const link = "font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

const NOUNS = { waiting: "clients waiting", shortlists: "released shortlists", introductions: "introductions", bookings: "calls booked", outcomes: "calls taken place" } as const;

export default function AdminMatches({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const data = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Matches"
        description={
          data.tab === "waiting" ? (
            <>
              <span data-testid="waiting-count">{data.total}</span> {data.total === 1 ? "client waits" : "clients wait"} for a shortlist. We promise one
              within {PROMISE_TEXT}.
            </>
          ) : (
            "What matching did, newest first: released shortlists, introductions, first calls and what both sides said about them."
          )
        }
      />
      <MatchTabs current={data.tab} />
      {data.tab === "waiting" ? (
        <div className="mt-6">
          {data.rows.length === 0 ? (
            <div className="rounded-card border border-dashed border-ink-200 bg-white px-6 py-10 text-center text-sm text-slate-600">No client is waiting for a shortlist.</div>
          ) : (
            <ul className="divide-y divide-ink-100 rounded-card border border-ink-100 bg-white">
              {data.rows.map((r) => (
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
                      Waiting {r.hoursWaited} h{r.overdue ? `; one business day passed at ${timestamp(r.dueAt)} (overdue)` : `; due by ${timestamp(r.dueAt)}`}
                    </span>
                    <span className="ml-3 text-slate-600">{r.proposed ? "Proposal ready" : "Not yet computed"}</span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : data.tab === "shortlists" ? (
        <ShortlistsTable rows={data.rows} />
      ) : data.tab === "introductions" ? (
        <IntroductionsTable rows={data.rows} />
      ) : data.tab === "bookings" ? (
        <BookingsTable rows={data.rows} />
      ) : (
        <OutcomesTable rows={data.rows} />
      )}
      <AdminPagination page={data.page} pageCount={data.pageCount} total={data.total} search={search} noun={NOUNS[data.tab]} />
    </>
  );
}
