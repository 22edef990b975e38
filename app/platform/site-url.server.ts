import { config } from "~/platform/config.server";
import { pageUrl } from "~/platform/http/page-url.server";

/** The public origin for canonical links and the sitemap: PUBLIC_URL when set, else the request's own. */
export function siteUrl(request: Request): string {
  return config().publicUrl ?? pageUrl(request).origin;
}

/**
 * Caching for a response that names siteUrl() (robots.txt, sitemap.xml). Without PUBLIC_URL the
 * origin comes from the request's Host header, which the sender chooses: a shared cache must not
 * keep one sender's answer for everyone, so it is public only when PUBLIC_URL fixes the origin.
 */
export function siteUrlCacheControl(): string {
  return config().publicUrl ? "public, max-age=3600" : "private, no-store";
}

/** The line start-up logs in production when PUBLIC_URL is unset (undefined when all is well). */
export function publicUrlWarning(): string | undefined {
  const { nodeEnv, publicUrl } = config();
  if (nodeEnv !== "production" || publicUrl) return undefined;
  return "PUBLIC_URL is not set: canonical links, robots.txt and sitemap.xml follow each request's Host header and are not cached. Set PUBLIC_URL to the site's public address (e.g. https://wealthmatch.example).";
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The origin for links sent by e-mail (password resets). The Host header is the sender's to choose,
 * so without PUBLIC_URL only a loopback host (a developer's own machine) is believed; any other
 * request gets links to this machine's own port rather than to a host an attacker named.
 */
export function mailLinkOrigin(request: Request): string {
  const { publicUrl, port } = config();
  if (publicUrl) return publicUrl;
  const url = pageUrl(request);
  return LOOPBACK.has(url.hostname) ? url.origin : `http://localhost:${port}`;
}
