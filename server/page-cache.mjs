// A full-page cache for anonymous visitors, in memory (docs/decisions/025-page-cache.md).
//
// Only GET/HEAD of the pages the app names (pageCachePolicy.cachedQueryParams), from visitors with no
// session or flash cookie, and only 200 responses that set no cookie are kept. The key is the protocol,
// host, path and the query parameters the page reads; an entry is stale once the app's content version
// moved on (every change to posts, settings or professionals bumps it) or after MAX_AGE_MS. Entries are
// bounded in bytes, least recently used out first.
//
// Each response gets its own CSP nonce: the cached body is kept as the pieces between the nonce's
// occurrences. Gzip is done once per entry: each piece is compressed on its own into byte-aligned deflate
// blocks, and a response is those blocks with the new nonce as a stored block between them, in one gzip
// member whose checksum is computed per response (zlib.crc32, native).
import crypto from "node:crypto";
import zlib from "node:zlib";

const MAX_AGE_MS = 5 * 60_000;
const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;
/** Headers that belong to one response, not to the page. */
const PER_RESPONSE = new Set(["set-cookie", "content-length", "content-encoding", "transfer-encoding", "vary", "date", "connection", "keep-alive", "etag"]);
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A final, empty deflate block with fixed codes: ends the stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

const newNonce = () => crypto.randomBytes(16).toString("base64");

function cookieNames(header) {
  if (!header) return [];
  return header.split(";").map((pair) => pair.split("=")[0].trim());
}

/** The body split around each occurrence of `nonce` (one piece when there is none). */
function splitAround(body, nonce) {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce, "latin1");
  const pieces = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    pieces.push(body.subarray(from, at));
    from = at + needle.length;
  }
  pieces.push(body.subarray(from));
  return pieces;
}

const WINDOW = 32 * 1024;

/**
 * Raw deflate blocks for each piece, each ending byte-aligned and not final so more blocks may follow.
 * A piece may refer back to the text before it (the deflate window, given as a preset dictionary) but
 * never into a nonce: there the dictionary holds zero bytes, which no page contains, so no match can
 * cover them, and every back reference lands on bytes that are the same in every response.
 */
function deflatePieces(pieces, nonceLength) {
  const filler = Buffer.alloc(nonceLength);
  const noZeros = pieces.every((piece) => !piece.includes(0));
  let history = Buffer.alloc(0);
  return pieces.map((piece, i) => {
    const options = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };
    if (noZeros && i > 0) {
      history = Buffer.concat([history, filler]).subarray(-WINDOW);
      options.dictionary = history;
    }
    const blocks = zlib.deflateRawSync(piece, options);
    history = Buffer.concat([history, piece]).subarray(-WINDOW);
    return blocks;
  });
}

/** A stored (uncompressed) deflate block holding `bytes` (at most 65535). */
function storedBlock(bytes) {
  const head = Buffer.alloc(5);
  head[0] = 0x00;
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return [head, bytes];
}

export function entryFrom({ status, headers, body, version, now }) {
  const csp = headers["content-security-policy"];
  const nonce = typeof csp === "string" ? NONCE_IN_CSP.exec(csp)?.[1] : undefined;
  const pieces = splitAround(body, nonce);
  const gzipPieces = deflatePieces(pieces, nonce?.length ?? 0);
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));
  const bytes = body.length + gzipPieces.reduce((n, p) => n + p.length, 0) + 1024;
  return { status, headers: kept, nonce, pieces, gzipPieces, version, storedAt: now, bytes };
}

