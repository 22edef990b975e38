/**
 * The address of the page a request is for, as a visitor would write it (docs/decisions/050-one-request-per-page.md).
 *
 * Loaders and actions get React Router's own Request (`future.v8_passThroughRequests`), so a data request
 * made by a navigation in the browser reads `/client-welcome.data?_routes=...`, the home page's
 * `/_root.data`, and a form posted to an index route `?index`. This gives the page's address instead:
 * what a sign-in should come back to, a log line should name and a list should link to.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) {
    const path = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
    url.pathname = path !== "/" && path.endsWith("/") ? path.slice(0, -1) : path;
  }
  if (url.searchParams.has("_routes") || url.searchParams.has("index")) {
    const kept = url.searchParams.getAll("index").filter(Boolean);
    url.searchParams.delete("_routes");
    url.searchParams.delete("index");
    for (const value of kept) url.searchParams.append("index", value);
  }
  return url;
}
