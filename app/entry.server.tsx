import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "react-router";
import { NonceProvider } from "~/platform/http/nonce";
import { applySecurityHeaders } from "~/platform/http/headers.server";
import { documentBody } from "~/platform/http/document-body.server";
import { BUSY_RETRY_AFTER_SECONDS } from "~/platform/password.server";
import { pageUrl } from "~/platform/http/page-url.server";
import { log } from "~/platform/log.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = crypto.randomBytes(16).toString("base64");
  applySecurityHeaders(responseHeaders, request, nonce);
  retryAfter(responseStatusCode, responseHeaders, routerContext.staticHandlerContext.actionHeaders);

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    // Wait for the whole page: visitors without JavaScript must get complete HTML and the right status.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={pageUrl(request)} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          // The page is complete, so it leaves as one buffer: written once, compressed once, instead of
          // one flushed (and separately compressed) piece per chunk React writes.
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const bytes = documentBody(Buffer.concat(chunks).toString("utf8"), loadContext?.documentEncoding, responseHeaders);
            responseHeaders.set("Content-Length", String(bytes.length));
            resolve(new Response(bytes, { headers: responseHeaders, status: responseStatusCode }));
          });
          body.on("error", reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          log.error({ err: error }, "rendering failed");
        },
      },
    );
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applySecurityHeaders(response.headers, request);
  retryAfter(response.status, response.headers);
  return response;
};

/**
 * A 503 or 429 tells clients when to come back: the action's own Retry-After where it gave one (a
 * write the disk or a lock refused asks for 30 s, a rate limit for its window), else, for a 503, the
 * busy queue's. Routes export no `headers`, so React Router passes on only the cookies of an action's
 * answer: its Retry-After is taken from the context here.
 */
function retryAfter(status: number, headers: Headers, actionHeaders?: Record<string, Headers>) {
  if ((status !== 503 && status !== 429) || headers.has("Retry-After")) return;
  const own = Object.values(actionHeaders ?? {}).find((h) => h.has("Retry-After"))?.get("Retry-After");
  if (own) headers.set("Retry-After", own);
  else if (status === 503) headers.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  log.error({ method: request.method, path: pageUrl(request).pathname, err: error }, "unhandled error");
};

// server.ts calls startup before listening and shutdown when it stops, and renders its own refusals
// (405, 413, 415, 400) with the site's error page.
export { startup, shutdown } from "~/startup.server";
export { refusalPage } from "~/platform/http/refusal-page.server";
// The server's own answers (static files, refusals) and HSTS take their headers from the one module.
export { HSTS, setServerHeaders } from "~/platform/http/headers.server";
// server.ts's page cache asks which pages it may cache and whether a cached one is still current.
export { pageCachePolicy } from "~/features/site/page-cache.server";
// Uploaded images are served from the database, by every app server.
export { readStoredFile as readUpload } from "~/platform/uploads/stored-files.server";
// Posts wait (asynchronously) for a write lock another connection holds before their action runs.
export { writeLockFree } from "~/platform/db.server";
// GET /readyz asks whether the database answers and its migrations are current (server/health.ts).
export { databaseReadiness } from "~/platform/readiness.server";
// GET /metrics adds the app's own series (jobs, mail, storage, rate limits, sign-ins) to the server's.
export { metricsRegistry } from "~/platform/metrics.server";
