import { Link } from "react-router";
import type { ReactNode } from "react";

/**
 * The page numbers to link: the first, the last, and two either side of the current one, with a gap
 * (null) where pages are left out. A thousand pages must not mean a thousand links in every list page.
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount]);
  for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= pageCount) wanted.add(n);
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && n - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && n - prev > 2) out.push(null);
    out.push(n);
  });
  return out;
}

const box = "inline-flex items-center justify-center rounded-md border text-sm font-medium";
const LOOKS = {
  /** Public lists (the blog): centred, every nearby page numbered. */
  numbered: {
    nav: "mt-12 flex flex-wrap items-center justify-center gap-2",
    link: `${box} h-10 min-w-10 border-ink-200 bg-white px-3 text-ink-800 hover:bg-ivory-50`,
    arrows: true,
  },
  /** Admin tables: what the list holds on the left, Previous and Next on the right. */
  bar: {
    nav: "mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600",
    link: `${box} h-9 border-ink-200 bg-white px-3 text-ink-800 hover:bg-ivory-50`,
    arrows: true,
  },
  /** Short lists inside a page (introductions, waiting clients): underlined words in a row. */
  inline: {
    nav: "mt-4 flex gap-3 text-sm",
    link: "font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900",
    arrows: false,
  },
} as const;

/**
 * Previous / next links between the pages of a list, each a plain link (`href` gives a page's
 * address, with the list's filters), so it works without JavaScript.
 */
export function Pagination({
  page,
  pageCount,
  href,
  look = "bar",
  label = "Pagination",
  summary,
  counter = false,
  arrows = LOOKS[look].arrows,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  look?: keyof typeof LOOKS;
  /** The nav's name for screen readers. */
  label?: string;
  /** What the list holds, shown before the links ("12 users · page 1 of 2"); shown even on a single page. */
  summary?: ReactNode;
  /** "Page 2 of 5" between the two links. */
  counter?: boolean;
  /** "← Previous" and "Next →" rather than the bare words. */
  arrows?: boolean;
}) {
  const several = pageCount > 1;
  if (!several && summary === undefined) return null;
  const style = LOOKS[look];
  const previous = page > 1 ? (
    <Link to={href(page - 1)} rel="prev" className={style.link}>
      {arrows ? "← Previous" : "Previous"}
    </Link>
  ) : null;
  const next = page < pageCount ? (
    <Link to={href(page + 1)} rel="next" className={style.link}>
      {arrows ? "Next →" : "Next"}
    </Link>
  ) : null;
  const middle =
    look === "numbered" ? (
      pageWindow(page, pageCount).map((n, i) =>
        n === null ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : n === page ? (
          <span key={n} aria-current="page" className={`${box} h-10 min-w-10 border-ink-900 bg-ink-900 px-3 text-ivory-50`}>
            {n}
          </span>
        ) : (
          <Link key={n} to={href(n)} className={style.link} aria-label={`Page ${n}`}>
            {n}
          </Link>
        ),
      )
    ) : counter ? (
      <span className={look === "bar" ? "px-2 py-1.5" : undefined}>
        Page {page} of {pageCount}
      </span>
    ) : null;
  const links = (
    <>
      {previous}
      {middle}
      {next}
    </>
  );
  return (
    <nav aria-label={label} className={style.nav}>
      {summary !== undefined ? <p>{summary}</p> : null}
      {!several ? null : look === "bar" ? <div className="flex gap-2">{links}</div> : links}
    </nav>
  );
}
