import { data, redirect } from "react-router";
import type { Role } from "~/domain/vocabulary";
import { audit } from "~/platform/audit.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { adminTwoFactorRequired } from "~/platform/settings.server";
import { getUser, type SessionUser } from "./session.server";
import { hasTwoFactor } from "./two-factor.server";
import { pageUrl } from "~/platform/http/page-url.server";

/** Where an admin sets up two-factor; the one admin page open to an admin without it when it is mandatory. */
const ADMIN_SECURITY_PATH = "/admin/security";

const hasUnsafeCharacter = (value: string) =>
  [...value].some((c) => c === "\\" || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * A local path to come back to after signing in; anything else is dropped for `fallback`.
 * The value is normalised first, the way a browser will read it (dot segments, "%2e", backslashes),
 * and only then checked: "/.//evil.example" or "/x/..//evil.example" normalise to "//evil.example",
 * which a browser reads as another host, so a path that starts with "//" after normalising is refused.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  // Browsers drop tabs and newlines from URLs and read a backslash as "/", so "/<tab>/evil.com" or
  // "/<backslash>evil.com" would leave the site: such characters are refused outright.
  if (typeof to !== "string" || !to.startsWith("/") || hasUnsafeCharacter(to)) return fallback;
  const base = "http://local.invalid";
  try {
    const url = new URL(to, base);
    if (url.origin !== base || url.pathname.startsWith("//")) return fallback;
    // The parsed form is percent-encoded: a Location header cannot carry raw non-ASCII characters.
    const path = url.pathname + url.search + url.hash;
    // What we return is read again by the browser against our origin: it must land there too.
    return new URL(path, base).origin === base ? path : fallback;
  } catch {
    return fallback;
  }
}

/** Pages that need a signed-in person send others to /login and bring them back afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) {
    const url = pageUrl(request);
    const back = url.pathname + url.search;
    throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  }
  return user;
}

/** A signed-in person holding `role`; otherwise /login (signed out) or a 403. */
export async function requireRole(args: RequestArgs, role: Role): Promise<SessionUser> {
  const { request } = args;
  const user = await requireUser(request);
  if (!user.roles.includes(role)) {
    await audit({ kind: "SUSPICIOUS_ACTIVITY", from: args, userId: user.id, email: user.email, detail: `needs role ${role}: ${request.method} ${pageUrl(request).pathname}` });
    throw data({ error: "Forbidden" }, { status: 403 });
  }
  return user;
}

/** Where /admin/login sends an admin after signing in: an admin page, never the sign-in page itself. */
export function adminReturnPath(to: FormDataEntryValue | string | null | undefined): string {
  const path = safeRedirect(to, "/admin");
  const adminPage = /^\/admin(?:[/?]|$)/.test(path) && !/^\/admin\/login(?:[/?]|$)/.test(path);
  // "/admin//x" stays on our origin, but no admin page has an empty segment: such a path is a probe.
  return adminPage && !path.split(/[?#]/)[0]?.includes("//") ? path : "/admin";
}

/**
 * Every /admin loader and action starts here. Pages send anyone else to /admin/login (keeping the
 * page asked for); actions answer 403. Both change nothing and leave a SUSPICIOUS_ACTIVITY record;
 * `quiet` is for the layout, whose page loader records the same request.
 * When the site requires two-factor for admins (settings), an admin without it is sent to
 * /admin/security from every other admin page and form until enrolled (docs/decisions/024).
 */
export async function requireAdmin(args: RequestArgs, { quiet = false }: { quiet?: boolean } = {}): Promise<SessionUser> {
  const { request } = args;
  const user = await getUser(request);
  const url = pageUrl(request);
  if (user?.roles.includes("admin")) {
    const onSecurityPage = url.pathname === ADMIN_SECURITY_PATH;
    if (!onSecurityPage && (await adminTwoFactorRequired()) && !(await hasTwoFactor(user.id))) {
      throw redirect(ADMIN_SECURITY_PATH, request.method === "GET" || request.method === "HEAD" ? 302 : 303);
    }
    return user;
  }
  const isPage = request.method === "GET" || request.method === "HEAD";
  if (!quiet || !isPage) {
    await audit({
      kind: "SUSPICIOUS_ACTIVITY",
      from: args,
      userId: user?.id,
      email: user?.email,
      detail: `admin access refused: ${request.method} ${url.pathname}`,
    });
  }
  if (isPage) {
    const back = adminReturnPath(url.pathname + url.search);
    throw redirect(back === "/admin" ? "/admin/login" : `/admin/login?redirectTo=${encodeURIComponent(back)}`);
  }
  throw data({ error: "Forbidden" }, { status: 403 });
}
