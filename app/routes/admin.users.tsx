import { Form, useLocation } from "react-router";
import type { Route } from "./+types/admin.users";
import { usersAction, usersLoader } from "~/features/admin/users/users.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { ROLES } from "~/domain/vocabulary";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { AdminPagination, EmptyState, FilterActions } from "~/features/admin/shell/admin-table";
import { ROLE_LABELS, UsersTable } from "~/features/admin/users/users-table";
import { inputClass } from "~/platform/ui/field";

export const loader = (args: Route.LoaderArgs) => usersLoader(args);
export const action = (args: Route.ActionArgs) => usersAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Users");

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount, total, filter } = loaderData;
  const location = useLocation();
  const filtered = filter.q !== "" || filter.role !== null;
  return (
    <>
      <AdminPageHeader title="Users" description="Accounts and their roles. A role change signs the person out everywhere." />
      <Form method="get" role="search" aria-label="Search users" className="mt-6 flex flex-col gap-3 rounded-card border border-ink-100 bg-white p-4 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="q" className="mb-1.5 block text-sm font-medium text-ink-800">
            Search
          </label>
          <input id="q" name="q" type="search" defaultValue={filter.q} placeholder="Email or full name" maxLength={100} className={`${inputClass} py-2 text-sm`} />
        </div>
        <div className="sm:w-48">
          <label htmlFor="role-filter" className="mb-1.5 block text-sm font-medium text-ink-800">
            Role
          </label>
          <select id="role-filter" name="role" defaultValue={filter.role ?? ""} className={`${inputClass} py-2 text-sm`}>
            <option value="">All Roles</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <FilterActions label="Search" clearTo="/admin/users" filtered={filtered} />
      </Form>
      {rows.length === 0 ? (
        <EmptyState>No users found.</EmptyState>
      ) : (
        <>
          <UsersTable rows={rows} />
          <AdminPagination page={page} pageCount={pageCount} total={total} search={location.search} noun={total === 1 ? "user" : "users"} />
        </>
      )}
    </>
  );
}
