import { createElement, type ComponentType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Form as RouterForm, Link as RouterLink, NavLink as RouterNavLink, StaticRouterProvider, type FormProps, type LinkProps, type NavLinkProps } from "react-router";
import { describe, expect, it } from "vitest";
import { Form } from "~/platform/ui/form";
import { Link, NavLink } from "~/platform/ui/link";
import { useIsPending } from "~/platform/ui/use-is-pending";

/** `element` rendered by a data router on the server at `url`, as the app's pages are (entry.server). */
async function renderAt(url: string, element: () => ReactNode) {
  const routes = [{ path: "*", Component: () => element() }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`https://wealthmatch.example${url}`));
  if (context instanceof Response) throw new Error("no page");
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

/** Every element of `list` rendered at `url` with ours and with the router's: both markups, and how many `tag`s ours has. */
async function bothWays<P>(url: string, list: P[], ours: ComponentType<P>, router: ComponentType<P>, tag: string) {
  const all = (Component: ComponentType<P>) => () => list.map((props, i) => createElement(Component as ComponentType<P & { key: number }>, { ...props, key: i }));
  const html = await renderAt(url, all(ours));
  return { ours: html, router: await renderAt(url, all(router)), count: html.split(`<${tag} `).length - 1 };
}

const links: LinkProps[] = [
  { to: "/", children: "Home" },
  { to: "/blog", className: "nav", children: "Journal" },
  { to: "/register?as=professional", children: "Join" },
  { to: "/professional-dashboard#introductions", "aria-label": "Introductions", children: "Yours" },
  { to: "/admin/blog/12/edit", prefetch: "intent", replace: true, state: { from: "list" }, preventScrollReset: true, children: "Edit" },
  { to: "/blog/a%20post", target: "_blank", rel: "noopener", id: "read", title: "Read it", children: "Read" },
  { to: "/about/", style: { color: "red" }, children: "About" },
  // Not rendered by the fast path: the router's own Link renders them, so they match by construction.
  { to: "https://example.com/x", children: "Elsewhere" },
  { to: "../up", children: "Up" },
  { to: "/a/./b", children: "Dot" },
  { to: "/x?", children: "Empty search" },
  { to: { pathname: "/blog", search: "?page=2" }, children: "Object" },
  { to: "/blog", prefetch: "render", children: "Prefetched" },
  { to: "/blog", reloadDocument: true, children: "Reload" },
  { to: "/blog", discover: "none", children: "No discovery" },
];

const navLinks: NavLinkProps[] = [
  { to: "/blog", children: "Journal" },
  { to: "/blog", end: true, children: "Journal, exactly" },
  { to: "/Blog", children: "Journal, other case" },
  { to: "/Blog", caseSensitive: true, children: "Journal, same case only" },
  { to: "/", children: "Home" },
  { to: "/", end: true, children: "Home, exactly" },
  { to: "/blog/", children: "Trailing slash" },
  { to: "/blog", "aria-current": "location", className: "item", children: "Named current" },
  { to: "/blog", className: ({ isActive }) => (isActive ? "on" : "off"), style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }), children: ({ isActive }) => (isActive ? "Here" : "There") },
  { to: "/admin", prefetch: "intent", title: "Admin", children: "Admin" },
  { to: "/bl", children: "Prefix only" },
];

describe("Link and NavLink rendered on the server", () => {
  for (const props of links) {
    it(`Link to ${JSON.stringify(props.to)} ${JSON.stringify({ ...props, children: undefined, to: undefined })} writes what the router's Link writes`, async () => {
      const ours = await renderAt("/blog/a-post", () => createElement(Link, props));
      const router = await renderAt("/blog/a-post", () => createElement(RouterLink, props));
      expect(ours).toBe(router);
      expect(ours).toMatch(/^<a /);
    });
  }

  for (const url of ["/blog", "/blog/a-post", "/BLOG/a-post", "/", "/admin/users", "/blogroll"]) {
    it(`every NavLink at ${url} writes what the router's NavLink writes, active or not`, async () => {
      const rendered = await bothWays(url, navLinks, NavLink, RouterNavLink, "a");
      expect(rendered.ours).toBe(rendered.router);
      expect(rendered.count).toBe(navLinks.length);
    });
  }

  it("the plain anchor is what renders them: a Link needs no router to be rendered, where the router's Link throws", () => {
    expect(renderToString(createElement(Link, { to: "/blog", className: "nav" }, "Journal"))).toBe('<a class="nav" href="/blog" data-discover="true">Journal</a>');
    expect(() => renderToString(createElement(RouterLink, { to: "/blog" }, "Journal"))).toThrow();
  });
});

const forms: FormProps[] = [
  { method: "post", action: "/logout", children: "Sign Out" },
  { method: "post", action: "/professionals/5", className: "mt-3 space-y-3", id: "ask", replace: true, preventScrollReset: true, navigate: false, fetcherKey: "ask", state: { a: 1 } },
  { method: "POST", action: "/admin/blog/12?intent=delete", "aria-label": "Delete" },
  { action: "/blog", role: "search", children: "Search" },
  { method: "get", action: "/admin/users#list", encType: "application/x-www-form-urlencoded" },
  { method: "post", action: "/contact", reloadDocument: true, noValidate: true },
  // Not rendered by the fast path: the router's own Form renders them, so they match by construction.
  { method: "post", children: "Own address" },
  { method: "post", action: ".", children: "Dot" },
  { method: "post", action: "../up" },
  { method: "post", action: "/x", relative: "path" },
  { method: "post", action: "https://example.com/x" },
  { method: "post", action: "/x", discover: "none" },
];

describe("Form rendered on the server", () => {
  for (const url of ["/client-welcome", "/blog/a-post?page=2", "/"]) {
    it(`every Form at ${url} writes what the router's Form writes`, async () => {
      const rendered = await bothWays(url, forms, Form, RouterForm, "form");
      expect(rendered.ours).toBe(rendered.router);
      expect(rendered.count).toBe(forms.length);
    });
  }

  it("the plain form is what renders one with an address: it needs no router, where the router's Form throws", () => {
    expect(renderToString(createElement(Form, { method: "post", action: "/logout" }, "Sign Out"))).toBe('<form data-discover="true" action="/logout" method="post">Sign Out</form>');
    expect(() => renderToString(createElement(RouterForm, { method: "post", action: "/logout" }))).toThrow();
  });
});

describe("useIsPending on the server", () => {
  it("is false, as every page is rendered at rest, without asking the router (which would throw outside one)", () => {
    const Button = () => createElement("button", { disabled: useIsPending() }, useIsPending({ formAction: "/login" }) ? "Signing in..." : "Sign In");
    expect(renderToString(createElement(Button))).toBe("<button>Sign In</button>");
  });
});
