import { desc, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { blogPosts } from "~/platform/schema";
import { PUBLIC_PAGES } from "./public-pages";

/** The public pages a search engine should list (app/features/site/public-pages.ts); posts come below. */
const PUBLIC_PATHS = PUBLIC_PAGES.filter((page) => page.sitemap).map((page) => page.path);

export function sitemapEntries(): { path: string; lastModified?: Date }[] {
  const posts = db()
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt))
    .all();
  return [
    ...PUBLIC_PATHS.map((path) => ({ path })),
    ...posts.map((p) => ({ path: `/blog/${encodeURIComponent(p.slug)}`, lastModified: p.updatedAt })),
  ];
}
