// Requests the server (server/app.ts) refuses before React Router sees them (docs/decisions/011-request-limits-and-errors.md):
// methods the site has no use for (405), addresses that cannot be decoded or name no usable host (400),
// posts that are not a form (415) and bodies past their cap (413). A refused request reaches no loader
// or action, so nothing is read from or written to the database.

import type { NextFunction, Request, Response } from "express";

/** Every form post is at most 1 MB... */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** ...except on the pages whose forms take image uploads, which get a hard cap of 25 MB. */
export const UPLOAD_LIMIT_BYTES = 25 * 1024 * 1024;
/** The pages that take image uploads (multipart); `:id` stands for one path segment. The one list of them. */
export const UPLOAD_PAGES = ["/admin/blog/new", "/admin/blog/:id/edit", "/admin/professionals/new", "/admin/professionals/:id/edit"];

/** Pages are read with GET (and HEAD) and forms post with POST; nothing here takes any other method. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"];
/** The only bodies an action reads: what an HTML form sends (React Router's JS client posts the same). */
export const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/**
 * Addresses another service posts JSON to, not a browser's form: Stripe's events, which prove their
 * origin by their signature (app/features/billing/webhook.server.ts). Only the form-body check is lifted.
 */
export const WEBHOOK_PATHS = ["/stripe/webhook"];

const uploadPatterns = UPLOAD_PAGES.map(
  (page) => new RegExp(`^${page.replace(/:[a-z]+/gi, "[^/]+").replace(/\./g, "\\.")}$`),
);

/** The body cap for a path; React Router's JS client posts to the same path plus ".data". */
export function bodyLimitFor(pathname: string) {
  const page = pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
  return uploadPatterns.some((re) => re.test(page)) ? UPLOAD_LIMIT_BYTES : BODY_LIMIT_BYTES;
}

/** The media type of a Content-Type header, lower case, without parameters ("" when absent). */
function mediaType(header: string | undefined) {
  return ((header ?? "").split(";")[0] ?? "").trim().toLowerCase();
}

function decodable(path: string) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the host a request names (Express's req.hostname: the Host header, or a trusted proxy's
 * X-Forwarded-Host) is one React Router's Express adapter can build the request's URL from. It cuts
 * the name at the first of \\ / ? # @ and hands it to `new URL`, which throws on "a b c" or "a<b"; and
 * with no Host at all (HTTP/1.0) it fails before that. Either was a 500.
 */
function usableHost(hostname: string | undefined) {
  const name = hostname?.split(/[\\/?#@]/)[0];
  if (!name) return false;
  try {
    new URL(`http://${name}/`);
    return true;
  } catch {
    return false;
  }
}

/** How long, and how much more, a refused body is still read after the answer (see `discardBody`). */
export const LINGER_MS = 2000;
export const LINGER_BYTES = 8 * 1024 * 1024;

/** What a route's handler sees instead of the end of a body cut off at its cap. */
export class BodyTooLargeError extends Error {
  code = "BODY_TOO_LARGE";
  constructor() {
    super("The request body is larger than this page accepts");
  }
}

/**
 * Reads and throws away what is left of a refused request's body, for at most LINGER_MS after the answer
 * and LINGER_BYTES, then closes the connection. Closing a socket the client is still writing to resets
 * it, and the reset can reach the client before it has read the answer: the visitor would see "connection
 * reset" instead of the page saying why (the "lingering close" of Apache and nginx).
 */
function discardBody(req: Request, res: Response) {
  if (req.complete) return;
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) req.destroy();
  });
  req.resume();
  res.once("finish", () => {
    if (req.complete) return;
    const timer = setTimeout(() => req.destroy(), LINGER_MS);
    timer.unref();
    const stop = () => clearTimeout(timer);
    req.once("end", stop);
    req.once("close", stop);
  });
}

/**
 * The guards as Express middleware. `refuse(req, res, status)` answers with the site's error page.
 * `checks` go first; `countBody` right before the React Router handler (see there).
 */
/** Answers a refused request with the site's error page. */
export type Refuse = (req: Request, res: Response, status: number) => void;

export function requestGuards(refuse: Refuse) {
  const discardAndRefuse = (req: Request, res: Response, status: number) => {
    discardBody(req, res);
    refuse(req, res, status);
  };

  function allowedMethod(req: Request, res: Response, next: NextFunction) {
    if (ALLOWED_METHODS.includes(req.method)) return next();
    res.setHeader("Allow", ALLOWED_METHODS.join(", "));
    discardAndRefuse(req, res, 405);
  }

  function decodablePath(req: Request, res: Response, next: NextFunction) {
    if (decodable(req.path)) return next();
    discardAndRefuse(req, res, 400);
  }

  function validHost(req: Request, res: Response, next: NextFunction) {
    if (usableHost(req.hostname)) return next();
    discardAndRefuse(req, res, 400);
  }

  function declaredSize(req: Request, res: Response, next: NextFunction) {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (!(declared > bodyLimitFor(req.path))) return next();
    discardAndRefuse(req, res, 413);
  }

  function formBody(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "POST" || WEBHOOK_PATHS.includes(req.path)) return next();
    const type = mediaType(req.headers["content-type"]);
    if (!FORM_TYPES.includes(type)) return discardAndRefuse(req, res, 415);
    // A multipart body without its boundary cannot be read.
    if (type === "multipart/form-data" && !/;\s*boundary=/i.test(req.headers["content-type"] ?? "")) {
      return discardAndRefuse(req, res, 400);
    }
    next();
  }

  // A body without Content-Length (chunked) is counted as it arrives and cut off past the cap.
  // Listening to "data" sets the stream flowing; React Router's handler, which runs next in the same
  // tick, adds its own listener before the first chunk is emitted, so both see every byte. Past the cap
  // the handler gets an error, never the end of the body: a form cut short must not reach an action.
  function countBody(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "POST") return next();
    // The client left while an earlier step waited (the write-lock gate): its body went with the
    // connection, and the handler would wait for its end forever, holding the request. No one is
    // left to answer.
    if (req.destroyed) return;
    const limit = bodyLimitFor(req.path);
    let seen = 0;
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen <= limit) return;
      req.off("data", count);
      if (res.headersSent) {
        req.destroy(new BodyTooLargeError());
        return;
      }
      discardAndRefuse(req, res, 413);
      req.emit("error", new BodyTooLargeError());
    };
    // Our own listener, so that the error above never goes unheard (an unheard "error" would throw).
    req.on("error", () => {});
    req.on("data", count);
    next();
  }

  return { checks: [allowedMethod, decodablePath, validHost, declaredSize, formBody], countBody };
}
