import { pageUrl } from "./page-url.server";

/**
 * Whether a POST came from another site. React Router checks the Origin of page and data actions,
 * but resource routes (such as /logout) answer without it. The host is compared, not the scheme:
 * behind a TLS proxy the browser says https while the request we see says http.
 */
export function isCrossSite(request: Request): boolean {
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return true;
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return origin === "null";
  try {
    return new URL(origin).host !== pageUrl(request).host;
  } catch {
    return true;
  }
}
