import { Form, Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ProfessionalListRow } from "~/features/admin/professionals/professionals.data.server";
import { dateIn, shortDate } from "~/platform/ui/format";
import { useAdminTimeZone } from "~/features/admin/shell/admin-time-zone";
import { ProfessionalAvatar } from "~/features/professionals/avatar";
import { buttonClass } from "~/platform/ui/button";
import { Icon } from "~/platform/ui/icons";
import { AdminTable, BreakableEmail, tdClass, thClass } from "~/features/admin/shell/admin-table";

const DELETE_QUESTION = "Are you sure you want to delete this professional?";

const badge = "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold transition-colors focus-visible:outline-2";
const STATE_LABELS: Record<ProfessionalListRow["state"], string> = {
  unverified: "Unverified",
  current: "Verified",
  "renewal-due": "Renewal due",
  expired: "Expired",
};
const STATE_TONES: Record<ProfessionalListRow["state"], string> = {
  unverified: "border-warning-700/25 bg-warning-50 text-warning-700 hover:border-warning-700/60",
  current: "border-success-700/25 bg-success-50 text-success-700 hover:border-success-700/60",
  "renewal-due": "border-warning-700/25 bg-warning-50 text-warning-700 hover:border-warning-700/60",
  expired: "border-danger-700/30 bg-danger-50 text-danger-700 hover:border-danger-700/60",
};

const smallButton = "rounded-md border border-ink-200 bg-white px-2.5 py-1 text-xs font-semibold text-ink-900 hover:bg-ivory-200";

/** A one-button form: the row's id, the state wanted, the page to come back to. */
function RowForm({ intent, id, value, page, children }: { intent: string; id: number; value: boolean; page: number; children: React.ReactNode }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="value" value={String(value)} />
      <input type="hidden" name="page" value={page} />
      {children}
    </Form>
  );
}

/**
 * Delete: with JavaScript, confirm() asks and the form says so (`confirmed`); without it, the server
 * answers with the confirm step on the list page.
 */
function DeleteForm({ id, name, page }: { id: number; name: string; page: number }) {
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      className="inline"
      onSubmit={(event) => {
        if (!window.confirm(DELETE_QUESTION)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="page" value={page} />
      {hydrated ? <input type="hidden" name="confirmed" value="yes" /> : null}
      <button type="submit" className={`${smallButton} text-danger-700 hover:bg-danger-50`} aria-label={`Delete ${name}`}>
        Delete
      </button>
    </Form>
  );
}

export function ProfessionalsTable({ rows, page }: { rows: ProfessionalListRow[]; page: number }) {
  const { timeZone } = useAdminTimeZone();
  return (
    <AdminTable
      caption="Professionals"
      head={
        <tr>
          <th scope="col" className={thClass}>Professional</th>
          <th scope="col" className={thClass}>Company</th>
          <th scope="col" className={thClass}>Status</th>
          <th scope="col" className={thClass}>Added</th>
          <th scope="col" className={`${thClass} text-right`}>Actions</th>
        </tr>
      }
    >
      {rows.map((p) => (
        <tr key={p.id} className="hover:bg-ivory-50/60">
          <td data-label="Professional" className={`${tdClass} min-w-[12rem]`}>
            <div className="flex items-center gap-3">
              <ProfessionalAvatar name={p.name} src={p.profileImage} size="sm" />
              <div className="min-w-0">
                <p className="font-medium text-ink-900">{p.name}</p>
                <p className="text-xs text-slate-600">{p.title ?? "No title"}</p>
                <p className="text-xs text-slate-600">
                  <BreakableEmail email={p.email} />
                </p>
              </div>
            </div>
          </td>
          <td data-label="Company" className={`${tdClass} text-ink-800`}>{p.company ?? "—"}</td>
          <td data-label="Status" className={tdClass}>
            <div className="flex flex-col items-start gap-1.5">
            <Link
              to={`/admin/professionals/${p.id}/vetting`}
              aria-label={`${STATE_LABELS[p.state]}: vetting checklist of ${p.name}`}
              title={p.expiresAt ? `${p.state === "expired" ? "Ended" : "Ends"} ${shortDate(p.expiresAt)}` : "Open the vetting checklist"}
              className={`${badge} ${STATE_TONES[p.state]}`}
            >
              <Icon name={p.state === "current" ? "check" : "clock"} className="h-3.5 w-3.5" />
              {STATE_LABELS[p.state]}
            </Link>
            <RowForm intent="feature" id={p.id} value={!p.featured} page={page}>
              {p.featured ? (
                <button type="submit" title="Remove from featured" aria-label={`Featured: unfeature ${p.name}`} className={`${badge} border-gold-400/60 bg-ivory-100 text-gold-700 hover:border-gold-600`}>
                  <Icon name="spark" className="h-3.5 w-3.5" />
                  Featured
                </button>
              ) : (
                <button type="submit" aria-label={`Feature ${p.name}`} className={`${badge} border-dashed border-ink-200 bg-white text-slate-600 hover:border-ink-300 hover:text-ink-900`}>
                  Feature
                </button>
              )}
            </RowForm>
            </div>
          </td>
          <td data-label="Added" className={`${tdClass} whitespace-nowrap text-slate-600`}>{dateIn(p.createdAt, timeZone)}</td>
          <td data-label="Actions" className={tdClass}>
            <div className="flex flex-wrap items-center justify-end gap-1.5">
              <Link to={`/admin/professionals/${p.id}/vetting`} className={smallButton} aria-label={`Vetting of ${p.name}`}>
                Vetting
              </Link>
              <Link to={`/admin/professionals/${p.id}/edit`} className={smallButton} aria-label={`Edit ${p.name}`}>
                Edit
              </Link>
              <DeleteForm id={p.id} name={p.name} page={page} />
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** The delete confirm step of a browser without JavaScript. */
export function ConfirmDelete({ professional, page }: { professional: { id: number; name: string; email: string }; page: number }) {
  return (
    <section aria-labelledby="confirm-delete" className="mt-6 rounded-card border border-danger-700/30 bg-danger-50 px-5 py-5">
      <h2 id="confirm-delete" className="font-sans text-base font-semibold text-danger-700">
        {DELETE_QUESTION}
      </h2>
      <p className="mt-1 text-sm text-ink-800 [overflow-wrap:anywhere]">
        {professional.name} ({professional.email}) will be removed from the directory. This cannot be undone.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={professional.id} />
          <input type="hidden" name="page" value={page} />
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className={buttonClass("danger", "px-4 py-2")}>
            Delete professional
          </button>
        </Form>
        <Link to={page > 1 ? `/admin/professionals?page=${page}` : "/admin/professionals"} className={buttonClass("secondary", "px-4 py-2")}>
          Cancel
        </Link>
      </div>
    </section>
  );
}
