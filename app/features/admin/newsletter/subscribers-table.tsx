import type { SubscriberStatus } from "~/platform/schema/vocabulary";
import { AdminTable, BreakableEmail, tdClass, thClass } from "~/features/admin/shell/admin-table";

export type SubscriberRow = {
  id: number;
  email: string;
  status: SubscriberStatus;
  subscribed: string;
  confirmed: string | null;
  unsubscribed: string | null;
};

export const STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: "Pending confirmation",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
};

const STATUS_LOOK: Record<SubscriberStatus, string> = {
  pending: "bg-warning-50 text-warning-700",
  confirmed: "bg-success-50 text-success-700",
  unsubscribed: "bg-ivory-200 text-slate-600",
};

/** The newsletter's addresses: status and the dates each step happened (UTC days). */
export function SubscribersTable({ rows }: { rows: SubscriberRow[] }) {
  return (
    <AdminTable
      caption="Newsletter subscribers"
     
      head={
        <tr>
          <th scope="col" className={thClass}>Email</th>
          <th scope="col" className={thClass}>Status</th>
          <th scope="col" className={thClass}>Subscribed</th>
          <th scope="col" className={thClass}>Confirmed</th>
          <th scope="col" className={thClass}>Unsubscribed</th>
        </tr>
      }
    >
      {rows.map((r) => (
        <tr key={r.id}>
          <td data-label="Email" className={`${tdClass} font-medium text-ink-900`}>
            <BreakableEmail email={r.email} />
          </td>
          <td data-label="Status" className={tdClass}>
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_LOOK[r.status]}`}>{STATUS_LABELS[r.status]}</span>
          </td>
          <td data-label="Subscribed" className={`${tdClass} whitespace-nowrap text-slate-600`}>{r.subscribed}</td>
          <td data-label="Confirmed" className={`${tdClass} whitespace-nowrap text-slate-600`}>{r.confirmed ?? "—"}</td>
          <td data-label="Unsubscribed" className={`${tdClass} whitespace-nowrap text-slate-600`}>{r.unsubscribed ?? "—"}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
