import type { ReactNode } from "react";
import { Form } from "~/platform/ui/form";
import { Link } from "~/platform/ui/link";
import { withPage } from "~/features/admin/shell/paging";
import { buttonClass } from "~/platform/ui/button";
import { inputClass } from "~/platform/ui/field";
import { Pagination } from "~/platform/ui/pagination";

/**
 * Below 768 px (the admin's phone layout) each row is a card: its cells stack, each under the name its
 * column has (the cell's `data-label`), so the row's actions stay in view instead of off to the right.
 */
const cardRows = [
  "max-md:block max-md:space-y-3 max-md:divide-y-0 max-md:bg-ivory-50 max-md:p-3",
  "max-md:[&>tr]:block max-md:[&>tr]:rounded-card max-md:[&>tr]:border max-md:[&>tr]:border-ink-100 max-md:[&>tr]:bg-white max-md:[&>tr]:p-2",
  "max-md:[&>tr>td]:block max-md:[&>tr>td]:max-w-none max-md:[&>tr>td]:px-2 max-md:[&>tr>td]:py-2 max-md:[&>tr>td]:text-left",
  "max-md:[&>tr>td[data-label]]:before:mb-1 max-md:[&>tr>td[data-label]]:before:block max-md:[&>tr>td[data-label]]:before:text-[0.6875rem] max-md:[&>tr>td[data-label]]:before:font-semibold max-md:[&>tr>td[data-label]]:before:uppercase max-md:[&>tr>td[data-label]]:before:tracking-[0.08em] max-md:[&>tr>td[data-label]]:before:text-slate-600 max-md:[&>tr>td[data-label]]:before:content-[attr(data-label)]",
  "max-md:[&>tr>td>div]:justify-start",
].join(" ");

/**
 * A dense admin table in a card. From 768 px it is a table that scrolls sideways inside the card when
 * it must (the page itself never does: the scroller is `relative`, so screen-reader-only labels inside it
 * stay within it); on a phone its rows are cards. The caption names it for screen readers.
 */
export function AdminTable({ caption, head, children, minWidth = "min-w-[56rem]" }: { caption: string; head: ReactNode; children: ReactNode; minWidth?: string }) {
  return (
    <div className="mt-6 overflow-hidden rounded-card border border-ink-100 bg-white">
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
        <table className={`w-full ${minWidth} border-collapse text-left text-sm max-md:block max-md:min-w-0!`} data-testid="admin-table">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-ink-100 bg-ivory-50 text-xs uppercase tracking-[0.08em] text-slate-600 max-md:sr-only">{head}</thead>
          <tbody className={`divide-y divide-ink-100 ${cardRows}`}>{children}</tbody>
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
function FilterActions({ label, clearTo, filtered }: { label: string; clearTo: string; filtered: boolean }) {
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

/**
 * The filter bar above an admin list: a GET form, so a filtered list has its own address and works
 * without JavaScript, with the apply and Clear buttons at its end.
 */
export function FilterForm({
  label,
  submitLabel,
  clearTo,
  filtered,
  children,
}: {
  label: string;
  submitLabel: string;
  clearTo: string;
  filtered: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className="mt-6 flex flex-col gap-3 rounded-card border border-ink-100 bg-white p-4 sm:flex-row sm:items-end">
      {children}
      <FilterActions label={submitLabel} clearTo={clearTo} filtered={filtered} />
    </Form>
  );
}

export const filterInputClass = `${inputClass} py-2 text-sm`;

/** One filter of the bar: its label above its control. */
export function FilterField({ id, label, className, children }: { id: string; label: string; className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter that picks one value of a list, or all of them. */
export function FilterSelect({
  id,
  name,
  value,
  all,
  options,
}: {
  id: string;
  name: string;
  value: string | null;
  all: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <select id={id} name={name} defaultValue={value ?? ""} className={filterInputClass}>
      <option value="">{all}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
