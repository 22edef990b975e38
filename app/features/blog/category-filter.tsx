import { Link } from "react-router";
import { BLOG_CATEGORIES, CATEGORY_LABELS, type BlogCategory } from "~/domain/blog-categories";
import { blogListHref } from "~/features/blog/list-query";

const OPTIONS: { value: BlogCategory | null; label: string }[] = [
  { value: null, label: "All" },
  ...BLOG_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
];

/**
 * Plain links, so filtering works without JavaScript and every filtered list has its own address. The row
 * wraps at every width (a sideways-scrolling row hid the last categories on a phone with no sign of them).
 */
export function CategoryFilter({ active }: { active: BlogCategory | null }) {
  return (
    <nav aria-label="Blog categories">
      <ul className="flex flex-wrap gap-2">
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
