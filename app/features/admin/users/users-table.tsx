import { useLocation, useSubmit, Form, Link } from "react-router";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { useHydrated } from "remix-utils/use-hydrated";
import type { UserRow } from "~/features/admin/users/users.data.server";
import { dateIn } from "~/platform/ui/format";
import { useAdminTimeZone } from "~/features/admin/shell/admin-time-zone";
import { ROLES, type Role } from "~/domain/vocabulary";
import { AdminTable, BreakableEmail, tdClass, thClass } from "~/features/admin/shell/admin-table";

export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", professional: "Professional", client: "Client", user: "User" };

const roleBadge: Record<Role, string> = {
  admin: "border-ink-800 bg-ink-900 text-ivory-50",
  professional: "border-gold-400/60 bg-ivory-100 text-gold-700",
  client: "border-ink-200 bg-ink-50 text-ink-800",
  user: "border-ink-200 bg-white text-slate-600",
};

/**
 * One row's role selector: a select and a Save button in a form, so it works without JavaScript (choosing,
 * then Save, is the confirmation); with it, choosing a role asks before it applies, and the button is not needed.
 */
function RoleForm({ user }: { user: UserRow }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const location = useLocation();
  const busy = useIsPendingHere({ formData: { userId: user.userId } });
  const id = `role-${user.userId}`;
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="userId" value={user.userId} />
      <input type="hidden" name="back" value={location.search} />
      <select
        id={id}
        name="role"
        aria-label={`Role for ${user.email}`}
        defaultValue={user.role}
        key={user.role}
        disabled={busy}
        onChange={(event) => {
          const select = event.currentTarget;
          const to = ROLES.find((r) => r === select.value);
          if (!to || !window.confirm(roleQuestion(user, to))) {
            select.value = user.role;
            return;
          }
          if (select.form) void submit(select.form);
        }}
        className="rounded-md border border-ink-200 bg-white py-1.5 pl-2.5 pr-8 text-sm text-ink-900 focus:border-gold-500 focus:outline-none focus:ring-2 focus:ring-gold-400/40"
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      {hydrated ? (
        busy ? <span className="text-xs text-slate-600">Saving...</span> : null
      ) : (
        <button type="submit" className="rounded-md border border-ink-200 bg-white px-2.5 py-1.5 text-xs font-semibold text-ink-900 hover:bg-ivory-200" aria-label={`Save role for ${user.email}`}>
          Save
        </button>
      )}
    </Form>
  );
}

/** What the browser asks before a role change applies: whose role, from what, to what. */
export function roleQuestion(user: { email: string; role: Role }, to: Role): string {
  return `Change the role of ${user.email} from ${ROLE_LABELS[user.role]} to ${ROLE_LABELS[to]}?`;
}

const smallButton = "rounded-md border border-ink-200 bg-white px-2.5 py-1 text-xs font-semibold text-ink-900 hover:bg-ivory-200";
const DELETE_QUESTION = "Delete this account and everything it holds? This cannot be undone.";

/**
 * Download data and Delete. Without JavaScript, Delete opens the confirm step; with it, confirm()
 * asks and the form posts to the same action.
 */
function AccountActions({ user }: { user: UserRow }) {
  const hydrated = useHydrated();
  const deletePath = `/admin/users/${user.userId}/delete`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <a href={`/admin/users/${user.userId}/data.json`} download className={smallButton} aria-label={`Download data of ${user.email}`}>
        Download data
      </a>
      {hydrated ? (
        <Form
          method="post"
          action={deletePath}
          className="inline"
          onSubmit={(event) => {
            if (!window.confirm(DELETE_QUESTION)) event.preventDefault();
          }}
        >
          <button type="submit" className={`${smallButton} text-danger-700 hover:bg-danger-50`} aria-label={`Delete ${user.email}`}>
            Delete
          </button>
        </Form>
      ) : (
        <Link to={deletePath} className={`${smallButton} text-danger-700 hover:bg-danger-50`} aria-label={`Delete ${user.email}`}>
          Delete
        </Link>
      )}
    </div>
  );
}

export function UsersTable({ rows }: { rows: UserRow[] }) {
  const { timeZone } = useAdminTimeZone();
  return (
    <AdminTable
      caption="Users"
     
      head={
        <tr>
          <th scope="col" className={thClass}>User</th>
          <th scope="col" className={thClass}>Current Role</th>
          <th scope="col" className={thClass}>Joined</th>
          <th scope="col" className={thClass}>Change Role</th>
          <th scope="col" className={thClass}>Account</th>
        </tr>
      }
    >
      {rows.map((u) => (
        <tr key={u.userId} className="hover:bg-ivory-50/60">
          <td data-label="User" className={tdClass}>
            <p className="font-medium text-ink-900">{u.fullName ?? "—"}</p>
            <p className="text-xs text-slate-600">
              <BreakableEmail email={u.email} />
            </p>
            {u.emailConfirmed ? (
              <span className="mt-1.5 inline-flex rounded-full border border-success-700/25 bg-success-50 px-2 py-0.5 text-[0.6875rem] font-semibold text-success-700" data-testid="email-state">
                Email confirmed
              </span>
            ) : (
              <span className="mt-1.5 inline-flex rounded-full border border-warning-700/25 bg-warning-50 px-2 py-0.5 text-[0.6875rem] font-semibold text-warning-700" data-testid="email-state">
                Email unconfirmed
              </span>
            )}
          </td>
          <td data-label="Current Role" className={tdClass}>
            <span className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold ${roleBadge[u.role]}`} data-testid="current-role">
              {ROLE_LABELS[u.role]}
            </span>
          </td>
          <td data-label="Joined" className={`${tdClass} whitespace-nowrap text-slate-600`}>{dateIn(u.createdAt, timeZone)}</td>
          <td data-label="Change Role" className={tdClass}>
            <RoleForm user={u} />
          </td>
          <td data-label="Account" className={tdClass}>
            <AccountActions user={u} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
