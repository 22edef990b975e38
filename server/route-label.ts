// The name a request goes by in the metrics and the request log: the React Router route its address
// matches (routes/home, routes/blog.$slug), never the address itself, which carries ids and slugs (a
// series per address would grow without bound, and a log line should say which screen it was).
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";

/** The build's route manifest (ServerBuild["routes"]): id, parent and path of each route module. */
export type RouteManifest = Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean } | undefined>;

/** How many addresses' labels are remembered (matching walks every route); past it the memory starts afresh. */
const MAX_CACHED_LABELS = 2_000;

/**
 * The label a request is counted under: the id of the deepest React Router route its address matches
 * (a `.data` request counts as its page), "static" for files, "uploads", or "not-found". Never the
 * address itself: a series per address would grow without bound.
 */
export function routeLabeller(manifest: RouteManifest = {}): (url: string) => string {
  const all = Object.values(manifest).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const children = childrenOf(route.id);
        const base = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
        return route.index ? { ...base, index: true as const } : { ...base, children: children.length > 0 ? children : undefined };
      });
  const routes = childrenOf(undefined);
  const known = new Map<string, string>();

  function label(pathname: string): string {
    if (pathname.startsWith("/uploads/")) return "uploads";
    if (pathname.startsWith("/assets/")) return "static";
    // Single fetch: /_root.data is the home page's data, /blog.data the blog's.
    let page = pathname;
    if (page.endsWith(".data")) page = page === "/_root.data" ? "/" : page.slice(0, -".data".length);
    else if (path.extname(page)) return "static";
    try {
      const matches = matchRoutes(routes, page);
      const leaf = matches?.[matches.length - 1]?.route.id;
      return !leaf || leaf === "root" ? "not-found" : leaf;
    } catch {
      return "not-found";
    }
  }

  return (url) => {
    const end = url.indexOf("?");
    const pathname = end === -1 ? url : url.slice(0, end);
    let found = known.get(pathname);
    if (found === undefined) {
      if (known.size >= MAX_CACHED_LABELS) known.clear();
      known.set(pathname, (found = label(pathname)));
    }
    return found;
  };
}

