/** The headers every HTML or data response carries (static files get theirs in server.mjs). */
export function applySecurityHeaders(headers: Headers, _request: Request, nonce?: string) {
  const scriptSrc = nonce ? `'nonce-${nonce}' 'strict-dynamic'` : "'self'";
  const dev = process.env.NODE_ENV === "development";
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src ${scriptSrc}${dev ? " 'unsafe-eval'" : ""}`,
      // React sets style attributes at run time; styles cannot run code, scripts stay nonce-only.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self'${dev ? " ws: wss:" : ""}`,
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; "),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  // A page may ask for a stricter policy (the reset page carries its token in the URL).
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  // Strict-Transport-Security is server.mjs's (req.secure): it covers static files and redirects too,
  // and set here as well it went out twice.
  // Pages carry the visitor's session, flash messages and CSRF tokens: never cache them in shared caches.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  headers.delete("X-Powered-By");
}

/**
 * Headers for a resource route's own Response (robots.txt, sitemap.xml, files): those bypass the
 * document and data handlers in entry.server.tsx, so they get the baseline here. Nothing in them runs.
 */
export function resourceHeaders(request: Request, init: Record<string, string>): Headers {
  const headers = new Headers(init);
  applySecurityHeaders(headers, request);
  headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  return headers;
}
