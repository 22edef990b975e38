import { desc, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { blogPosts } from "~/platform/schema";
import { PUBLIC_PAGES } from "./public-pages";

/** The public pages a search engine should list (app/features/site/public-pages.ts); posts come below. */
const PUBLIC_PATHS = PUBLIC_PAGES.filter((page) => page.sitemap).map((page) => page.path);

export async function sitemapEntries(): Promise<{ path: string; lastModified?: Date }[]> {
  const posts = await db()
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt));
  return [
    ...PUBLIC_PATHS.map((path) => ({ path })),
    ...posts.map((p) => ({ path: `/blog/${encodeURIComponent(p.slug)}`, lastModified: p.updatedAt })),
  ];
}
