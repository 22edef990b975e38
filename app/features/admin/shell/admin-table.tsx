import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import { withPage } from "~/features/admin/shell/paging";
import { buttonClass } from "~/platform/ui/button";
import { inputClass } from "~/platform/ui/field";
import { Pagination } from "~/platform/ui/pagination";
import { countOf } from "~/domain/plain-words";

/**
 * When the list's card is narrower than 56rem (a phone; a small window with the sidebar open) each row is
 * a card: its cells stack, each under the name its column has (the cell's `data-label`), so the row's
 * actions stay in view instead of off to the right. The card's width decides (a container query), not the
 * window's, since the sidebar takes its share of the window.
 */
const cardRows = [
  "@max-4xl:block @max-4xl:space-y-3 @max-4xl:divide-y-0 @max-4xl:bg-ivory-50 @max-4xl:p-3",
  "@max-4xl:[&>tr]:block @max-4xl:[&>tr]:rounded-card @max-4xl:[&>tr]:border @max-4xl:[&>tr]:border-ink-100 @max-4xl:[&>tr]:bg-white @max-4xl:[&>tr]:p-2",
  "@max-4xl:[&>tr>td]:block @max-4xl:[&>tr>td]:max-w-none @max-4xl:[&>tr>td]:px-2 @max-4xl:[&>tr>td]:py-2 @max-4xl:[&>tr>td]:text-left",
  "@max-4xl:[&>tr>td[data-label]]:before:mb-1 @max-4xl:[&>tr>td[data-label]]:before:block @max-4xl:[&>tr>td[data-label]]:before:text-[0.6875rem] @max-4xl:[&>tr>td[data-label]]:before:font-semibold @max-4xl:[&>tr>td[data-label]]:before:uppercase @max-4xl:[&>tr>td[data-label]]:before:tracking-[0.08em] @max-4xl:[&>tr>td[data-label]]:before:text-slate-600 @max-4xl:[&>tr>td[data-label]]:before:content-[attr(data-label)]",
  "@max-4xl:[&>tr>td>div]:justify-start",
].join(" ");

/**
 * A dense admin table in a card: a table once the card is 56rem wide (its columns are sized to fit that,
 * so nothing is hidden to the right), rows as cards below. The caption names it for screen readers.
 */
export function AdminTable({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="@container mt-6 overflow-hidden rounded-card border border-ink-100 bg-white">
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full border-collapse text-left text-sm @max-4xl:block" data-testid="admin-table">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-ink-100 bg-ivory-50 text-xs uppercase tracking-[0.08em] text-slate-600 @max-4xl:sr-only">{head}</thead>
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

/**
 * Previous / next between pages of 50, the filters kept in the address, under what the list holds:
 * "1 user", "12 users" (`noun` is the singular; `nouns` the plural when it is not the singular plus "s").
 */
export function AdminPagination({ page, pageCount, total, search, noun, nouns }: { page: number; pageCount: number; total: number; search: string; noun: string; nouns?: string }) {
  const summary = `${countOf(total, noun, nouns)}${pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}`;
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
