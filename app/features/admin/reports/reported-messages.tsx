import { Pagination } from "~/platform/ui/pagination";
import { LocalTime } from "~/platform/ui/local-time";
import { useAdminTimeZone } from "~/features/admin/shell/admin-time-zone";
import type { ReportedMessage } from "~/features/introductions/introduction-page.data.server";

/** Each reported message with who wrote it, who reported it and why. */
export function ReportedMessages({ rows, page, pageCount }: { rows: ReportedMessage[]; page: number; pageCount: number }) {
  const { timeZone } = useAdminTimeZone();
  if (rows.length === 0) {
    return (
      <div className="mt-5 rounded-card border border-dashed border-ink-200 bg-white px-6 py-10 text-center text-sm text-slate-600">
        No reported messages.
      </div>
    );
  }
  return (
    <>
      <ul className="mt-5 space-y-4">
        {rows.map((r) => (
          <li key={r.id} className="rounded-card border border-ink-100 bg-white p-5 sm:p-6" data-testid="reported-message">
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-slate-600">
              <p>
                From <span className="font-semibold text-ink-900">{r.senderName}</span> ({r.sender === "client" ? "client" : "professional"}), reported by{" "}
                <span className="font-semibold text-ink-900">{r.reporterName}</span>
              </p>
              <p>Introduction #{r.introductionId}</p>
            </div>
            <blockquote className="mt-3 whitespace-pre-wrap border-l-2 border-gold-400 pl-4 text-[0.9375rem] leading-relaxed text-ink-900 [overflow-wrap:anywhere]">
              {r.body}
            </blockquote>
            <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-600">Sent</dt>
                <dd className="text-ink-900"><LocalTime iso={r.sentAt} zone={timeZone} /></dd>
              </div>
              <div>
                <dt className="text-slate-600">Reported</dt>
                <dd className="text-ink-900"><LocalTime iso={r.reportedAt} zone={timeZone} /></dd>
              </div>
              <div className="sm:col-span-3">
                <dt className="text-slate-600">Reason given</dt>
                <dd className="text-ink-900 [overflow-wrap:anywhere]">{r.reason || "None given"}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} href={(n) => `/admin/reports?page=${n}`} />
    </>
  );
}
