import { useLocation } from "react-router";
import type { Route } from "./+types/admin.audit";
import { auditLoader } from "~/features/admin/audit/audit.server";
import { noFormsYetAction } from "~/features/admin/shell/guard.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { LocalTime } from "~/platform/ui/local-time";
import { useAdminTimeZone } from "~/features/admin/shell/admin-time-zone";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import {
  AdminPagination,
  AdminTable,
  BreakableEmail,
  EmptyState,
  filterInputClass,
  FilterField,
  FilterForm,
  FilterSelect,
  tdClass,
  thClass,
} from "~/features/admin/shell/admin-table";

export const loader = (args: Route.LoaderArgs) => auditLoader(args);
// The log is read-only: a POST gets the guard's 403, or 405 for an admin.
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Audit log");

const KIND_STYLE: Record<string, string> = {
  LOGIN_FAILED: "border-warning-700/25 bg-warning-50 text-warning-700",
  SUSPICIOUS_ACTIVITY: "border-danger-700/25 bg-danger-50 text-danger-700",
  ADMIN_ACTION: "border-ink-800 bg-ink-900 text-ivory-50",
};

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount, total, filter, kinds } = loaderData;
  const location = useLocation();
  const { timeZone } = useAdminTimeZone();
  const filtered = filter.kind !== null || filter.email !== "";
  return (
    <>
      <AdminPageHeader title="Audit log" description="Sign-ins, refusals and every change an admin made, newest first." />
      <FilterForm label="Filter audit events" submitLabel="Filter" clearTo="/admin/audit" filtered={filtered}>
        <FilterField id="kind" label="Kind" className="sm:w-60">
          <FilterSelect id="kind" name="kind" value={filter.kind} all="All kinds" options={kinds.map((k) => ({ value: k, label: k }))} />
        </FilterField>
        <FilterField id="email" label="Email" className="flex-1">
          <input id="email" name="email" type="email" defaultValue={filter.email} placeholder="Exact address" autoCapitalize="none" spellCheck={false} maxLength={254} className={filterInputClass} />
        </FilterField>
      </FilterForm>
      {rows.length === 0 ? (
        <EmptyState>No audit events found.</EmptyState>
      ) : (
        <>
          <AdminTable
            caption="Audit events"
           
            head={
              <tr>
                <th scope="col" className={thClass}>Time</th>
                <th scope="col" className={thClass}>Kind</th>
                <th scope="col" className={thClass}>Email</th>
                <th scope="col" className={thClass}>IP</th>
                <th scope="col" className={thClass}>Detail</th>
              </tr>
            }
          >
            {rows.map((e) => (
              <tr key={e.id} className="align-top">
                <td data-label="Time" className={`${tdClass} whitespace-nowrap text-slate-600 tabular-nums`}>
                  <LocalTime iso={e.createdAt} zone={timeZone} stacked seconds />
                </td>
                <td data-label="Kind" className={tdClass}>
                  <span className={`inline-flex rounded-full border px-2 py-0.5 font-mono text-[0.6875rem] font-semibold ${KIND_STYLE[e.kind] ?? "border-ink-200 bg-ink-50 text-ink-800"}`}>{e.kind}</span>
                </td>
                <td data-label="Email" className={`${tdClass} text-ink-800`}>{e.email ? <BreakableEmail email={e.email} /> : "—"}</td>
                <td data-label="IP" className={`${tdClass} whitespace-nowrap font-mono text-xs text-slate-600`}>{e.ip ?? "—"}</td>
                <td data-label="Detail" className={`${tdClass} max-w-md text-ink-800 [overflow-wrap:anywhere]`}>{e.detail ?? ""}</td>
              </tr>
            ))}
          </AdminTable>
          <AdminPagination page={page} pageCount={pageCount} total={total} search={location.search} noun="event" />
        </>
      )}
    </>
  );
}
