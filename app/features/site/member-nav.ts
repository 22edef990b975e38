import { PUBLIC_PAGES, routeId } from "./public-pages";

/**
 * The member nav (decision 059): one for signed-in clients and professionals, on member pages; the
 * marketing header stays on the public pages and for visitors. Read by the root's loader and component
 * alike, so nothing here touches the server.
 */
export type MemberKind = "client" | "professional";

/** What the root hands the header: whose nav, and how many messages wait unread. */
export type MemberNav = { kind: MemberKind; unread: number };

export type MemberNavItem = { to: string; label: string; messages?: true };

const SHARED: readonly MemberNavItem[] = [
  { to: "/introductions", label: "Introductions" },
  { to: "/messages", label: "Messages", messages: true },
  { to: "/calls", label: "Calls" },
  { to: "/account", label: "Account" },
];

export const MEMBER_NAV: Readonly<Record<MemberKind, readonly MemberNavItem[]>> = {
  client: [{ to: "/client-welcome", label: "Shortlist" }, ...SHARED],
  professional: [{ to: "/professional-dashboard", label: "Clients" }, ...SHARED],
};

/** Whose nav a role gets: a professional's, a client's (and a registered person's, whose home is the welcome), an admin none. */
export function memberKindOf(role: string): MemberKind | null {
  if (role === "professional") return "professional";
  return role === "client" || role === "user" ? "client" : null;
}

const PUBLIC_PATHS = PUBLIC_PAGES.map((p) => new RegExp(`^${p.path.replace(/\./g, "\\.").replace(/:[a-z]+/g, "[^/]+")}/?$`));
const PUBLIC_ROUTE_IDS = new Set(PUBLIC_PAGES.map((p) => routeId(p.file)));

/** A public page's address (the marketing header's), from a URL's path. */
export const isPublicPath = (pathname: string) => PUBLIC_PATHS.some((re) => re.test(pathname));

/** A public page's route, from the matched routes' ids. */
export const isPublicRoute = (ids: readonly string[]) => ids.some((id) => PUBLIC_ROUTE_IDS.has(id));

/** The introduction whose page (/introductions/:id, the conversation) `pathname` is, or null. */
export function openedIntroduction(pathname: string): number | null {
  const id = /^\/introductions\/(\d{1,9})\/?$/.exec(pathname)?.[1];
  return id ? Number(id) : null;
}
