import { Link } from "react-router";
import { Pagination } from "~/platform/ui/pagination";
import { dateTimeIn } from "~/platform/ui/format";
import type { MessageListItem } from "./member-messages.data.server";

/**
 * /messages: each message of the member's threads, newest first. An unread one is marked in words and
 * by a gold rule; each leads to its introduction's conversation, where opening it marks it read.
 */
export function MessageList({ rows, total, page, pageCount, timeZone }: { rows: MessageListItem[]; total: number; page: number; pageCount: number; timeZone: string }) {
  return (
    <>
      <ul className="divide-y divide-ink-100 overflow-hidden rounded-card border border-ink-100 bg-white" data-testid="message-list">
        {rows.map((m) => (
          <li key={m.id} data-testid="message-item" className={`relative ${m.unread ? "bg-ivory-50" : ""}`}>
            {m.unread ? <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1 bg-gold-500" /> : null}
            <div className="flex flex-col gap-1.5 px-5 py-4 sm:px-7 sm:py-5">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="min-w-0 [overflow-wrap:anywhere]">
                  <Link
                    to={`/introductions/${m.introductionId}#messages`}
                    className={`text-ink-900 underline decoration-gold-400 underline-offset-4 hover:text-gold-700 ${m.unread ? "font-semibold" : "font-medium"}`}
                  >
                    {m.mine ? `You to ${m.withName}` : `From ${m.withName}`}
                  </Link>
                  {m.unread ? (
                    <span className="ml-2 inline-block rounded-full bg-ink-900 px-2 py-0.5 align-middle text-xs font-semibold text-ivory-50" data-testid="unread-mark">
                      Unread
                    </span>
                  ) : null}
                </p>
                <p className="shrink-0 text-sm text-slate-600">
                  <time dateTime={m.sentAt}>{dateTimeIn(m.sentAt, timeZone)}</time>
                </p>
              </div>
              <p className={`max-w-3xl text-[0.9375rem] leading-relaxed [overflow-wrap:anywhere] ${m.unread ? "text-ink-900" : "text-slate-600"}`}>
                {m.excerpt}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={pageCount}
        href={(n) => `/messages?page=${n}`}
        label="Message pages"
        summary={total === 1 ? "1 message" : `${total} messages · page ${page} of ${pageCount}`}
      />
    </>
  );
}
