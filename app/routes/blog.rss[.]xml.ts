import type { Route } from "./+types/blog.rss[.]xml";
import { resourceHeaders } from "~/platform/http/headers.server";
import { siteUrl } from "~/platform/site-url.server";
import { blogFeedXml } from "~/features/blog/rss.server";

/** /blog/rss.xml: RSS 2.0 with the 20 latest published posts, every link absolute. */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(blogFeedXml(siteUrl(request)), {
    headers: resourceHeaders(request, { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=600" }),
  });
}
