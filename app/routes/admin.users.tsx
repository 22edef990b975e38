import { useLocation } from "react-router";
import type { Route } from "./+types/admin.users";
import { usersAction, usersLoader } from "~/features/admin/users/users.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { ROLES } from "~/domain/vocabulary";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { AdminPagination, EmptyState, filterInputClass, FilterField, FilterForm, FilterSelect } from "~/features/admin/shell/admin-table";
import { ROLE_LABELS, UsersTable } from "~/features/admin/users/users-table";

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
      <FilterForm label="Search users" submitLabel="Search" clearTo="/admin/users" filtered={filtered}>
        <FilterField id="q" label="Search" className="flex-1">
          <input id="q" name="q" type="search" defaultValue={filter.q} placeholder="Email or full name" maxLength={100} className={filterInputClass} />
        </FilterField>
        <FilterField id="role-filter" label="Role" className="sm:w-48">
          <FilterSelect id="role-filter" name="role" value={filter.role} all="All Roles" options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />
        </FilterField>
      </FilterForm>
      {rows.length === 0 ? (
        <EmptyState>No users found.</EmptyState>
      ) : (
        <>
          <UsersTable rows={rows} />
          <AdminPagination page={page} pageCount={pageCount} total={total} search={location.search} noun="user" />
        </>
      )}
    </>
  );
}
