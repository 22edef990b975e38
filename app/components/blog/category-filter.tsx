import { Link } from "react-router";
import { BLOG_CATEGORIES, CATEGORY_LABELS, type BlogCategory } from "~/blog/categories";
import { blogListHref } from "~/blog/list-query";

const OPTIONS: { value: BlogCategory | null; label: string }[] = [
  { value: null, label: "All" },
  ...BLOG_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
];

/** Plain links, so filtering works without JavaScript and every filtered list has its own address. */
export function CategoryFilter({ active }: { active: BlogCategory | null }) {
  return (
    <nav aria-label="Blog categories">
      <ul className="-mx-6 flex gap-2 overflow-x-auto px-6 pb-2 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
        {OPTIONS.map((option) => {
          const current = option.value === active;
          return (
            <li key={option.label} className="shrink-0">
              <Link
                to={blogListHref({ category: option.value })}
                preventScrollReset
                aria-current={current ? "page" : undefined}
                className={`inline-block rounded-full border px-4 py-1.5 text-sm font-medium transition-colors ${
                  current
                    ? "border-ink-900 bg-ink-900 text-ivory-50"
                    : "border-ink-200 bg-white text-ink-800 hover:border-ink-300 hover:bg-ivory-50"
                }`}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
