// One host per request, settled before anything reads it (docs/decisions/025-page-cache.md).
//
// React Router's Express adapter builds request.url from Express's req.hostname, which believes
// X-Forwarded-Host only from a trusted proxy, but takes the port from X-Forwarded-Host whenever
// `trust proxy` is set at all, whoever sent it; the page cache keys by the Host header. Pages name that
// URL's origin in canonical links, the sitemap and the feed: any disagreement lets one visitor's header
// choose the links every later visitor is served from the cache.

/**
 * From a peer TRUST_PROXY trusts, X-Forwarded-Host (its first value, as Express takes it) becomes the
 * Host; from anyone else it is dropped. Either way no X-Forwarded-Host is left for the adapter, Express
 * and the cache to read differently. `trusted` is Express's compiled `trust proxy fn`.
 */
import type { IncomingMessage } from "node:http";

/** Express's compiled `trust proxy fn`: whether the peer at `address` (hop `i`) is a trusted proxy. */
export type TrustProxy = (address: string | undefined, i: number) => boolean;

export function settleHost(req: IncomingMessage, trusted: TrustProxy) {
  const forwarded = req.headers["x-forwarded-host"];
  if (forwarded === undefined) return;
  delete req.headers["x-forwarded-host"];
  if (!trusted(req.socket.remoteAddress, 0)) return;
  const first = (String(forwarded).split(",")[0] ?? "").trim();
  if (first) req.headers.host = first;
}
