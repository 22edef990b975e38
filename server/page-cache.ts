// A full-page cache for anonymous visitors, in memory (docs/decisions/025-page-cache.md and
// 032-page-cache-plain-bytes.md).
//
// Only GET/HEAD of the pages the app names (pageCachePolicy.cachedQueryParams), from visitors with no
// session or flash cookie, and only 200 responses that set no cookie are cached. The key is the protocol,
// host, path and the query parameters the page reads, each with one canonical value (else the page is
// rendered and not cached); an entry is stale once the app's content version moved on (every change to
// posts, settings or professionals bumps it) or after MAX_AGE_MS. Entries are bounded in bytes, keys
// and overhead included, least recently used out first.
//
// A cached page is plain bytes, the same for every visitor: it carries no per-response nonce. When the
// entry is made, each inline script the page was rendered with (those carrying its render's nonce: React
// Router's hydration and module scripts) is hashed, the nonce attributes are taken out, and the entry's
// Content-Security-Policy allows exactly those scripts by their sha256 hashes instead of the nonce. A
// script someone slipped into the page without the nonce gets no hash and stays blocked, as before.
// 'strict-dynamic' gives way to 'self': the module script's imports inherit its nonce, never its hash,
// so without 'self' Chrome blocks /assets/root-….js. Same-origin scripts are the build's files only:
// every other response of this origin is nosniff with a type that is not JavaScript.
// The entry is compressed once per encoding with stock zlib (gzip at once, brotli in zlib's threads)
// and served as it is.
//
// One entry point: the server's request listener (server/app.ts) calls `serve` for every request before Express. It
// works out the key once; a hit is answered there, and a miss carries what `serve` found to `capture` (the last
// middleware before React Router), which caches what the app renders.
import crypto from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import Negotiator from "negotiator";
import { logFor } from "../app/platform/log.server";

const log = logFor("page-cache");

/** What the app tells the cache (app/features/site/page-cache.server.ts's pageCachePolicy). */
export type PageCachePolicy = {
  /** The query parameters that make up the key of `pathname`, or null when it is never cached. */
  cachedQueryParams(pathname: string): readonly string[] | null;
  /** Whether `value` of `name` may make an entry (the form the site's own links write). */
  cachedQueryValue?(pathname: string, name: string, value: string): boolean;
  /** The host a cached page is filed under. */
  cacheHost?(host: string): string;
  /** A visitor carrying one of these never gets a cached page. */
  bypassCookies: readonly string[];
  /** Moves on every change to what the pages show. */
  contentVersion(): number;
  /** Cache-Control for an anonymous visitor's public page in shared caches, or null for none. */
  sharedCacheControl?(): string | null;
};

export type PageCacheOptions = { maxBytes?: number; maxAgeMs?: number; versionMs?: number; now?: () => number };

/** Where a request's page is cached, as `serve` found it; `version` once a miss may make an entry. */
type Lookup = { key: string; keep: boolean; version?: number };
type Coding = "br" | "gzip" | "identity";
type Variant = { body: Buffer; shared: string[]; own: string[] };
type CachedHeaders = Record<string, string | string[]>;
export type Entry = {
  status: number;
  headers: CachedHeaders;
  cacheControl: string | undefined;
  variants: { identity: Variant; gzip: Variant; br: Variant | undefined };
  version: number;
  storedAt: number;
  bytes: number;
};
/** A request as `serve` sees it, with what it found. */
type Looked = IncomingMessage & { [LOOKUP]?: Lookup };

const MAX_AGE_MS = 5 * 60_000;
const VERSION_MS = 1;
/** What `serve` found for a request: { key, keep } (see keyOf), for `capture` and the server's headers. */
const LOOKUP: unique symbol = Symbol("page-cache lookup");
/** Headers that belong to one response, not to the page. */
const PER_RESPONSE = new Set(["set-cookie", "x-request-id", "x-page-cache", "content-length", "content-encoding", "transfer-encoding", "vary", "date", "connection", "keep-alive", "etag", "cache-control"]);
const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** Host names and IP addresses with an optional port: anything else in a Host header is never cached. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const MAX_HOST = 260;

