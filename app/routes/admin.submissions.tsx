import { Link } from "react-router";
import { plural } from "~/domain/plain-words";
import { Pagination } from "~/platform/ui/pagination";
import { usePendingQuery } from "~/platform/ui/use-is-pending";
import type { Route } from "./+types/admin.submissions";
import { listBackPath, statusAction, submissionsLoader } from "~/features/admin/submissions/submissions.server";
import type { StatusFilter } from "~/features/admin/submissions/submissions.data.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { SubmissionsTable } from "~/features/admin/submissions/submissions-table";
import { FormAlert } from "~/platform/ui/field";

export const loader = (args: Route.LoaderArgs) => submissionsLoader(args);
export const action = (args: Route.ActionArgs) => statusAction(args, listBackPath(args.request));
export const meta: Route.MetaFunction = () => adminMeta("Submissions");

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All Submissions" },
  { value: "new", label: "New" },
  { value: "in-progress", label: "In Progress" },
  { value: "resolved", label: "Resolved" },
];

const hrefFor = (status: StatusFilter, page = 1) => {
  const params = new URLSearchParams();
  if (status !== "all") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/submissions?${search}` : "/admin/submissions";
};

export default function AdminSubmissions({ loaderData }: Route.ComponentProps) {
  const { rows, total, counts, page, pageCount, status, error } = loaderData;
  // Skeletons only while moving to another filter or page of this list (not while a status saves).
  const loading = usePendingQuery("/admin/submissions") !== null;
  const current = FILTERS.find((f) => f.value === status) ?? FILTERS[0];
  const first = (page - 1) * 50 + 1;

  return (
    <>
      <AdminPageHeader
        title="Form Submissions"
        description={
          <>
            <span data-testid="submissions-count">{total}</span> {plural(total, "submission")}
            {status === "all" ? "" : ` marked ${current?.label ?? ""}`}
          </>
        }
      />

      {/* The tabs wrap onto a second line on a phone rather than run off its edge. */}
      <nav aria-label="Filter by status" className="mt-5">
        <ul className="flex flex-wrap gap-1">
          {FILTERS.map((f) => {
            const active = f.value === status;
            return (
              <li key={f.value}>
                <Link
                  to={hrefFor(f.value)}
                  aria-current={active ? "page" : undefined}
                  className={`inline-flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium ${
                    active ? "bg-ink-900 text-ivory-50" : "text-ink-800 hover:bg-ivory-200"
                  }`}
                >
                  {f.label}
                  <span className={`rounded-full px-1.5 text-xs ${active ? "bg-ink-700 text-ivory-50" : "bg-ink-50 text-slate-600"}`}>
                    {counts[f.value]}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-4">
        {error ? <FormAlert title="Error">{error}</FormAlert> : null}
        {!loading && rows.length === 0 && !error ? (
          <div className="rounded-card border border-dashed border-ink-200 bg-white px-6 py-10 text-center text-sm text-slate-600">
            No form submissions found.
          </div>
        ) : rows.length > 0 || loading ? (
          <SubmissionsTable rows={rows} loading={loading} formAction={hrefFor(status, page)} />
        ) : null}
      </div>

      {pageCount > 1 ? (
        <Pagination
          label="Pages"
          page={page}
          pageCount={pageCount}
          href={(n) => hrefFor(status, n)}
          summary={`Showing ${first}–${first + rows.length - 1} of ${total}`}
          counter
          arrows={false}
        />
      ) : null}
    </>
  );
}
