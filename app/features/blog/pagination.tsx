import { Link } from "react-router";
import type { BlogCategory } from "~/domain/blog-categories";
import { blogListHref } from "~/features/blog/list-query";

const base = "inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium";
const idle = `${base} border-ink-200 bg-white text-ink-800 hover:bg-ivory-50`;

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

export function Pagination({
  page,
  pageCount,
  category,
}: {
  page: number;
  pageCount: number;
  category: BlogCategory | null;
}) {
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount);
  return (
    <nav aria-label="Pagination" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={blogListHref({ category, page: page - 1 })} rel="prev" className={idle}>
          ← Previous
        </Link>
      ) : null}
      {pages.map((n, i) =>
        n === null ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : n === page ? (
          <span key={n} aria-current="page" className={`${base} border-ink-900 bg-ink-900 text-ivory-50`}>
            {n}
          </span>
        ) : (
          <Link key={n} to={blogListHref({ category, page: n })} className={idle} aria-label={`Page ${n}`}>
            {n}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={blogListHref({ category, page: page + 1 })} rel="next" className={idle}>
          Next →
        </Link>
      ) : null}
    </nav>
  );
}
