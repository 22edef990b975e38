import { data } from "react-router";
import { resourceHeaders } from "~/platform/http/headers.server";
import { siteUrl } from "~/platform/site-url.server";
import { CATEGORY_LABELS } from "~/domain/blog-categories";
import { parseBlogListQuery } from "./list-query";
import { getPublishedPost, listPublishedPosts } from "./posts.data.server";
import { blogFeedXml } from "./rss.server";
import { pageUrl } from "~/platform/http/page-url.server";

/** /blog and /blog?category=…&page=…: one page of published posts. */
export async function blogListLoader(request: Request) {
  const query = parseBlogListQuery(pageUrl(request).searchParams);
  if (!query) throw data(null, { status: 404 });
  const result = await listPublishedPosts(query);
  // Past the last page there is nothing to show; page 1 of an empty list is a normal empty state.
  if (query.page > 1 && query.page > result.pageCount) throw data(null, { status: 404 });
  return {
    ...result,
    category: query.category,
    categoryLabel: query.category ? CATEGORY_LABELS[query.category] : null,
  };
}

/** /blog/:slug: one published post. */
export async function postLoader(slug: string) {
  const post = await getPublishedPost(slug);
  // Drafts and unknown slugs look the same from outside: nothing here.
  if (!post) throw data(null, { status: 404 });
  return { post };
}

/** /blog/rss.xml: RSS 2.0 with the 20 latest published posts, every link absolute. */
export async function rssLoader(request: Request) {
  return new Response(await blogFeedXml(siteUrl(request)), {
    headers: resourceHeaders(request, { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=600" }),
  });
}
