import { resourceHeaders } from "~/platform/http/headers.server";
import { siteUrl, siteUrlCacheControl } from "~/platform/site-url.server";
import type { Route } from "./+types/robots[.]txt";

export function loader({ request }: Route.LoaderArgs) {
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
