import { and, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { db, transaction } from "~/platform/db.server";
import { containsText, isUniqueViolation, jsonField, startsWith } from "~/platform/sql-dialect.server";
import { blogPosts, professionals, type FeaturedImageMeta } from "~/platform/schema";
import { formatShortDate } from "~/features/blog/format-date";
import { getPostById } from "~/features/blog/posts.data.server";
import { deleteImageFiles, imageBaseTime, storedImageBases } from "~/platform/uploads/images.server";
import type { PostInput } from "~/features/blog/post-schema";
import { SANITIZER_VERSION } from "~/features/blog/sanitize.server";
import { renderPostHtml } from "~/features/blog/render.server";
import type { PostFormat } from "~/platform/schema";

const ADMIN_POSTS_PER_PAGE = 20;
const EXCERPT_PREVIEW = 100;

export type AdminPostRow = {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  published: boolean;
  created: string;
  createdIso: string;
  updated: string;
  updatedIso: string;
};

function adminWhere(q: string): SQL | undefined {
  return q ? containsText(blogPosts.title, q) : undefined;
}

/** One admin page's ids, walked in the created_at index's order (exported for the query-plan test). */
export function adminPageIds({ page, q }: { page: number; q: string }) {
  return db()
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(adminWhere(q))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(ADMIN_POSTS_PER_PAGE)
    .offset((page - 1) * ADMIN_POSTS_PER_PAGE);
}

/**
 * /admin/blog: the table's columns, newest first, 20 a page, optionally only titles containing `q`.
 * The page's ids come from the created_at index alone; only those 20 rows are read, and of the
 * excerpt only what the table shows.
 */
export async function listAdminPosts({ page, q }: { page: number; q: string }) {
  const total = (await db().select({ n: count() }).from(blogPosts).where(adminWhere(q)))[0]?.n ?? 0;
  const pageIds = adminPageIds({ page, q });
  const rows = await db()
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: sql<string | null>`substr(${blogPosts.excerpt}, 1, ${EXCERPT_PREVIEW + 1})`,
      published: blogPosts.published,
      createdAt: blogPosts.createdAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(inArray(blogPosts.id, pageIds))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return {
    posts: rows.map(
      (r): AdminPostRow => ({
        id: r.id,
        title: r.title,
        slug: r.slug,
        excerpt: r.excerpt && r.excerpt.length > EXCERPT_PREVIEW ? `${r.excerpt.slice(0, EXCERPT_PREVIEW).trimEnd()}…` : r.excerpt,
        published: r.published,
        created: formatShortDate(r.createdAt),
        createdIso: r.createdAt.toISOString(),
        updated: formatShortDate(r.updatedAt),
        updatedIso: r.updatedAt.toISOString(),
      }),
    ),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_POSTS_PER_PAGE)),
  };
}

export { getPostById };

export type EditablePost = NonNullable<Awaited<ReturnType<typeof getPostById>>>;

export async function isSlugTaken(slug: string, exceptId: number | null): Promise<boolean> {
  const where = exceptId === null ? eq(blogPosts.slug, slug) : and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId));
  return (await db().select({ id: blogPosts.id }).from(blogPosts).where(where).limit(1)).length > 0;
}

/** What the image of a saved post becomes: unchanged, replaced by a new upload, or removed. */
export type ImageChange = { kind: "keep" } | { kind: "set"; meta: FeaturedImageMeta } | { kind: "remove" };

function imageColumns(change: ImageChange) {
  if (change.kind === "set") return { featuredImage: `/uploads/${change.meta.base}-${change.meta.widths.at(-1) ?? change.meta.width}.webp`, featuredImageMeta: change.meta };
  if (change.kind === "remove") return { featuredImage: null, featuredImageMeta: null };
  return {};
}

// The slug is the table's one unique column besides the generated id.
const isUniqueSlugError = isUniqueViolation;

export class SlugTakenError extends Error {}

/** What every save writes: the editor's fields, their clean HTML under today's rules, and the image. */
function savedColumns(input: PostInput, format: PostFormat, image: ImageChange, authorId: string, now: Date) {
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    content: input.content,
    format,
    contentHtml: renderPostHtml(input.content, format),
    sanitizerVersion: SANITIZER_VERSION,
    category: input.category,
    published: input.published,
    publishedAt: input.published ? now : null,
    featuredImageAlt: input.featuredImageAlt,
    authorId,
    updatedAt: now,
    ...imageColumns(image),
  };
}

