import { useLocation, Link } from "react-router";
import type { Route } from "./+types/admin.matches";
import { matchesIndexLoader } from "~/features/admin/matches/history.server";
import { MATCHES_PATH } from "~/features/admin/matches/admin-matches";
import { BookingsTable, IntroductionsTable, MatchTabs, OutcomesTable, ShortlistsTable } from "~/features/admin/matches/match-history";
import { AdminPagination } from "~/features/admin/shell/admin-table";
import { noFormsYetAction } from "~/features/admin/shell/guard.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { dateIn } from "~/platform/ui/format";
import { LocalTime } from "~/platform/ui/local-time";
import { plural } from "~/domain/plain-words";
import { useAdminTimeZone } from "~/features/admin/shell/admin-time-zone";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { PROMISE_TEXT } from "~/domain/business-day";

export const loader = (args: Route.LoaderArgs) => matchesIndexLoader(args);
// The list has no form: releasing happens on a client's page.
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Matches");

const link = "font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

/** Each tab's noun, one and many: "1 client waiting", "3 calls booked". */
const NOUNS = {
  waiting: ["client waiting", "clients waiting"],
  shortlists: ["released shortlist", "released shortlists"],
  introductions: ["introduction", "introductions"],
  bookings: ["call booked", "calls booked"],
  outcomes: ["call that took place", "calls that took place"],
} as const;

export default function AdminMatches({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const data = loaderData;
  const { timeZone } = useAdminTimeZone();
  return (
    <>
      <AdminPageHeader
        title="Matches"
        description={
          data.tab === "waiting" ? (
            <>
              <span data-testid="waiting-count">{data.total}</span> {plural(data.total, "client waits", "clients wait")} for a shortlist. We promise one
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
                      {r.email} · registered {dateIn(r.registeredAt, timeZone)}
                    </p>
                  </div>
                  <p className="text-sm">
                    <span className={r.overdue ? "font-semibold text-danger-700" : "text-ink-900"}>
                      Waiting {r.hoursWaited} h{r.overdue ? "; one business day passed at " : "; due by "}
                      <LocalTime iso={r.dueAt} zone={timeZone} />
                      {r.overdue ? " (overdue)" : ""}
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
      <AdminPagination page={data.page} pageCount={data.pageCount} total={data.total} search={search} noun={NOUNS[data.tab][0]} nouns={NOUNS[data.tab][1]} />
    </>
  );
}