/**
 * What an entry holds besides its bodies, headers and key: the entry object, its header lists and the
 * buffers' own objects (measured before, with more per entry than now: 1.8 KB with 0.7 KB of headers).
 */
const ENTRY_OVERHEAD = 1536;
/** The key is held by the map and, while the page is rendered, by the pending request: count it twice. */
const keyBytes = (key: string) => 2 * key.length;

function cookieNames(header: string | undefined) {
  if (!header) return [];
  return header.split(";").map((pair) => (pair.split("=")[0] ?? "").trim());
}

/** The CSP source that allows an inline script whose text is `text`. */
export const scriptHash = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * The page as every visitor gets it: `body` without the nonce it was rendered with, and `csp` allowing its
 * own inline scripts (those that carried the nonce) by hash. Null when the page cannot be cached that
 * way: a script with the nonce that loads a file (a hash does not cover it), or a nonce left anywhere
 * else in the page.
 */
export function withScriptHashes(body: Buffer, csp: unknown): { body: Buffer; csp: string | undefined } | null {
  if (typeof csp !== "string") return { body, csp: undefined };
  const nonce = NONCE_IN_CSP.exec(csp)?.[1];
  if (!nonce) return { body, csp };
  const html = body.toString("utf8");
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT)) {
    if (!attributes.includes(attribute)) continue;
    if (/\ssrc\s*=/i.test(attributes)) return null;
    hashes.add(scriptHash(text));
  }
  const plain = html.split(attribute).join("");
  if (hashes.size === 0 || plain.includes(nonce)) return null;
  const allowed = csp.replace(`'nonce-${nonce}'`, [...hashes].join(" ")).replace(" 'strict-dynamic'", " 'self'");
  return { body: Buffer.from(plain, "utf8"), csp: allowed };
}

// Accept-Encoding, read by negotiator: browsers send a handful of distinct headers, each read once.
const BROTLI_FIRST: Coding[] = ["br", "gzip", "identity"];
const GZIP_ONLY: Coding[] = ["gzip", "identity"];
const negotiated = new Map<string, Coding>();
/** The encoding to send from `available` (best first) for this Accept-Encoding header. */
export function encodingFor(header: string | undefined, available: Coding[] = BROTLI_FIRST): Coding {
  const memo = `${available.length}|${header ?? ""}`;
  let coding = negotiated.get(memo);
  if (coding === undefined) {
    const request = { headers: header === undefined ? {} : { "accept-encoding": header } };
    coding = (new Negotiator(request).encoding(available, { preferred: available }) as Coding | undefined) ?? "identity";
    // A bound keeps odd headers from growing this.
    if (negotiated.size >= 128) negotiated.clear();
    negotiated.set(memo, coding);
  }
  return coding;
}

function headersLength(headers: CachedHeaders) {
  let length = 0;
  for (const [name, value] of Object.entries(headers)) length += name.length + String(value).length;
  return length;
}

/** Cache-Control for anything a shared cache must not keep or hand to another visitor. */
export const PRIVATE = "private, no-store";

/** The flat [name, value, ...] list res.writeHead takes, for one encoding of the body. */
function headList(headers: CachedHeaders, body: Buffer, coding: Coding, cacheControl: string) {
  const raw: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const one of value) raw.push(name, one);
    else raw.push(name, String(value));
  }
  // The page differs with the visitor's cookies (signed in, a flash message): a shared cache must not
  // hand the anonymous copy to a request that carries any.
  raw.push("Vary", "Accept-Encoding, Cookie", "Cache-Control", cacheControl, "Content-Length", String(body.length), "X-Page-Cache", "hit");
  if (coding !== "identity") raw.push("Content-Encoding", coding);
  return raw;
}

