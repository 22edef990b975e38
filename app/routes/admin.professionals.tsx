import { useLocation, Link } from "react-router";
import type { Route } from "./+types/admin.professionals";
import { professionalsListAction, professionalsListLoader } from "~/features/admin/professionals/professionals.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { AddLink } from "~/features/admin/shell/add-link";
import { AdminPagination, EmptyState } from "~/features/admin/shell/admin-table";
import { ConfirmDelete, ProfessionalsTable } from "~/features/admin/professionals/professionals-table";

export const loader = (args: Route.LoaderArgs) => professionalsListLoader(args);
export const action = (args: Route.ActionArgs) => professionalsListAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Professionals");

const tabClass =
  "-mb-px inline-block border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 hover:text-ink-900 aria-[current=page]:border-gold-500 aria-[current=page]:text-ink-900";
const linkClass = "font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

export default function AdminProfessionals({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount, total, confirmDelete, queue, revetting } = loaderData;
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.delete("delete");
  return (
    <>
      <AdminPageHeader
        title="Professionals"
        description="The directory: vetting, verification and featuring."
        actions={
          <AddLink to="/admin/professionals/new" label="Add Professional" />
        }
      />
      <nav aria-label="Professionals lists" className="mt-4 border-b border-ink-100">
        <ul className="flex flex-wrap gap-x-2">
          <li>
            <Link to="/admin/professionals" aria-current={queue ? undefined : "page"} className={tabClass}>
              All
            </Link>
          </li>
          <li>
            <Link to="/admin/professionals?queue=revetting" aria-current={queue ? "page" : undefined} className={tabClass}>
              Re-vetting ({revetting})
            </Link>
          </li>
        </ul>
      </nav>
      {confirmDelete ? <ConfirmDelete professional={confirmDelete} page={page} /> : null}
      {rows.length === 0 ? (
        queue ? (
          <EmptyState>No verification is ending within 30 days or over.</EmptyState>
        ) : (
        <EmptyState>
          No professionals found.{" "}
          <Link to="/admin/professionals/new" className={linkClass}>
            Add the first professional!
          </Link>
        </EmptyState>
        )
      ) : (
        <>
          <ProfessionalsTable rows={rows} page={page} />
          <AdminPagination page={page} pageCount={pageCount} total={total} search={search.toString()} noun="professional" />
        </>
      )}
    </>
  );
}
