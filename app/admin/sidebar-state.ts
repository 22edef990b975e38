/**
 * The admin sidebar's open/collapsed state lives in a plain cookie (spec §2: kept for 7 days), so the
 * server renders it right on the first paint. It is written by the server (the toggle form, without
 * JavaScript) and by the page itself (the toggle button and Ctrl/Cmd+B), so it is not HttpOnly, and it
 * is scoped to "/" because data requests for /admin go to /admin.data, outside a "/admin" path.
 */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_MAX_AGE = 7 * 24 * 60 * 60;

export function sidebarCookie(open: boolean, secure: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; Path=/; Max-Age=${SIDEBAR_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Open unless the cookie says "false": a first visit shows the full sidebar. */
export function sidebarOpenFrom(cookieHeader: string | null): boolean {
  const match = /(?:^|;\s*)sidebar_state=([^;]*)/.exec(cookieHeader ?? "");
  return match?.[1]?.trim() !== "false";
}