/**
 * One encoding of an entry: its body and two header lists, `shared` for a request whose page may be
 * cached (Cache-Control for shared caches when the app gives one) and `own` for one answered from the
 * entry but, rendered, it would not be cached (a parameter the page does not read).
 */
function variant(entry: Pick<Entry, "headers" | "cacheControl">, body: Buffer, coding: Coding): Variant {
  return {
    body,
    shared: headList(entry.headers, body, coding, entry.cacheControl ?? PRIVATE),
    own: headList(entry.headers, body, coding, PRIVATE),
  };
}

/**
 * An entry for a rendered response (null when it cannot be cached): the plain page with its script hashes
 * and the page gzipped, both ready to send. Brotli is attached later (`withBrotli`).
 */
export function entryFrom({
  status,
  headers,
  body,
  version,
  now,
  cacheControl = undefined,
}: {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  version: number;
  now: number;
  cacheControl?: string;
}): Entry | null {
  const page = withScriptHashes(body, headers["content-security-policy"]);
  if (!page) return null;
  const cached: CachedHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_RESPONSE.has(name)) continue;
    cached[name] = Array.isArray(value) ? value : String(value);
  }
  if (page.csp !== undefined) cached["content-security-policy"] = page.csp;
  const gzip = zlib.gzipSync(page.body, { level: 9 });
  const base = { status, headers: cached, cacheControl };
  return {
    ...base,
    variants: { identity: variant(base, page.body, "identity"), gzip: variant(base, gzip, "gzip"), br: undefined },
    version,
    storedAt: now,
    bytes: page.body.length + gzip.length + ENTRY_OVERHEAD + 2 * headersLength(cached),
  };
}

/** Brotli of the entry's page, made in zlib's threads at its best quality. */
export function brotliOf(entry: Entry): Promise<Buffer> {
  const plain = entry.variants.identity.body;
  return new Promise<Buffer>((resolve, reject) =>
    zlib.brotliCompress(
      plain,
      {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
        },
      },
      (error, br) => (error ? reject(error) : resolve(br)),
    ),
  );
}

/** The body and headers to send for an entry, in the best encoding the client takes. */
export function variantFor(entry: Entry, acceptEncoding: string | undefined): Variant {
  const coding = encodingFor(acceptEncoding, entry.variants.br ? BROTLI_FIRST : GZIP_ONLY);
  return entry.variants[coding] ?? entry.variants.identity;
}

/** What `serve` found for this request ({ key, keep }), or undefined when it is never cached. */
export const lookupOf = (req: IncomingMessage): Lookup | undefined => (req as Looked)[LOOKUP];

/**
 * How the app is to encode the page it renders for `req` (app/platform/http/document-body.server.ts):
 * plain when `capture` is to cache it (an entry is made from the plain page), else brotli or gzip, the
 * first the client takes.
 */
export function documentEncoding(req: IncomingMessage): Coding {
  if (lookupOf(req)?.version !== undefined) return "identity";
  return encodingFor(req.headers["accept-encoding"], BROTLI_FIRST);
}

/**
 * `serve(req, res, protocol)` answers from the cache (true) or lets the request through (false);
 * `capture` (Express middleware, after the compression middleware, so it sees the page uncompressed)
 * caches what the app renders; `cacheHeaders(req, res)` names the caching rule of a rendered response.
 */