/**
 * Inserts a post, written in Markdown (older posts keep the HTML they were written in); the clean HTML copy is made now and kept beside the source with the rules'
 * version. Publishing stamps published_at, the date readers see. A slug taken between the check and the
 * insert surfaces as SlugTakenError, not a 500.
 */
export async function createPost(input: PostInput, image: ImageChange, authorId: string): Promise<number> {
  const now = new Date();
  try {
    const [row] = await db()
      .insert(blogPosts)
      .values({ ...savedColumns(input, "markdown", image, authorId, now), createdAt: now })
      .returning({ id: blogPosts.id });
    if (!row) throw new Error("The new post's id was not returned");
    return row.id;
  } catch (e) {
    if (isUniqueSlugError(e)) throw new SlugTakenError();
    throw e;
  }
}

/**
 * Updates a post. Saving while published stamps the time, so readers see the date of the version they
 * read; saving unpublished clears it.
 * The files of a replaced or removed image are deleted once the row no longer points at them.
 */
export async function updatePost(existing: EditablePost, input: PostInput, image: ImageChange, authorId: string) {
  const now = new Date();
  try {
    await db()
      .update(blogPosts)
      .set(savedColumns(input, existing.format, image, authorId, now))
      .where(eq(blogPosts.id, existing.id));
  } catch (e) {
    if (isUniqueSlugError(e)) throw new SlugTakenError();
    throw e;
  }
  if (image.kind !== "keep" && existing.featuredImageMeta && existing.featuredImageMeta.base !== (image.kind === "set" ? image.meta.base : "")) {
    await deleteImageFiles(existing.featuredImageMeta);
  }
}

/**
 * The status badge: Draft <-> Published, stamping or clearing published_at. Null when no such post.
 * Read and written in one transaction rather than one `case` statement: PostgreSQL types a bare
 * timestamp parameter inside `case` as text and refuses it for the column.
 */
export async function togglePublished(id: number): Promise<{ published: boolean; title: string } | null> {
  const now = new Date();
  return transaction(async (tx) => {
    const [current] = await tx.select({ published: blogPosts.published }).from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
    if (!current) return null;
    const published = !current.published;
    const [row] = await tx
      .update(blogPosts)
      .set({ published, publishedAt: published ? now : null, updatedAt: now })
      .where(eq(blogPosts.id, id))
      .returning({ published: blogPosts.published, title: blogPosts.title });
    return row ?? null;
  });
}

/** Deletes a post and then its image files. False when there was no such post. */
export async function deletePost(id: number): Promise<boolean> {
  const [row] = await db()
    .delete(blogPosts)
    .where(eq(blogPosts.id, id))
    .returning({ meta: blogPosts.featuredImageMeta });
  if (!row) return false;
  await deleteImageFiles(row.meta);
  return true;
}

/** Whether a post already points at this generated image name. */
/** A professional's photo made by the same pipeline (its 480 px or smaller variant's URL is stored). */
async function isProfileImageBaseInUse(base: string): Promise<boolean> {
  const rows = await db()
    .select({ id: professionals.id })
    .from(professionals)
    .where(startsWith(professionals.profileImage, `/uploads/${base}-`))
    .limit(1);
  return rows.length > 0;
}

export async function isImageBaseInUse(base: string): Promise<boolean> {
  const rows = await db()
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(sql`${jsonField(blogPosts.featuredImageMeta, "base")} = ${base}`)
    .limit(1);
  return rows.length > 0 || (await isProfileImageBaseInUse(base));
}

/** How long an uploaded image may wait for its post to be saved before the sweeper takes it. */
export const ABANDONED_IMAGE_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes images uploaded for a post that was never saved (the editor closed after an upload):
 * files older than a day whose name no post points at. Runs after each upload; cheap (one directory
 * listing, one query per old name).
 */
export async function sweepAbandonedImages(now = Date.now()): Promise<number> {
  let removed = 0;
  for (const [base, widths] of await storedImageBases()) {
    if (!(now - imageBaseTime(base) > ABANDONED_IMAGE_AGE_MS)) continue;
    if (await isImageBaseInUse(base)) continue;
    await deleteImageFiles({ base, widths, width: 0, height: 0 });
    removed += 1;
  }
  return removed;
}
