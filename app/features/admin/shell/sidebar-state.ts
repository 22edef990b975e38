import { readCookieValue, setCookieValue } from "~/platform/http/cookies";

/**
 * The admin sidebar's open/collapsed state lives in a cookie (kept for 7 days, declared in
 * app/platform/http/cookies.ts), so the server renders it right on the first paint. The toggle form writes it
 * without JavaScript, the page's script (button, Ctrl/Cmd+B) with it.
 */
export function sidebarCookie(open: boolean, secure: boolean): string {
  return setCookieValue("sidebar", String(open), secure);
}

/** Open unless the cookie says "false": a first visit shows the full sidebar. */
export function sidebarOpenFrom(cookieHeader: string | null): boolean {
  return readCookieValue(cookieHeader, "sidebar") !== "false";
}
