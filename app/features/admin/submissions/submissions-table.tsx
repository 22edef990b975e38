import { Link } from "react-router";
import { inquiryTypeLabel } from "~/domain/inquiry-types";
import type { SubmissionRow } from "~/features/admin/submissions/submission-status";
import { LocalTime } from "~/platform/ui/local-time";
import { useAdminTimeZone } from "~/features/admin/shell/admin-time-zone";
import { StatusForm } from "./submission-status-form";

const COLUMNS = ["Contact", "Message", "Type", "Received", "Status"] as const;
const th = "px-4 py-3 text-left text-xs font-semibold uppercase tracking-wider text-slate-600";
const td = "px-4 py-3 align-top @max-4xl:block @max-4xl:p-0";
// In a narrow card each row becomes a small card of its own: the header row goes and each cell names itself.
const cellLabel = "mb-0.5 block text-xs font-medium uppercase tracking-wider text-slate-500 @4xl:hidden";

/**
 * The /admin/submissions table. Everything a visitor typed is rendered as text: React escapes it, and
 * nothing here sets HTML. A table once its card is 56rem wide, its columns sized to fit that (the status
 * and Open in the last one, never cut off); in a narrower card (a phone, or the sidebar open on a small
 * screen) each message is a card with its status and Open at the bottom.
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
  const { timeZone } = useAdminTimeZone();
  return (
    <div className="@container overflow-hidden rounded-card border border-ink-100 bg-white">
      <table className="w-full table-fixed border-collapse text-sm @max-4xl:block" aria-busy={loading || undefined}>
        <colgroup className="@max-4xl:hidden">
          <col className="w-[13rem]" />
          <col />
          <col className="w-[7.5rem]" />
          <col className="w-[8rem]" />
          <col className="w-[11rem]" />
        </colgroup>
        <thead className="border-b border-ink-100 bg-ivory-50 @max-4xl:hidden">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={th}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100 @max-4xl:block">
          {loading
            ? Array.from({ length: 5 }, (_, i) => <SkeletonRow key={i} />)
            : rows.map((row) => (
                <tr
                  key={row.id}
                  data-testid="submission-row"
                  className="hover:bg-ivory-50/60 @max-4xl:grid @max-4xl:grid-cols-2 @max-4xl:gap-x-4 @max-4xl:gap-y-3 @max-4xl:p-4"
                >
                  <td className={`${td} @max-4xl:col-span-2`}>
                    <Link
                      to={`/admin/submissions/${row.id}`}
                      className="block break-words font-medium text-ink-900 underline decoration-transparent underline-offset-4 hover:decoration-gold-500"
                    >
                      {row.name}
                    </Link>
                    <span className="block truncate text-slate-600" title={row.email}>
                      {row.email}
                    </span>
                    {row.company ? (
                      <span className="mt-0.5 block break-words text-xs text-slate-600" data-testid="submission-company">
                        {row.company}
                      </span>
                    ) : null}
                  </td>
                  <td className={`${td} text-ink-800 @max-4xl:col-span-2`}>
                    <p className="break-words" data-testid="submission-preview">
                      {row.preview}
                    </p>
                  </td>
                  <td className={`${td} text-ink-800`}>
                    <span className={cellLabel}>Type</span>
                    {inquiryTypeLabel(row.userType)}
                  </td>
                  <td className={`${td} text-slate-600`}>
                    <span className={cellLabel}>Received</span>
                    <LocalTime iso={row.createdAt.toISOString()} zone={timeZone} stacked />
                  </td>
                  <td className={`${td} @max-4xl:col-span-2`}>
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
    <tr data-testid="submission-skeleton" aria-hidden="true" className="@max-4xl:block @max-4xl:space-y-2 @max-4xl:p-4">
      <td className={td}>
        <div className={`${bar} w-32`} />
        <div className={`${bar} mt-2 w-40`} />
      </td>
      <td className={td}>
        <div className={`${bar} w-72`} />
        <div className={`${bar} mt-2 w-56`} />
      </td>
      <td className={td}>
        <div className={`${bar} w-20`} />
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
