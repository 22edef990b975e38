import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import { db } from "~/platform/db.server";
import { blogPosts, profiles } from "~/platform/schema";
import { localImage } from "~/platform/local-image";
import { categoryLabel, type BlogCategory } from "~/domain/blog-categories";
import { formatLongDate } from "./format-date";
import { SANITIZER_VERSION } from "./sanitize.server";
import { renderPostHtml } from "./render.server";
import { responsiveImage } from "~/platform/uploads/images.server";
import type { ResponsiveImage } from "~/platform/uploads/image";
import type { FeaturedImageMeta } from "~/platform/schema";

const POSTS_PER_PAGE = 9;

type PostSummary = {
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
  /** The uploaded image with its sizes (srcset), or null (an outside URL is never rendered). */
  image: ResponsiveImage | null;
};

export type PostPage = {
  posts: PostSummary[];
  total: number;
  page: number;
  pageCount: number;
};

/** The image to render for a post: our generated WebP set, else a plain local URL, else nothing. */
function postImage(row: {
  featuredImage: string | null;
  featuredImageMeta: FeaturedImageMeta | null;
  featuredImageAlt: string | null;
  title: string;
}): ResponsiveImage | null {
  const alt = row.featuredImageAlt?.trim() || row.title;
  const set = responsiveImage(row.featuredImageMeta, alt);
  if (set) return set;
  const local = localImage(row.featuredImage);
  return local ? { src: local, srcSet: "", width: 1600, height: 900, alt } : null;
}

function displayDate(publishedAt: Date | null, createdAt: Date) {
  const when = publishedAt ?? createdAt;
  return { date: formatLongDate(when), dateTime: when.toISOString() };
}

function publishedWhere(category: BlogCategory | null) {
  const filters: SQL[] = [eq(blogPosts.published, true)];
  if (category) filters.push(eq(blogPosts.category, category));
  return and(...filters);
}

/**
 * The ids of one list page. Deferred join: they come from the index alone ((category,) published,
 * created_at, and the rowid every index entry carries), so skipping to page 1,000 walks index
 * entries, never rows; only the page's own rows are then read. Exported for the query-plan test.
 */
export function publishedPageIds({ category, page, perPage = POSTS_PER_PAGE }: { category: BlogCategory | null; page: number; perPage?: number }) {
  return db()
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(publishedWhere(category))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

/** Published posts, newest first by creation time, one page at a time. */
export async function listPublishedPosts({
  category,
  page,
  perPage = POSTS_PER_PAGE,
}: {
  category: BlogCategory | null;
  page: number;
  perPage?: number;
}): Promise<PostPage> {
  const where = publishedWhere(category);
  const total = (await db().select({ n: count() }).from(blogPosts).where(where))[0]?.n ?? 0;
  const pageIds = publishedPageIds({ category, page, perPage });
  const rows = await db()
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
      featuredImage: blogPosts.featuredImage,
      featuredImageAlt: blogPosts.featuredImageAlt,
      featuredImageMeta: blogPosts.featuredImageMeta,
      category: blogPosts.category,
    })
    .from(blogPosts)
    .where(inArray(blogPosts.id, pageIds))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));

  return {
    posts: rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      excerpt: r.excerpt,
      category: r.category,
      categoryLabel: categoryLabel(r.category),
      featuredImage: localImage(r.featuredImage),
      image: postImage(r),
      ...displayDate(r.publishedAt, r.createdAt),
    })),
    total,
    page,
    pageCount: Math.ceil(total / perPage),
  };
}

/** The byline of a post whose author has no name on file (or whose account is gone). */
/** A post by its id, published or not, every column (the editor's form, the newsletter's send step). */
export async function getPostById(id: number) {
  return (await db().select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1))[0] ?? null;
}

export const HOUSE_AUTHOR = "WealthMatch Editorial";

export type PublicPost = PostSummary & {
  /** The author's name as the byline shows it. */
  author: string;
  /** Sanitised HTML, safe to render. */
  html: string;
  /** The excerpt, or the opening words of the text when there is none (for meta description). */
  description: string;
  published: boolean;
  publishedAtIso: string | null;
  createdAtIso: string;
  updatedAtIso: string;
};

type FullRow = typeof blogPosts.$inferSelect;

/**
 * The stored clean copy when the current rules made it; otherwise the source cleaned again now
 * (and the copy refreshed), so a change to the rules takes effect at once
 * (docs/decisions/014-blog-images-and-sanitised-copy.md).
 */
async function displayHtml(row: Pick<FullRow, "id" | "content" | "format" | "contentHtml" | "sanitizerVersion">): Promise<string> {
  if (row.contentHtml !== null && row.sanitizerVersion === SANITIZER_VERSION) return row.contentHtml;
  const html = renderPostHtml(row.content, row.format);
  await db()
    .update(blogPosts)
    .set({ contentHtml: html, sanitizerVersion: SANITIZER_VERSION })
    .where(and(eq(blogPosts.id, row.id), eq(blogPosts.content, row.content)));
  return html;
}

/** The name on the author's profile; null without an author or a name. */
export async function postAuthorName(authorId: string | null): Promise<string | null> {
  if (!authorId) return null;
  const [row] = await db().select({ name: profiles.fullName }).from(profiles).where(eq(profiles.userId, authorId)).limit(1);
  return row?.name ?? null;
}

/** A post as its page shows it (public page, or the admin's preview of a draft). */
export async function toPublicPost(row: FullRow): Promise<PublicPost> {
  const [html, authorName] = await Promise.all([displayHtml(row), postAuthorName(row.authorId)]);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    category: row.category,
    categoryLabel: categoryLabel(row.category),
    featuredImage: localImage(row.featuredImage),
    image: postImage(row),
    ...displayDate(row.publishedAt, row.createdAt),
    html,
    description: row.excerpt?.trim() || plainTextSummary(html),
    author: authorName?.trim() || HOUSE_AUTHOR,
    published: row.published,
    publishedAtIso: row.publishedAt?.toISOString() ?? null,
    createdAtIso: row.createdAt.toISOString(),
    updatedAtIso: row.updatedAt.toISOString(),
  };
}

/** A published post by slug, with its content sanitised; null for unknown or draft slugs. */
export async function getPublishedPost(slug: string): Promise<PublicPost | null> {
  const [row] = await db()
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  return row ? toPublicPost(row) : null;
}

/** The RSS feed's items: the 20 latest published posts, newest first, as the blog lists them. */
export async function latestPublishedForFeed(limit = 20) {
  const rows = await db()
    .select({
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      category: blogPosts.category,
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, categoryLabel: categoryLabel(r.category) }));
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
