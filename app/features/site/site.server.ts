import { data } from "react-router";
import { resourceHeaders } from "~/platform/http/headers.server";
import { siteUrl, siteUrlCacheControl } from "~/platform/site-url.server";
import { sitemapEntries } from "./sitemap.data.server";
import { pageUrl } from "~/platform/http/page-url.server";
import { logFor } from "~/platform/log.server";

const log = logFor("site");

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** /sitemap.xml: the public pages and every published post, with absolute links. */
export async function sitemapLoader(request: Request) {
  const origin = siteUrl(request);
  const urls = (await sitemapEntries())
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

/** /robots.txt: everything public may be crawled; the private areas and the reset page may not. */
export function robotsLoader(request: Request) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /professional-dashboard",
    "Disallow: /client-welcome",
    "Disallow: /reset-password",
    "",
    `Sitemap: ${siteUrl(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: resourceHeaders(request, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": siteUrlCacheControl() }),
  });
}

/** Longest path a 404 log line shows: a made-up address must not fill the log. */
const LOGGED_PATH_MAX = 200;

/** Any address no route claims: a 404, logged as a "not found" line naming the page (not its data request). */
export function notFoundLoader(request: Request) {
  const path = pageUrl(request).pathname;
  const shown = path.length > LOGGED_PATH_MAX ? `${path.slice(0, LOGGED_PATH_MAX)}… (${path.length} characters)` : path;
  log.warn({ method: request.method, path: shown }, "not found");
  return data(null, { status: 404 });
}
