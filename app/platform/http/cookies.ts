/**
 * Every cookie the site sets, side by side (docs/decisions/017-one-place-per-concern.md). All follow
 * one rule, written once in `setCookieValue`: Path=/ (data requests go to /route.data, outside any
 * narrower path), SameSite=Lax, Secure whenever the page came over https, HttpOnly unless the page's
 * own script must write the cookie. The cookie and privacy pages list the same names
 * (app/features/marketing/site-cookies.ts). This file is shared with the browser: no secrets here.
 */
export const COOKIES = {
  /** A random session id, signed; the row in `sessions` is the truth. */
  session: { name: "wm_session", httpOnly: true, signed: true },
  /** One flash message (a toast), signed. */
  toast: { name: "wm_toast", httpOnly: true, signed: true },
  /** The registration wizard's answers, sealed with AES-256-GCM by the wizard itself. */
  wizard: { name: "wm_register", httpOnly: true, signed: false, maxAge: 60 * 60 },
  /**
   * The contact form's CSRF token (remix-utils), signed. SameSite=Lax like the rest: a post started on
   * another site never carries it, while a visitor arriving from a link keeps the token already issued.
   */
  csrf: { name: "wm_csrf", httpOnly: true, signed: true },
  /**
   * The sign-in step between a right password and the second factor (docs/decisions/024), signed:
   * whose code is awaited and where to go after. No session exists until the code is accepted.
   */
  twoFactor: { name: "wm_2fa", httpOnly: true, signed: true, maxAge: 10 * 60 },
  /** The admin sidebar's open/collapsed state: the page's script writes it too (Ctrl/Cmd+B). */
  sidebar: { name: "sidebar_state", httpOnly: false, signed: false, maxAge: 7 * 24 * 60 * 60 },
} as const satisfies Record<string, CookieDeclaration>;

export type CookieDeclaration = { name: string; httpOnly: boolean; signed: boolean; maxAge?: number };
export type CookieName = keyof typeof COOKIES;
export type SignedCookieName = { [K in CookieName]: (typeof COOKIES)[K]["signed"] extends true ? K : never }[CookieName];
export type RawCookieName = Exclude<CookieName, SignedCookieName>;

/** The shared attributes, as react-router's createCookie takes them. */
export function cookieOptions(which: CookieName, secure: boolean) {
  return { path: "/", sameSite: "lax" as const, httpOnly: COOKIES[which].httpOnly, secure };
}

/**
 * A Set-Cookie (or document.cookie) value for a cookie whose value is already safe as it is (sealed,
 * or a plain word). HttpOnly is left out where the page's script writes it, since document.cookie
 * ignores such a cookie.
 */
export function setCookieValue(which: RawCookieName, value: string, secure: boolean, maxAge: number = COOKIES[which].maxAge): string {
  const o = cookieOptions(which, secure);
  const parts = [`${COOKIES[which].name}=${value}`, `Path=${o.path}`, `Max-Age=${maxAge}`];
  if (o.httpOnly) parts.push("HttpOnly");
  parts.push("SameSite=Lax");
  if (o.secure) parts.push("Secure");
  return parts.join("; ");
}

/** The raw value of a cookie in a Cookie header (or document.cookie), or null. */
export function readCookieValue(cookieHeader: string | null | undefined, which: RawCookieName): string | null {
  if (!cookieHeader) return null;
  const name = COOKIES[which].name;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
