import { matchRoutes, type EntryContext, type RouteObject } from "react-router";

type Manifest = EntryContext["manifest"];
type RouteEntry = NonNullable<Manifest["routes"][string]>;

/**
 * The entry context narrowed to the routes a page is rendered from (docs/decisions/049-pages-rendered-from-their-own-routes.md).
 *
 * React Router's `ServerRouter` turns the whole route manifest into route objects on every page (all 71
 * of ours, about a tenth of a page's CPU) although a page renders only its own matches, and the manifest it
 * writes for the browser holds only those and the routes of the paths above it (lazy route discovery). Given
 * just those routes, it renders the same page. With discovery off the browser is sent every route, so the
 * context is left whole.
 */
export function withRenderedRoutesOnly(context: EntryContext): EntryContext {
  if (context.isSpaMode || context.routeDiscovery.mode !== "lazy") return context;
  const { routes } = context.manifest;
  const ids = new Set(context.staticHandlerContext.matches.map((match) => match.route.id));
  for (const path of pathsAbove(context.staticHandlerContext.location.pathname)) {
    for (const id of idsMatching(routes, path, context.staticHandlerContext.basename ?? "/")) ids.add(id);
  }
  const subset: Manifest["routes"] = {};
  // Kept in the manifest's own order: siblings of equal rank match in that order.
  for (const id in routes) if (ids.has(id)) subset[id] = routes[id];
  // The ranked branches React Router made of the whole tree are left out, so it ranks the subset's.
  const branches = undefined as unknown as EntryContext["branches"];
  return { ...context, manifest: { ...context.manifest, routes: subset }, branches };
}

/** "/a/b/c" gives "/", "/a/b" and "/a": the paths whose routes the browser's manifest also carries. */
function pathsAbove(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const paths = ["/"];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join("/")}`);
    segments.pop();
  }
  return paths;
}

// Per manifest (a new build in development brings a new one): its routes as a tree, and the ids each path
// above a page matches. Those paths are few ("/", "/blog", "/admin"...); a bound keeps odd URLs from
// growing the map.
const trees = new WeakMap<Manifest["routes"], { tree: RouteObject[]; byPath: Map<string, string[]> }>();

function idsMatching(routes: Manifest["routes"], path: string, basename: string): string[] {
  let known = trees.get(routes);
  if (!known) {
    known = { tree: treeOf(routes), byPath: new Map() };
    trees.set(routes, known);
  }
  let ids = known.byPath.get(path);
  if (!ids) {
    ids = (matchRoutes(known.tree, path, basename) ?? []).map((match) => match.route.id!);
    if (known.byPath.size >= 256) known.byPath.clear();
    known.byPath.set(path, ids);
  }
  return ids;
}

function treeOf(routes: Manifest["routes"]): RouteObject[] {
  const entries = Object.values(routes).filter((route): route is RouteEntry => route !== undefined);
  const children = new Map<string | undefined, RouteObject[]>();
  const nodeOf = (route: RouteEntry): RouteObject =>
    route.index
      ? { id: route.id, index: true, caseSensitive: route.caseSensitive }
      : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) };
  const childrenOf = (id: string) => {
    let list = children.get(id);
    if (!list) children.set(id, (list = []));
    return list;
  };
  const roots: RouteObject[] = [];
  for (const route of entries) {
    const node = nodeOf(route);
    if (route.parentId === undefined) roots.push(node);
    else childrenOf(route.parentId).push(node);
  }
  return roots;
}
