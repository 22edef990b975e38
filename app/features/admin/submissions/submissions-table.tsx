import { Link } from "~/platform/ui/link";
import { inquiryTypeLabel } from "~/domain/inquiry-types";
import { formatSubmittedAt, submittedAtParts, type SubmissionRow } from "~/features/admin/submissions/submission-status";
import { StatusBadge, StatusForm } from "./submission-status-form";

const COLUMNS = ["Contact", "Company", "Message", "Type", "Status", "Date", "Actions"] as const;
const th = "px-4 py-3 text-left text-xs font-semibold uppercase tracking-wider text-slate-600";
const td = "px-4 py-3 align-top max-md:block max-md:p-0";
// On phones each row becomes a small card: the header row goes and each cell names itself.
const cellLabel = "mb-0.5 block text-xs font-medium uppercase tracking-wider text-slate-500 md:hidden";

/**
 * The /admin/submissions table. Everything a visitor typed is rendered as text:
 * React escapes it, and nothing here sets HTML.
 */
export function SubmissionsTable({
  rows,
  loading,
  formAction,
}: {
  rows: SubmissionRow[];
  /** Client-side navigation in progress: 5 skeleton rows stand in for the list. */
  loading: boolean;
  formAction: string;
}) {
  return (
    <div className="relative overflow-x-auto rounded-card border border-ink-100 bg-white">
      <table className="w-full border-collapse text-sm max-md:block md:min-w-[64rem] md:table-fixed" aria-busy={loading || undefined}>
        <colgroup className="max-md:hidden">
          <col className="w-[11rem]" />
          <col className="w-[9rem]" />
          <col />
          <col className="w-[8rem]" />
          <col className="w-[6.5rem]" />
          <col className="w-[7.5rem]" />
          <col className="w-[11rem]" />
        </colgroup>
        <thead className="border-b border-ink-100 bg-ivory-50 max-md:hidden">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={th}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100 max-md:block">
          {loading
            ? Array.from({ length: 5 }, (_, i) => <SkeletonRow key={i} />)
            : rows.map((row) => (
                <tr
                  key={row.id}
                  data-testid="submission-row"
                  className="hover:bg-ivory-50/60 max-md:grid max-md:grid-cols-3 max-md:gap-x-4 max-md:gap-y-3 max-md:p-4"
                >
                  <td className={`${td} max-md:col-span-3`}>
                    <Link
                      to={`/admin/submissions/${row.id}`}
                      className="block truncate font-medium text-ink-900 underline decoration-transparent underline-offset-4 hover:decoration-gold-500"
                    >
                      {row.name}
                    </Link>
                    <span className="block truncate text-slate-600" title={row.email}>
                      {row.email}
                    </span>
                  </td>
                  <td className={`${td} text-ink-800 max-md:col-span-3`}>
                    <span className={cellLabel}>Company</span>
                    <span className="block break-words" data-testid="submission-company">
                      {row.company ?? <span className="text-slate-500">—</span>}
                    </span>
                  </td>
                  <td className={`${td} text-ink-800 max-md:col-span-3`}>
                    <p className="break-words" data-testid="submission-preview">
                      {row.preview}
                    </p>
                  </td>
                  <td className={`${td} text-ink-800`}>
                    <span className={cellLabel}>Type</span>
                    {inquiryTypeLabel(row.userType)}
                  </td>
                  <td className={td}>
                    <span className={cellLabel}>Status</span>
                    <StatusBadge status={row.status} />
                  </td>
                  <td className={`${td} whitespace-nowrap text-slate-600`}>
                    <span className={cellLabel}>Date</span>
                    <time dateTime={row.createdAt.toISOString()} title={formatSubmittedAt(row.createdAt)}>
                      <span className="block text-ink-800">{submittedAtParts(row.createdAt).day}</span>
                      <span className="block text-xs">{submittedAtParts(row.createdAt).time}</span>
                    </time>
                  </td>
                  <td className={`${td} max-md:col-span-3`}>
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                      <StatusForm id={row.id} status={row.status} action={formAction} label={`Status of the message from ${row.name}`} />
                      <Link
                        to={`/admin/submissions/${row.id}`}
                        className="whitespace-nowrap text-sm font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900"
                        aria-label={`Open the message from ${row.name}`}
                      >
                        Open
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

function SkeletonRow() {
  const bar = "h-3 rounded bg-ink-100 animate-pulse motion-reduce:animate-none";
  return (
    <tr data-testid="submission-skeleton" aria-hidden="true" className="max-md:block max-md:space-y-2 max-md:p-4">
      <td className={td}>
        <div className={`${bar} w-32`} />
        <div className={`${bar} mt-2 w-40`} />
      </td>
      <td className={td}>
        <div className={`${bar} w-24`} />
      </td>
      <td className={td}>
        <div className={`${bar} w-72`} />
        <div className={`${bar} mt-2 w-56`} />
      </td>
      <td className={td}>
        <div className={`${bar} w-20`} />
      </td>
      <td className={td}>
        <div className={`${bar} w-16`} />
      </td>
      <td className={td}>
        <div className={`${bar} w-28`} />
      </td>
      <td className={td}>
        <div className={`${bar} w-32`} />
      </td>
    </tr>
  );
}
