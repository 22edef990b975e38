import { isBlogCategory, type BlogCategory } from "~/domain/blog-categories";

export type BlogListQuery = { category: BlogCategory | null; page: number };

const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

/**
 * Reads /blog's ?category= and ?page=. "all" (or nothing) means every category.
 * An unknown category or a page that is not a positive whole number gives null, which the
 * route answers with 404: a mistyped link should say so rather than quietly show something else,
 * and search engines should not index endless variants of the same list.
 */
export function parseBlogListQuery(params: URLSearchParams): BlogListQuery | null {
  const rawCategory = params.get("category");
  let category: BlogCategory | null = null;
  if (rawCategory !== null && rawCategory !== "" && rawCategory !== "all") {
    if (!isBlogCategory(rawCategory)) return null;
    category = rawCategory;
  }
  const rawPage = params.get("page");
  let page = 1;
  if (rawPage !== null && rawPage !== "") {
    if (!PAGE_NUMBER.test(rawPage)) return null;
    page = Number(rawPage);
  }
  return { category, page };
}

/** The list URL for a category and page, omitting defaults so each list has one address. */
export function blogListHref({ category, page }: { category: BlogCategory | null; page?: number }): string {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (page && page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/blog?${search}` : "/blog";
}

/**
 * Whether `value` is how blogListHref writes `name`: a known category, a page number past the first
 * without leading zeros. The page cache keeps only these (app/features/site/page-cache.server.ts); "all",
 * "page=1" and the like still show the list, rendered afresh. Whether the page exists is the loader's
 * to say (past the last page is a 404, which is never cached).
 */
export function isCanonicalBlogListValue(name: string, value: string): boolean {
  if (name === "category") return isBlogCategory(value);
  if (name === "page") return PAGE_NUMBER.test(value) && value !== "1";
  return false;
}
