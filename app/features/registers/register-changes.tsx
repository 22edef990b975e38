import { Link } from "react-router";
import { LocalTime } from "~/platform/ui/local-time";
import { useAdminTimeZone } from "~/features/admin/shell/admin-time-zone";

export type RegisterChangeView = { id: number; professionalId: number; name: string; what: string; raisedAt: string };

/** The admin dashboard's list of verified professionals paused by a change in a register's record. */
export function RegisterChanges({ changes }: { changes: RegisterChangeView[] }) {
  const { timeZone } = useAdminTimeZone();
  if (!changes.length) return null;
  return (
    <section aria-labelledby="register-changes-heading" className="mt-6 rounded-card border border-danger-700/30 bg-danger-50 p-5 sm:p-6">
      <h2 id="register-changes-heading" className="text-lg font-semibold text-danger-700">
        Register changes to decide ({changes.length})
      </h2>
      <p className="mt-1 text-sm text-ink-900">Each professional below is paused from new shortlists until you keep them verified or end their verification.</p>
      <ul className="mt-3 divide-y divide-danger-700/15">
        {changes.map((c) => (
          <li key={c.id} className="py-3 text-sm">
            <Link to={`/admin/professionals/${c.professionalId}/vetting`} className="font-semibold text-ink-900 underline decoration-gold-400 underline-offset-4">
              {c.name}
            </Link>
            <span className="text-ink-900">: {c.what}</span>
            <span className="block text-xs text-slate-600">Raised <LocalTime iso={c.raisedAt} zone={timeZone} /></span>
          </li>
        ))}
      </ul>
    </section>
  );
}
