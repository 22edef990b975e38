import { config } from "~/platform/config.server";

/** The public origin for canonical links and the sitemap: PUBLIC_URL when set, else the request's own. */
export function siteUrl(request: Request): string {
  return config().publicUrl ?? new URL(request.url).origin;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The origin for links sent by e-mail (password resets). The Host header is the sender's to choose,
 * so without PUBLIC_URL only a loopback host (a developer's own machine) is believed; any other
 * request gets links to this machine's own port rather than to a host an attacker named.
 */
export function mailLinkOrigin(request: Request): string {
  const { publicUrl, port } = config();
  if (publicUrl) return publicUrl;
  const url = new URL(request.url);
  return LOOPBACK.has(url.hostname) ? url.origin : `http://localhost:${port}`;
}
