import { Link } from "react-router";
import type { BlogCategory } from "~/blog/categories";
import { blogListHref } from "~/blog/list-query";

const base = "inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium";
const idle = `${base} border-ink-200 bg-white text-ink-800 hover:bg-ivory-50`;

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
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav aria-label="Pagination" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={blogListHref({ category, page: page - 1 })} rel="prev" className={idle}>
          ← Previous
        </Link>
      ) : null}
      {pages.map((n) =>
        n === page ? (
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
