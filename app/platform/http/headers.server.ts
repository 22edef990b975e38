// The one place the security headers are decided (docs/decisions/032-page-cache-plain-bytes.md): pages
// and page data (entry.server), the app's own files (robots.txt, the sitemap, the feed, a data
// download), and through the server build's entry the server's own answers: static files, uploads,
// refusals (405, 400, 413, 415) and HSTS. Cached pages carry the headers they were rendered with, their
// nonce traded for script hashes (server/page-cache.ts).

/** What every response carries, whatever it is. */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** Sent on every answer over HTTPS (the server's request listener sets it, once). */
export const HSTS = "max-age=63072000; includeSubDomains";

/** Files and anything else in which nothing runs. */
export const FILE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The refusal page (server.ts renders it without the app): its stylesheet and fonts, nothing else. */
export const REFUSAL_CSP =
  "default-src 'none'; style-src 'self'; font-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * With billing on, 'Choose this plan' and 'Manage billing' post and are redirected to Stripe's Checkout
 * and customer portal; a browser without JavaScript follows that redirect only if form-action allows it.
 * STRIPE_API_BASE (the tests' stand-in for Stripe) serves those pages too.
 */
function billingFormTargets(): string {
  if (!process.env.STRIPE_SECRET_KEY) return "";
  let standIn = "";
  try {
    standIn = process.env.STRIPE_API_BASE ? ` ${new URL(process.env.STRIPE_API_BASE).origin}` : "";
  } catch {
    // A bad address stops start-up (config.server.ts); nothing to add meanwhile.
  }
  return ` https://checkout.stripe.com https://billing.stripe.com${standIn}`;
}

/**
 * A page's policy: scripts only with this response's nonce (and what they load, 'strict-dynamic'); a
 * page in the page cache trades the nonce for its scripts' hashes. Without a nonce (page data,
 * which runs nothing) scripts from this origin only.
 */
export function pageCsp(nonce?: string): string {
  const dev = process.env.NODE_ENV === "development";
  const scriptSrc = nonce ? `'nonce-${nonce}' 'strict-dynamic'` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}${dev ? " 'unsafe-eval'" : ""}`,
    // React sets style attributes at run time; styles cannot run code, scripts stay nonce-only.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    `form-action 'self'${billingFormTargets()}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** The baseline on a Fetch Headers; a stricter Referrer-Policy a page asked for (the reset page) is kept. */
function applyBaseline(headers: Headers) {
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) {
    if (name === "Referrer-Policy" && headers.has(name)) continue;
    headers.set(name, value);
  }
  headers.delete("X-Powered-By");
}

/** The headers every HTML or data response carries. */
export function applySecurityHeaders(headers: Headers, _request: Request, nonce?: string) {
  headers.set("Content-Security-Policy", pageCsp(nonce));
  applyBaseline(headers);
  // Pages carry the visitor's session, flash messages and CSRF tokens: never cached in shared caches
  // unless the server's page cache says a page is an anonymous visitor's public one.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
}

/**
 * Headers for a file the app answers with its own Response (robots.txt, sitemap.xml, the feed, a data
 * download): those bypass the document and data handlers in entry.server.tsx. Nothing in them runs.
 */
export function fileHeaders(init: Record<string, string>): Headers {
  const headers = new Headers(init);
  applyBaseline(headers);
  headers.set("Content-Security-Policy", FILE_CSP);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  return headers;
}

/** As fileHeaders, for a resource route's loader. */
export function resourceHeaders(_request: Request, init: Record<string, string>): Headers {
  return fileHeaders(init);
}

/** The part of a Node response's headers the server sets itself. */
type NodeResponse = { setHeader(name: string, value: string): unknown };

/** The server's own answers (static files, uploads, refusals): the baseline and their policy. */
export function setServerHeaders(res: NodeResponse, kind: "file" | "refusal") {
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", kind === "file" ? FILE_CSP : REFUSAL_CSP);
  if (kind === "refusal") res.setHeader("Cache-Control", "private, no-store");
}
