import { COOKIES } from "~/http/cookies";
import { SLUG_PATTERN } from "~/blog/slug";
import { contentVersion } from "./content-version.server";

/**
 * What server.mjs's page cache (server/page-cache.mjs, docs/decisions/025-page-cache.md) may keep: the
 * public pages an anonymous visitor sees, each with the query parameters it reads. Anything else in a
 * query string is left out of the key, so random query strings cannot grow the cache. Pages with
 * per-visitor form tokens (contact, register, sign-in) are not here: they are never cached.
 */
const PAGES: Readonly<Record<string, readonly string[]>> = {
  "/": [],
  "/about": [],
  "/services": [],
  "/professionals": [],
  "/matching": [],
  "/security": [],
  "/careers": [],
  "/press": [],
  "/privacy": [],
  "/terms": [],
  "/cookies": [],
  "/blog": ["category", "page"],
  "/blog/rss.xml": [],
  "/sitemap.xml": [],
  "/robots.txt": [],
};

/** React Router's client fetches a page's data from its path plus ".data" ("/_root.data" for "/"). */
const DATA_SUFFIX = ".data";
const ROOT_DATA = "/_root.data";
/** Which routes' loaders a ".data" request asks for. */
const DATA_ROUTES_PARAM = "_routes";

function pageParams(pathname: string): readonly string[] | null {
  const known = PAGES[pathname];
  if (known) return known;
  const slug = pathname.startsWith("/blog/") ? pathname.slice("/blog/".length) : null;
  return slug !== null && SLUG_PATTERN.test(slug) ? [] : null;
}

/** The query parameters that make up the cache key of `pathname`, or null when it is never cached. */
export function cachedQueryParams(pathname: string): readonly string[] | null {
  if (pathname === ROOT_DATA) return [DATA_ROUTES_PARAM];
  if (pathname.endsWith(DATA_SUFFIX)) {
    const params = pageParams(pathname.slice(0, -DATA_SUFFIX.length));
    return params ? [...params, DATA_ROUTES_PARAM] : null;
  }
  return pageParams(pathname);
}

/** A visitor carrying one of these (signed in, or with a flash message to show) never gets a cached page. */
export const BYPASS_COOKIES: readonly string[] = [COOKIES.session.name, COOKIES.toast.name];

export const pageCachePolicy = { cachedQueryParams, bypassCookies: BYPASS_COOKIES, contentVersion };
