import { forwardRef, type AnchorHTMLAttributes } from "react";
import { Link as RouterLink, NavLink as RouterNavLink, useLocation, type LinkProps, type NavLinkProps } from "react-router";
import { plainPath } from "~/platform/ui/server-rendered";

// React Router's Link and NavLink, rendered on the server as the plain <a> they would render there
// (docs/decisions/048-links-rendered-plain-on-the-server.md). On the server a router link only resolves
// its address and renders an anchor, yet each one cost 8 to 13 µs against 1 µs for the anchor; a page
// has dozens. In the browser, and for any link the fast path cannot render exactly as the router would,
// the router's own component is used, so navigation, prefetching and hydration are untouched.

const simple = (props: LinkProps) => props.prefetch !== "render" && !props.relative && !props.reloadDocument && !props.mask && props.discover !== "none" && !props.viewTransition;

// What the router's Link reads itself and never writes onto the anchor.
const ROUTER_ONLY = /* @__PURE__ */ new Set(["onClick", "discover", "prefetch", "relative", "reloadDocument", "replace", "mask", "state", "to", "preventScrollReset", "viewTransition", "defaultShouldRevalidate", "target"]);

/** The anchor's attributes, in the order the router's Link writes them. */
function anchor(props: LinkProps, own: Pick<AnchorHTMLAttributes<HTMLAnchorElement>, "aria-current" | "className" | "style"> = {}) {
  // A loop rather than a rest pattern: V8 copies a rest with a dozen exclusions through a slow path.
  const attributes: Record<string, unknown> = {};
  for (const key of Object.keys(props)) if (!ROUTER_ONLY.has(key)) attributes[key] = props[key as keyof LinkProps];
  Object.assign(attributes, own);
  attributes.href = props.to;
  attributes.target = props.target;
  attributes["data-discover"] = "true";
  return attributes as AnchorHTMLAttributes<HTMLAnchorElement>;
}

const ServerLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  if (plainPath(props.to) === null || !simple(props)) return <RouterLink {...props} ref={ref} />;
  return <a {...anchor(props)} />;
});

const ServerNavLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const location = useLocation();
  const path = plainPath(props.to);
  if (path === null || !simple(props as LinkProps)) return <RouterNavLink {...props} ref={ref} />;
  const { "aria-current": ariaCurrent = "page", caseSensitive = false, className = "", end = false, style, children, ...rest } = props;
  // As the router decides it; nothing is pending or in a view transition while the server renders.
  const here = caseSensitive ? location.pathname : location.pathname.toLowerCase();
  const target = caseSensitive ? path : path.toLowerCase();
  const slash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slash) === "/");
  const state = { isActive, isPending: false, isTransitioning: false };
  const own = {
    "aria-current": isActive ? ariaCurrent : undefined,
    className: typeof className === "function" ? className(state) : [className, isActive ? "active" : null].filter(Boolean).join(" "),
    style: typeof style === "function" ? style(state) : style,
  };
  return <a {...anchor(rest as LinkProps, own)}>{typeof children === "function" ? children(state) : children}</a>;
});

// Vite replaces import.meta.env.SSR by a constant in each build: the browser's bundle holds the router's
// components alone, not one byte of the server's path.
export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
export const NavLink = import.meta.env.SSR ? ServerNavLink : RouterNavLink;
