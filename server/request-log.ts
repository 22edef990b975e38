// One log line per request, when its answer has gone (or the client went away): the request id, method,
// path, route (the React Router route it matched: server/route-label.ts), status and duration; the worker's pid comes with every line (app/platform/log.server.ts). The
// path is the address without its query string, which may carry a token (a reset link's); no header,
// cookie or body is logged. GET /healthz and /readyz are logged at debug only: a load balancer asks
// every few seconds.
//
// The request id is the one a trusted proxy (TRUST_PROXY) sent in X-Request-Id, so the proxy's and the
// app's lines can be matched; from anyone else the header is ignored and an id is made. Either way it
// goes back in the X-Request-Id response header, and every line logged while the request runs carries it.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { log, requestScope } from "../app/platform/log.server";

/** What an id from a proxy may look like: a UUID, a hex or base64url string, a trace id; bounded. */
const PROXY_ID = /^[A-Za-z0-9._:/+=-]{1,128}$/;
/** The longest path a line shows; past it, the length is said instead. */
const MAX_PATH = 200;

function pathOf(url: string | undefined) {
  const target = url ?? "/";
  const end = target.indexOf("?");
  const path = end === -1 ? target : target.slice(0, end);
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}… (${path.length} characters)` : path;
}

/** The id for a request: its trusted proxy's, or a new one. */
export function requestIdOf(req: IncomingMessage, fromTrustedProxy: boolean): string {
  if (fromTrustedProxy) {
    const sent = req.headers["x-request-id"];
    if (typeof sent === "string" && PROXY_ID.test(sent)) return sent;
  }
  return crypto.randomUUID();
}

/**
 * Runs `serve` for the request inside its scope (its id), sets X-Request-Id, and logs the line when the
 * response closes. `probe`: a health check, logged at debug.
 */
export function loggedRequest(
  req: IncomingMessage,
  res: ServerResponse,
  fromTrustedProxy: boolean,
  probe: boolean,
  serve: () => void,
  routeOf?: (url: string) => string,
) {
  const started = performance.now();
  const requestId = requestIdOf(req, fromTrustedProxy);
  res.setHeader("X-Request-Id", requestId);
  res.once("close", () => {
    const entry = {
      requestId,
      method: req.method,
      path: pathOf(req.url),
      ...(routeOf ? { route: routeOf(req.url ?? "/") } : {}),
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 10) / 10,
      // The client went away before the whole answer was sent.
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    if (probe) log.debug(entry, "request");
    else log.info(entry, "request");
  });
  requestScope.run({ requestId }, serve);
}