/** The entry's body with `nonce` in place of the one it was rendered with; gzipped when asked. */
export function bodyOf(entry, nonce, gzip) {
  const nonceBytes = Buffer.from(nonce ?? "", "latin1");
  if (nonceBytes.length !== (entry.nonce?.length ?? 0)) throw new Error("a nonce must keep its length");
  if (!gzip) {
    const parts = [];
    entry.pieces.forEach((piece, i) => parts.push(...(i > 0 ? [nonceBytes, piece] : [piece])));
    return Buffer.concat(parts);
  }
  const parts = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  entry.pieces.forEach((piece, i) => {
    if (i > 0) {
      parts.push(...storedBlock(nonceBytes));
      crc = zlib.crc32(nonceBytes, crc);
      size += nonceBytes.length;
    }
    parts.push(entry.gzipPieces[i]);
    crc = zlib.crc32(piece, crc);
    size += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}

/**
 * `policy`: { cachedQueryParams(pathname) -> string[] | null, bypassCookies: string[], contentVersion() -> number }
 * (app/platform/page-cache.server.ts). `serve` answers from the cache; `capture` (installed after the
 * compression middleware, so it sees the page uncompressed) keeps what the app renders.
 */
export function createPageCache(policy, { maxBytes = 32 * 1024 * 1024, maxAgeMs = MAX_AGE_MS, now = Date.now } = {}) {
  const entries = new Map();
  let bytes = 0;
  const stats = { hits: 0, misses: 0, stored: 0, evicted: 0 };

  function drop(key) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function keyOf(req) {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const url = new URL(req.originalUrl ?? req.url, "http://placeholder");
    const params = policy.cachedQueryParams(url.pathname);
    if (!params) return null;
    const names = cookieNames(req.headers.cookie);
    if (policy.bypassCookies.some((name) => names.includes(name))) return null;
    const query = new URLSearchParams();
    for (const name of [...params].sort()) for (const value of url.searchParams.getAll(name)) query.append(name, value);
    return `${req.protocol}://${req.headers.host ?? ""}${url.pathname}?${query}`;
  }

  function serve(req, res, next) {
    const key = keyOf(req);
    if (!key) return next();
    const version = policy.contentVersion();
    const entry = entries.get(key);
    if (entry && entry.version === version && now() - entry.storedAt < maxAgeMs) {
      stats.hits++;
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      const nonce = entry.nonce ? newNonce() : undefined;
      const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
      const body = bodyOf(entry, nonce, gzip);
      for (const [name, value] of Object.entries(entry.headers)) {
        res.setHeader(name, name === "content-security-policy" && nonce ? value.replace(entry.nonce, nonce) : value);
      }
      res.setHeader("Vary", "Accept-Encoding");
      if (gzip) res.setHeader("Content-Encoding", "gzip");
      res.setHeader("Content-Length", body.length);
      res.setHeader("X-Page-Cache", "hit");
      res.statusCode = entry.status;
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    if (entry) drop(key);
    stats.misses++;
    if (req.method === "GET") res.locals.pageCache = { key, version };
    res.setHeader("X-Page-Cache", "miss");
    next();
  }

  function store(key, entry) {
    if (entry.bytes > maxBytes / 4) return;
    drop(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    stats.stored++;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
      stats.evicted++;
    }
  }

  function capture(req, res, next) {
    const pending = res.locals.pageCache;
    if (!pending) return next();
    const chunks = [];
    const write = res.write;
    const end = res.end;
    const keep = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8"));
    };
    res.write = function (chunk, encoding, ...rest) {
      keep(chunk, encoding);
      return write.call(this, chunk, encoding, ...rest);
    };
    res.end = function (chunk, encoding, ...rest) {
      keep(chunk, encoding);
      const headers = res.getHeaders();
      const storable =
        res.statusCode === 200 &&
        headers["set-cookie"] === undefined &&
        // A page that changed the content version while rendering is not kept under the old one.
        policy.contentVersion() === pending.version;
      if (storable) {
        store(pending.key, entryFrom({ status: 200, headers, body: Buffer.concat(chunks), version: pending.version, now: now() }));
      }
      return end.call(this, chunk, encoding, ...rest);
    };
    next();
  }

  return { serve, capture, stats, size: () => ({ entries: entries.size, bytes }) };
}