export function createPageCache(
  policy: PageCachePolicy,
  { maxBytes = 32 * 1024 * 1024, maxAgeMs = MAX_AGE_MS, versionMs = VERSION_MS, now = Date.now }: PageCacheOptions = {},
) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const stats = { hits: 0, misses: 0, stored: 0, evicted: 0 };

  // The content version is a database read: under load it is read at most once per `versionMs`, and
  // afresh as soon as a request that may write (anything but GET and HEAD) starts and when it ends, so
  // an edit made through this server shows on the very next request and one made elsewhere (the CLI)
  // within `versionMs`.
  let version = 0;
  let versionAt = -Infinity;
  function currentVersion() {
    const at = now();
    if (at - versionAt >= versionMs) {
      version = policy.contentVersion();
      versionAt = at;
    }
    return version;
  }
  const forgetVersion = () => {
    versionAt = -Infinity;
  };
  function watchWrites(req: IncomingMessage, res: ServerResponse) {
    if (req.method === "GET" || req.method === "HEAD") return;
    forgetVersion();
    res.once("finish", forgetVersion);
    res.once("close", forgetVersion);
  }

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  /**
   * Where a request's page is cached: { key, keep }, or null when it is never answered from the cache.
   * Only one well-formed value of each parameter the page reads (the policy's cachedQueryValue) gives a
   * key: anything else is rendered afresh and not cached, so junk in a query string cannot multiply entries.
   * Parameters the page does not read are left out of the key: such a request may be answered from the
   * cached page, but what is rendered for it is not cached (`keep` false), so nothing it carries gets in.
   */
  function keyOf(req: IncomingMessage, protocol: string): Lookup | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const target = req.url ?? "/";
    // Most requests are a bare path: no URL to parse.
    const bare = target.startsWith("/") && !target.startsWith("//") && !target.includes("?") && !target.includes("#");
    const url = bare ? undefined : new URL(target, "http://placeholder");
    const pathname = url ? url.pathname : target;
    const params = policy.cachedQueryParams(pathname);
    if (!params) return null;
    if (req.headers.cookie) {
      const names = cookieNames(req.headers.cookie);
      if (policy.bypassCookies.some((name) => names.includes(name))) return null;
    }
    const host = hostOf(req.headers.host);
    if (host === null) return null;
    const origin = `${protocol}://${host}${pathname}?`;
    if (!url || url.search === "") return { key: origin, keep: true };
    const query = new URLSearchParams();
    for (const name of [...params].sort()) {
      const values = url.searchParams.getAll(name);
      if (values.length > 1) return null;
      if (values.length === 1) {
        const value = values[0] ?? "";
        if (policy.cachedQueryValue && !policy.cachedQueryValue(pathname, name, value)) return null;
        query.append(name, value);
      }
    }
    const keep = [...url.searchParams.keys()].every((name) => params.includes(name));
    return { key: `${origin}${query}`, keep };
  }

  /** The host part of a key: a well-formed Host (as the policy files it), or null (never cached). */
  let lastHost: { header: string | undefined; host: string | null } = { header: undefined, host: null };
  function hostOf(header: string | undefined) {
    // Nearly every request names the same host: checked once, not per hit.
    if (header !== lastHost.header) {
      const valid = typeof header === "string" && header.length <= MAX_HOST && HOST.test(header);
      lastHost = { header, host: valid ? header.toLowerCase() : null };
    }
    const { host } = lastHost;
    return host !== null && policy.cacheHost ? policy.cacheHost(host) : host;
  }

  /** Answers from the cache when it can; false otherwise. */
  function answer(req: IncomingMessage, res: ServerResponse, { key, keep }: Lookup) {
    const entry = entries.get(key);
    if (!entry || entry.version !== currentVersion() || now() - entry.storedAt >= maxAgeMs) return false;
    const chosen = variantFor(entry, req.headers["accept-encoding"]);
    stats.hits++;
    // Most recently used last.
    entries.delete(key);
    entries.set(key, entry);
    res.writeHead(entry.status, keep ? chosen.shared : chosen.own);
    res.end(req.method === "HEAD" ? undefined : chosen.body);
    return true;
  }

  /**
   * Cache-Control (and Vary) for a response the app rendered, as its headers go out: for shared caches only
   * an anonymous visitor's page that this cache may keep (a 200 that sets no cookie) when the policy
   * gives a rule (sharedCacheControl: PUBLIC_URL set); anything that names none is never stored.
   */
  function cacheHeaders(req: IncomingMessage, res: ServerResponse) {
    const found = lookupOf(req);
    const shared =
      found?.keep && res.statusCode === 200 && !res.hasHeader("set-cookie") ? (policy.sharedCacheControl?.() ?? null) : null;
    if (shared) {
      res.setHeader("Cache-Control", shared);
      const vary = res.getHeader("vary");
      res.setHeader("Vary", vary ? `${vary}, Cookie` : "Cookie");
    } else if (!res.hasHeader("cache-control")) res.setHeader("Cache-Control", PRIVATE);
  }

  /**
   * The one entry point, in front of Express (the request listener of server/app.ts): answers a cached page without
   * the middleware chain, or marks the request so `capture` caches what the app renders. `protocol` must be
   * what Express's req.protocol would say (TRUST_PROXY and all).
   */
  function serve(req: IncomingMessage, res: ServerResponse, protocol: string) {
    watchWrites(req, res);
    // A request that sends a body is left to the request guards (server/request-guards.ts).
    if (req.headers["transfer-encoding"] || Number(req.headers["content-length"] ?? 0) > 0) return false;
    const found = keyOf(req, protocol);
    if (!found) return false;
    (req as Looked)[LOOKUP] = found;
    // With no room (PAGE_CACHE_MB=0) nothing is cached, but the key still says what shared caches may keep.
    if (maxBytes === 0) return false;
    if (answer(req, res, found)) return true;
    stats.misses++;
    res.setHeader("X-Page-Cache", "miss");
    if (found.keep) {
      drop(found.key);
      if (req.method === "GET") found.version = currentVersion();
    }
    return false;
  }

  function store(key: string, entry: Entry) {
    if (entry.bytes > maxBytes / 4) return;
    drop(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    stats.stored++;
    evictOverBudget();
  }

  function evictOverBudget() {
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
      stats.evicted++;
    }
  }

  /** Brotli for a cache entry, made in zlib's threads; attached if the entry is still cached by then. */
  function addBrotli(key: string, entry: Entry) {
    brotliOf(entry)
      .then((br) => {
        if (entries.get(key) !== entry) return;
        entry.variants.br = variant(entry, br, "br");
        entry.bytes += br.length;
        bytes += br.length;
        evictOverBudget();
      })
      .catch((error) => log.error({ err: error }, "brotli compression failed"));
  }

  function capture(req: Request, res: Response, next: NextFunction) {
    const pending = lookupOf(req);
    const version = pending?.version;
    if (!pending || version === undefined) return next();
    const chunks: Buffer[] = [];
    const write = res.write as (...args: unknown[]) => boolean;
    const end = res.end as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      if (Buffer.isBuffer(chunk)) chunks.push(chunk);
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      else chunks.push(Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    };
    res.write = function (this: Response, chunk: unknown, encoding?: unknown, ...rest: unknown[]) {
      keep(chunk, encoding);
      return write.call(this, chunk, encoding, ...rest);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, encoding?: unknown, ...rest: unknown[]) {
      keep(chunk, encoding);
      const headers = res.getHeaders();
      const storable =
        res.statusCode === 200 &&
        headers["set-cookie"] === undefined &&
        // A page that changed the content version while rendering is not cached under the old one.
        policy.contentVersion() === version;
      if (storable) {
        try {
          const cacheControl = policy.sharedCacheControl?.() ?? undefined;
          const entry = entryFrom({ status: 200, headers, body: Buffer.concat(chunks), version, now: now(), cacheControl });
          if (entry) {
            entry.bytes += keyBytes(pending.key);
            store(pending.key, entry);
            if (entries.get(pending.key) === entry) addBrotli(pending.key, entry);
          }
        } catch (error) {
          // The visitor still gets the page; it is just not cached.
          log.error({ err: error }, "could not keep a page");
        }
      }
      return end.call(this, chunk, encoding, ...rest);
    } as Response["end"];
    next();
  }

  return { serve, capture, cacheHeaders, stats, size: () => ({ entries: entries.size, bytes }) };
}
