// How long a slow client may hold a connection, and how many one address may hold at once
// (docs/decisions/011-request-limits-and-errors.md). Node's defaults let a body trickle in for 300 s
// and any one address open as many connections as it likes.
import type http from "node:http";
import type { Socket } from "node:net";

/** The whole header block must arrive within this (Node's default is 60 s). */
export const HEADERS_TIMEOUT_MS = 20_000;
/** The whole request, body included, must arrive within this: an image upload from a slow phone fits. */
export const REQUEST_TIMEOUT_MS = 120_000;
/** A connection on which nothing moves for this long is closed, like a proxy's client_body_timeout. */
export const IDLE_TIMEOUT_MS = 60_000;
/** Open connections one address may hold on one worker, unless MAX_CONNECTIONS_PER_ADDRESS says otherwise. */
export const DEFAULT_CONNECTIONS_PER_ADDRESS = 64;

/** MAX_CONNECTIONS_PER_ADDRESS: a whole number, 0 for no cap; anything else stops start-up naming it. */
export function connectionsPerAddress(value = process.env.MAX_CONNECTIONS_PER_ADDRESS): number {
  if (value === undefined || value.trim() === "") return DEFAULT_CONNECTIONS_PER_ADDRESS;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`MAX_CONNECTIONS_PER_ADDRESS: must be a whole number, 0 for no cap (got "${value}")`);
  return n;
}

const TOO_MANY_TEXT = "Too many connections from your address. Please try again in a moment.";
const TOO_MANY = `HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(TOO_MANY_TEXT)}\r\n\r\n${TOO_MANY_TEXT}`;

/**
 * Applies the timeouts, and caps the connections one address holds. A trusted proxy's connections are
 * not counted (every visitor comes through it: the proxy caps per visitor, nginx's limit_conn).
 */
export function limitConnections(server: http.Server, options: { perAddress: number; trusted: (socket: Socket) => boolean }): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.timeout = IDLE_TIMEOUT_MS;
  if (options.perAddress === 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    if (options.trusted(socket)) return;
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > options.perAddress) {
      socket.end(TOO_MANY);
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
