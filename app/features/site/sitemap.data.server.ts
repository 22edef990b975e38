import { desc, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { blogPosts } from "~/platform/schema";

const PUBLIC_PATHS = [
  "/",
  "/about",
  "/services",
  "/professionals",
  "/matching",
  "/contact",
  "/blog",
  "/security",
  "/careers",
  "/press",
  "/privacy",
  "/terms",
  "/cookies",
  "/register",
  "/login",
] as const;

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
