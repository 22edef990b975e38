import { latestPublishedForFeed } from "~/features/blog/posts.data.server";
import { SITE_NAME } from "~/platform/seo";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** The blog's RSS 2.0 document for `origin` (absolute links, RFC 822 dates). */
export async function blogFeedXml(origin: string): Promise<string> {
  const posts = await latestPublishedForFeed(20);
  const items = posts
    .map((p) => {
      const link = `${origin}/blog/${encodeURIComponent(p.slug)}`;
      const date = (p.publishedAt ?? p.createdAt).toUTCString();
      return [
        "    <item>",
        `      <title>${escapeXml(p.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${date}</pubDate>`,
        `      <category>${escapeXml(p.categoryLabel)}</category>`,
        p.excerpt ? `      <description>${escapeXml(p.excerpt)}</description>` : null,
        "    </item>",
      ]
        .filter((line) => line !== null)
        .join("\n");
    })
    .join("\n");
  const newest = posts[0];
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`${SITE_NAME} Insights`)}</title>
    <link>${escapeXml(`${origin}/blog`)}</link>
    <atom:link href="${escapeXml(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>Insights on wealth management, tax, estate planning, investment and the law.</description>
    <language>en-us</language>
${newest ? `    <lastBuildDate>${(newest.publishedAt ?? newest.createdAt).toUTCString()}</lastBuildDate>\n` : ""}${items}
  </channel>
</rss>
`;
}
