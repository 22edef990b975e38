/**
 * The client's address. server.mjs overwrites `x-client-ip` with Express's req.ip (which honours
 * TRUST_PROXY), so a visitor cannot forge it.
 */
export function clientIp(request: Request): string {
  return request.headers.get("x-client-ip")?.trim() || "unknown";
}

export function userAgent(request: Request): string | null {
  return request.headers.get("user-agent")?.slice(0, 300) ?? null;
}
