import { and, count, desc, eq, type SQL } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import { db } from "~/platform/db.server";
import { blogPosts } from "~/platform/schema";
import { categoryLabel, type BlogCategory } from "./categories";
import { formatLongDate } from "./format-date";
import { sanitizePostHtml } from "./sanitize.server";

export const POSTS_PER_PAGE = 9;

export type PostSummary = {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  category: BlogCategory;
  categoryLabel: string;
  /** Published date, else created date, as "March 4, 2026". */
  date: string;
  /** The same moment as an ISO string for <time dateTime>. */
  dateTime: string;
  featuredImage: string | null;
};

export type PostPage = {
  posts: PostSummary[];
  total: number;
  page: number;
  pageCount: number;
};

/**
 * Only images served by this site are shown: the CSP allows no other origin, and the design
 * forbids images fetched from elsewhere. An external URL stored by an editor is simply not drawn.
 */
export function localImage(url: string | null): string | null {
  if (!url) return null;
  return url.startsWith("/") && !url.startsWith("//") ? url : null;
}

function displayDate(publishedAt: Date | null, createdAt: Date) {
  const when = publishedAt ?? createdAt;
  return { date: formatLongDate(when), dateTime: when.toISOString() };
}

/** Published posts, newest first by creation time (spec §7), one page at a time. */
export function listPublishedPosts({
  category,
  page,
  perPage = POSTS_PER_PAGE,
}: {
  category: BlogCategory | null;
  page: number;
  perPage?: number;
}): PostPage {
  const filters: SQL[] = [eq(blogPosts.published, true)];
  if (category) filters.push(eq(blogPosts.category, category));
  const where = and(...filters);

  const total = db().select({ n: count() }).from(blogPosts).where(where).get()?.n ?? 0;
  const rows = db()
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
      featuredImage: blogPosts.featuredImage,
      category: blogPosts.category,
    })
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all();

  return {
    posts: rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      excerpt: r.excerpt,
      category: r.category,
      categoryLabel: categoryLabel(r.category),
      featuredImage: localImage(r.featuredImage),
      ...displayDate(r.publishedAt, r.createdAt),
    })),
    total,
    page,
    pageCount: Math.ceil(total / perPage),
  };
}

export type PublicPost = PostSummary & {
  /** Sanitised HTML, safe to render. */
  html: string;
  /** The excerpt, or the opening words of the text when there is none (for meta description). */
  description: string;
};

/** A published post by slug, with its content sanitised; null for unknown or draft slugs. */
export function getPublishedPost(slug: string): PublicPost | null {
  const row = db()
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .get();
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    category: row.category,
    categoryLabel: categoryLabel(row.category),
    featuredImage: localImage(row.featuredImage),
    ...displayDate(row.publishedAt, row.createdAt),
    html: sanitizePostHtml(row.content),
    description: row.excerpt?.trim() || plainTextSummary(row.content),
  };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

function plainTextSummary(html: string, max = 160): string {
  // sanitize-html re-escapes & < > " in text; the meta tag is escaped again by React, so undo it.
  // Block ends become spaces so "<h2>Intro</h2><p>Text" reads "Intro Text", not "IntroText".
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|pre)\s*>|<br\s*\/?>/gi, "$& ");
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITIES[e] ?? "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}
