import { COOKIES } from "~/platform/http/cookies";
import { SLUG_PATTERN } from "~/features/blog/slug";
import { isCanonicalBlogListValue } from "~/features/blog/list-query";
import { config } from "~/platform/config.server";
import { contentVersion } from "~/platform/content-version.server";
import { settingsAlreadyRead } from "~/platform/settings.server";
import { PUBLIC_PAGES, routeId } from "./public-pages";

/**
 * What server.ts's page cache (server/page-cache.ts, docs/decisions/025-page-cache.md) may cache: the
 * public pages (public-pages.ts) marked `cache`, each with its route id and the query parameters it
 * reads. Anything else in a query string is left out of the key, and only canonical values of the
 * parameters a page reads make an entry (cachedQueryValue), so random query strings cannot grow the
 * cache. Pages with per-visitor form tokens (contact, register, sign-in) are never cached.
 */
type Page = { route: string; params: readonly string[] };

const cached = PUBLIC_PAGES.flatMap((p) => (p.cache ? [{ path: p.path, page: { route: routeId(p.file), params: p.cache.params } }] : []));
/** Pages at a fixed address; a post (/blog/:slug) is matched by its slug's pattern. */
const PAGES: Readonly<Record<string, Page>> = Object.fromEntries(cached.filter((c) => !c.path.includes(":")).map((c) => [c.path, c.page]));
const POST_PREFIX = "/blog/";
const POST: Page = cached.find((c) => c.path === `${POST_PREFIX}:slug`)!.page;
const ROOT_ROUTE = "root";

/** React Router's client fetches a page's data from its path plus ".data" ("/_root.data" for "/"). */
const DATA_SUFFIX = ".data";
const ROOT_DATA = "/_root.data";
/** Which routes' loaders a ".data" request asks for. */
const DATA_ROUTES_PARAM = "_routes";

function pageAt(pathname: string): Page | null {
  const known = PAGES[pathname];
  if (known) return known;
  const slug = pathname.startsWith(POST_PREFIX) ? pathname.slice(POST_PREFIX.length) : null;
  return slug !== null && SLUG_PATTERN.test(slug) ? POST : null;
}

function pageOf(pathname: string): { page: Page; data: boolean } | null {
  if (pathname === ROOT_DATA) return { page: PAGES["/"]!, data: true };
  if (pathname.endsWith(DATA_SUFFIX)) {
    const found = pageAt(pathname.slice(0, -DATA_SUFFIX.length));
    return found ? { page: found, data: true } : null;
  }
  const found = pageAt(pathname);
  return found ? { page: found, data: false } : null;
}

/** The query parameters that make up the cache key of `pathname`, or null when it is never cached. */
export function cachedQueryParams(pathname: string): readonly string[] | null {
  const found = pageOf(pathname);
  if (!found) return null;
  return found.data ? [...found.page.params, DATA_ROUTES_PARAM] : found.page.params;
}

/**
 * Whether `value` of `name` (one the page reads) may make an entry: only the form the site's own links
 * and React Router's client use. Anything else is rendered for that request and not cached, so junk cannot
 * fill the cache with copies of one page; an out-of-range page number is a 404, which is never cached.
 */
export function cachedQueryValue(pathname: string, name: string, value: string): boolean {
  const found = pageOf(pathname);
  if (!found) return false;
  if (name === DATA_ROUTES_PARAM) {
    // The client lists the routes whose loaders to run in match order: root first, then the page.
    const own = [ROOT_ROUTE, found.page.route];
    const at = value.split(",").map((id) => own.indexOf(id));
    return found.data && at.every((i, n) => i >= 0 && (n === 0 || i > at[n - 1]!));
  }
  return found.page === PAGES["/blog"] && isCanonicalBlogListValue(name, value);
}

/**
 * The host a cached page is filed under. With PUBLIC_URL set every absolute link names it whatever the
 * request's Host, so one entry serves them all and a stranger's Host makes no entry of its own.
 */
export function cacheHost(host: string): string {
  const { publicUrl } = config();
  if (!publicUrl) return host;
  if (publicHost?.url !== publicUrl) publicHost = { url: publicUrl, host: new URL(publicUrl).host };
  return publicHost.host;
}
let publicHost: { url: string; host: string } | undefined;

/** A visitor carrying one of these (signed in, or with a flash message to show) never gets a cached page. */
export const BYPASS_COOKIES: readonly string[] = [COOKIES.session.name, COOKIES.toast.name];

/**
 * Cache-Control for a page a shared cache (a CDN or proxy in front) may cache: one the page cache holds
 * too, rendered for an anonymous visitor. Null without PUBLIC_URL: the page then names the origin the
 * request's Host chose, which a shared cache keyed without the Host would hand to everyone. The times
 * are site settings; a change to them moves the content version, so a cached page never outlives them.
 */
export function sharedCacheControl(): string | null {
  if (!config().publicUrl) return null;
  // The server asks as the page's headers go out and cannot wait for a read; the root loader has just
  // read the settings. Unread (the content version moved meanwhile), shared caches are not told to keep it.
  const settings = settingsAlreadyRead();
  if (!settings) return null;
  const { maxAgeSeconds, staleWhileRevalidateSeconds } = settings.sharedCache;
  return `public, s-maxage=${maxAgeSeconds}, stale-while-revalidate=${staleWhileRevalidateSeconds}`;
}

export const pageCachePolicy = { cachedQueryParams, cachedQueryValue, cacheHost, bypassCookies: BYPASS_COOKIES, contentVersion, sharedCacheControl };
