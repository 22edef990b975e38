import type { ReactNode } from "react";
import { Link } from "react-router";
import { withPage } from "~/features/admin/shell/paging";
import { buttonClass } from "~/platform/ui/button";
import { Pagination } from "~/platform/ui/pagination";

/**
 * A dense admin table in a card. On a phone it scrolls sideways inside the card (the page itself
 * never does: the scroller is `relative`, so screen-reader-only labels inside it stay within it);
 * the caption names it for screen readers.
 */
export function AdminTable({ caption, head, children, minWidth = "min-w-[56rem]" }: { caption: string; head: ReactNode; children: ReactNode; minWidth?: string }) {
  return (
    <div className="mt-6 overflow-hidden rounded-card border border-ink-100 bg-white">
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={`${caption} (scrolls sideways)`}>
        <table className={`w-full ${minWidth} border-collapse text-left text-sm`}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-ink-100 bg-ivory-50 text-xs uppercase tracking-[0.08em] text-slate-600">{head}</thead>
          <tbody className="divide-y divide-ink-100">{children}</tbody>
        </table>
      </div>
    </div>
  );
}

export const thClass = "px-4 py-3 font-semibold";
export const tdClass = "px-4 py-3 align-middle";

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="mt-6 rounded-card border border-dashed border-ink-200 bg-white px-6 py-10 text-center text-sm text-ink-800">{children}</div>;
}

/** Previous / next between pages of 50, the filters kept in the address, under what the list holds. */
export function AdminPagination({ page, pageCount, total, search, noun }: { page: number; pageCount: number; total: number; search: string; noun: string }) {
  const summary = `${total.toLocaleString("en-US")} ${noun}${pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}`;
  return <Pagination page={page} pageCount={pageCount} href={(n) => withPage(search, n)} summary={summary} />;
}

/** An e-mail address that may wrap after the @, never in the middle of a word. */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** The buttons of a list's filter form: apply, and Clear back to the unfiltered list once a filter is set. */
export function FilterActions({ label, clearTo, filtered }: { label: string; clearTo: string; filtered: boolean }) {
  return (
    <div className="flex gap-2">
      <button type="submit" className={buttonClass("primary", "px-4 py-2")}>
        {label}
      </button>
      {filtered ? (
        <Link to={clearTo} className={buttonClass("secondary", "px-4 py-2")}>
          Clear
        </Link>
      ) : null}
    </div>
  );
}
