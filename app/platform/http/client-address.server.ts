import type { AppLoadContext } from "react-router";
import { logFor } from "~/platform/log.server";

const log = logFor("client-address");

declare module "react-router" {
  /**
   * What server.ts hands every loader and action besides the request. The client address comes from
   * Express's req.ip, which honours TRUST_PROXY: never from a header a visitor could send.
   */
  interface AppLoadContext {
    clientAddress: string;
  }
}

/** What a loader or action receives, as far as the server code below the routes needs it. */
export type RequestArgs = { request: Request; context: AppLoadContext };

let warned = false;

/** The visitor's address (rate limits, the audit log, sessions). */
export function clientAddress({ context }: RequestArgs): string {
  const address = typeof context?.clientAddress === "string" ? context.clientAddress.trim() : "";
  if (!address && !warned) {
    warned = true;
    log.warn("the server gave no client address in the load context; start the app with server.ts");
  }
  return address.slice(0, 64) || "unknown";
}

export function userAgent(request: Request): string | null {
  return request.headers.get("user-agent")?.slice(0, 300) ?? null;
}
