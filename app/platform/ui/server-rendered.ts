// When the router's Link, NavLink and Form may be rendered as plain elements on the server
// (docs/decisions/048-links-rendered-plain-on-the-server.md).

/**
 * The path of `to` when the router would write `to` itself as the href: a string address from the site's
 * root, in characters a URL keeps as they are, with no `.` or `..` step, doubled slash, or empty `?`/`#`.
 */
export function plainPath(to: unknown): string | null {
  if (typeof to !== "string" || !/^\/(?!\/)[\w\-.~/%]*(\?[^#\s]+)?(#\S+)?$/.test(to)) return null;
  const path = to.replace(/[?#].*$/, "");
  if (path.includes("//") || /\/\.\.?(\/|$)/.test(path)) return null;
  return path;
}
