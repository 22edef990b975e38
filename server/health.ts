// What a load balancer or an orchestrator probes (docs/decisions/062-health-and-readiness.md):
//   GET /healthz  the process is up and its event loop turns: 200 "ok", without touching the database.
//   GET /readyz   this worker can serve pages: the database answers, its migrations are current and the
//                 worker is not draining (SIGTERM). 200 "ready", else 503 "not ready: <reason>".
// Both answer GET and HEAD (any query string ignored), as plain text that no cache keeps. The server's
// request listener (server/app.ts) answers them before the page cache and Express: no session is read
// or set, no rate limit counts them, and the request log shows them at debug level only.
import type { IncomingMessage, ServerResponse } from "node:http";
import { logFor } from "../app/platform/log.server";

const log = logFor("ready");

export const HEALTH_PATH = "/healthz";
export const READY_PATH = "/readyz";

type Options = {
  /** Why the database cannot serve requests, or undefined (app/platform/readiness.server.ts, through the build). */
  databaseReadiness?: () => Promise<string | undefined>;
  /** Whether the worker has begun to stop. */
  draining: () => boolean;
  /** The security headers every answer of the server's own carries. */
  setServerHeaders(res: ServerResponse, kind: "file"): void;
};

function pathOf(url: string | undefined) {
  const target = url ?? "/";
  const end = target.indexOf("?");
  return end === -1 ? target : target.slice(0, end);
}

export function healthChecks(options: Options) {
  // Said once when readiness changes, not on every probe: an operator sees when and why a worker left
  // the pool and when it came back.
  let lastReason: string | undefined;
  function note(reason: string | undefined) {
    if (reason === lastReason) return;
    if (reason) log.warn({ reason }, "not ready");
    else if (lastReason) log.warn("ready again");
    lastReason = reason;
  }

  async function readiness(): Promise<string | undefined> {
    if (options.draining()) return "draining: the worker is stopping";
    let reason: string | undefined;
    try {
      reason = await options.databaseReadiness?.();
    } catch (error) {
      reason = `database does not answer: ${error instanceof Error ? error.message : String(error)}`;
    }
    // The worker may have begun to stop while the database was asked.
    if (options.draining()) return "draining: the worker is stopping";
    note(reason);
    return reason;
  }

  function send(req: IncomingMessage, res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) {
    // A probe that sent a body: read and dropped, so the connection stays usable.
    if (!req.complete) req.resume();
    options.setServerHeaders(res, "file");
    res.setHeader("Cache-Control", "no-store");
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(text) });
    res.end(req.method === "HEAD" ? undefined : text);
  }

  return {
    /** Whether the request is for /healthz or /readyz. */
    isProbe(req: IncomingMessage): boolean {
      const path = pathOf(req.url);
      return path === HEALTH_PATH || path === READY_PATH;
    },
    answer(req: IncomingMessage, res: ServerResponse): void {
      if (req.method !== "GET" && req.method !== "HEAD") {
        send(req, res, 405, "Method not allowed", { Allow: "GET, HEAD" });
        return;
      }
      if (pathOf(req.url) === HEALTH_PATH) {
        send(req, res, 200, "ok");
        return;
      }
      void readiness().then((reason) => {
        if (res.destroyed) return;
        if (reason) send(req, res, 503, `not ready: ${reason}`);
        else send(req, res, 200, "ready");
      });
    },
  };
}
