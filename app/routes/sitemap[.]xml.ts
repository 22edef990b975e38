import { resourceHeaders } from "~/platform/http/headers.server";
import { siteUrl, siteUrlCacheControl } from "~/platform/site-url.server";
import { sitemapEntries } from "~/features/site/sitemap.server";
import type { Route } from "./+types/sitemap[.]xml";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function loader({ request }: Route.LoaderArgs) {
  const origin = siteUrl(request);
  const urls = sitemapEntries()
    .map(
      (e) =>
        `  <url><loc>${escapeXml(origin + e.path)}</loc>${e.lastModified ? `<lastmod>${e.lastModified.toISOString()}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: resourceHeaders(request, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": siteUrlCacheControl() }),
  });
}
