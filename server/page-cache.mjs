// A full-page cache for anonymous visitors, in memory (docs/decisions/025-page-cache.md).
//
// Only GET/HEAD of the pages the app names (pageCachePolicy.cachedQueryParams), from visitors with no
// session or flash cookie, and only 200 responses that set no cookie are kept. The key is the protocol,
// host, path and the query parameters the page reads, each with one canonical value (else the page is
// drawn and not kept); an entry is stale once the app's content version moved on (every change to
// posts, settings or professionals bumps it) or after MAX_AGE_MS. Entries are bounded in bytes, keys
// and overhead included, least recently used out first.
//
// Each response gets its own CSP nonce: the cached body is kept as the pieces between the nonce's
// occurrences. Gzip is done once per entry: each piece is compressed on its own into byte-aligned deflate
// blocks, and a response is those blocks with the new nonce as a stored block between them, in one gzip
// member whose checksum is computed per response (zlib.crc32, native). Brotli is made the same way, once,
// off the request path (server/brotli-splice.mjs); until it is ready, or for a page it cannot be made for,
// the page goes out gzipped.
import crypto from "node:crypto";
import zlib from "node:zlib";
import { acceptsBrotli, acceptsGzip } from "./accept-encoding.mjs";
import { brotliWithGaps, withNonce } from "./brotli-splice.mjs";

export { acceptsGzip };

const MAX_AGE_MS = 5 * 60_000;
const VERSION_MS = 1;
const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;
/** Headers that belong to one response, not to the page. */
const PER_RESPONSE = new Set(["set-cookie", "x-page-cache", "content-length", "content-encoding", "transfer-encoding", "vary", "date", "connection", "keep-alive", "etag"]);
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A final, empty deflate block with fixed codes: ends the stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

// Nonces are drawn from the CSPRNG 256 at a time (one system call instead of one per response); each
// is used once.
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolAt = noncePool.length;
function newNonce() {
  if (noncePoolAt === noncePool.length) {
    crypto.randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  noncePoolAt += NONCE_BYTES;
  return noncePool.toString("base64", noncePoolAt - NONCE_BYTES, noncePoolAt);
}



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

/** Host names and IP addresses with an optional port: anything else in a Host header is never kept. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const MAX_HOST = 260;

/**
 * What an entry holds besides its bodies, headers and key: the entry object, its arrays, the checksum
 * matrix and the buffers' own objects. Measured (heap and external memory after a full collection, 3,000
 * entries): 1.8 KB each beside bodies, with about 0.7 KB of headers among it.
 */
const ENTRY_OVERHEAD = 1536;
/** The key is held by the map and, while the page is drawn, by the pending request: count it twice. */
const keyBytes = (key) => 2 * key.length;

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

/** The header of a stored (uncompressed) deflate block of `length` bytes (at most 65535). */
function storedBlockHeader(length) {
  const head = Buffer.alloc(5);
  head[0] = 0x00;
  head.writeUInt16LE(length, 1);
  head.writeUInt16LE(~length & 0xffff, 3);
  return head;
}

/**
 * One buffer with a gap for the nonce between the pieces, and where the gaps are: a response copies it
 * and writes its nonce into the gaps, one allocation per response.
 */
function withGaps(pieces, joints, nonceLength) {
  const parts = [];
  const gaps = [];
  let offset = 0;
  pieces.forEach((piece, i) => {
    if (i > 0) {
      const joint = joints(i);
      parts.push(joint);
      offset += joint.length;
      gaps.push(offset);
      parts.push(Buffer.alloc(nonceLength));
      offset += nonceLength;
    }
    parts.push(piece);
    offset += piece.length;
  });
  return { buffer: Buffer.concat(parts), gaps };
}

export function entryFrom({ status, headers, body, version, now }) {
  const csp = headers["content-security-policy"];
  const nonce = typeof csp === "string" ? NONCE_IN_CSP.exec(csp)?.[1] : undefined;
  const nonceLength = nonce?.length ?? 0;
  const pieces = splitAround(body, nonce);
  const plain = withGaps(pieces, () => Buffer.alloc(0), nonceLength);
  const stored = storedBlockHeader(nonceLength);
  const deflated = deflatePieces(pieces, nonceLength);
  const gzip = withGaps([Buffer.concat([GZIP_HEADER, deflated[0]]), ...deflated.slice(1)], () => stored, nonceLength);
  const gzipBody = Buffer.concat([gzip.buffer, FINAL_BLOCK, Buffer.alloc(8)]);
  // The checksum's input is the plain body: only its size is the same for every response.
  gzipBody.writeUInt32LE(plain.buffer.length >>> 0, gzipBody.length - 4);
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));
  const bytes = plain.buffer.length + gzipBody.length + ENTRY_OVERHEAD + headersLength(kept);
  const checksum = checksumParts(plain, nonceLength);
  return { status, headers: kept, ...headerParts(kept, nonce), nonce, plain, gzip: { buffer: gzipBody, gaps: gzip.gaps }, checksum, version, storedAt: now, bytes };
}

function headersLength(headers) {
  let length = 0;
  for (const [name, value] of Object.entries(headers)) length += name.length + String(value).length;
  return length;
}

/**
 * The kept headers as the flat [name, value, ...] list that res.writeHead takes, without the CSP, which
 * is kept as the text before and after its nonce.
 */
function headerParts(headers, nonce) {
  const raw = [];
  let csp;
  for (const [name, value] of Object.entries(headers)) {
    if (name === "content-security-policy" && nonce) csp = String(value).split(nonce);
    else if (Array.isArray(value)) for (const one of value) raw.push(name, one);
    else raw.push(name, String(value));
  }
  if (csp && csp.length !== 2) throw new Error("the CSP names its nonce more than once");
  return { rawHeaders: raw, csp };
}

/** The entry's body with `nonce` in place of the one it was rendered with; gzipped when asked. */
export function bodyOf(entry, nonce, gzip) {
  const nonceLength = entry.nonce?.length ?? 0;
  if ((nonce?.length ?? 0) !== nonceLength) throw new Error("a nonce must keep its length");
  const { buffer, gaps } = gzip ? entry.gzip : entry.plain;
  const body = Buffer.from(buffer);
  if (gaps.length > 0) {
    const bytes = Buffer.from(nonce, "latin1");
    for (const at of gaps) body.set(bytes, at);
  }
  if (gzip) body.writeUInt32LE(crcWith(entry.checksum, nonce), body.length - 8);
  return body;
}

// CRC-32 is affine: for bodies of one length, crc(A) ^ crc(B) is a linear map of A ^ B. The body with a
// nonce differs from the kept one (zeros in the gaps) only in the gaps, and a run of bytes followed by k
// more bytes enters the checksum through a fixed 32x32 bit matrix (zlib's crc32_combine). So each entry
// keeps its zero-gap checksum and the sum of its gaps' matrices, and a response costs one checksum of
// its nonce and 32 XORs instead of a pass over the whole page.
const CRC_POLY = 0xedb88320;

/** A 32x32 bit matrix (column i is the image of bit i) times a 32-bit vector. */
function times(matrix, vector) {
  let sum = 0;
  for (let i = 0; vector !== 0; i++, vector >>>= 1) if (vector & 1) sum ^= matrix[i];
  return sum >>> 0;
}

const compose = (a, b) => b.map((column) => times(a, column));

/** The matrix that moves a CRC register past `k` zero bytes. */
function pastZeroBytes(k) {
  const oneBit = [CRC_POLY, ...Array.from({ length: 31 }, (_, i) => (1 << i) >>> 0)];
  let power = oneBit;
  for (let i = 0; i < 3; i++) power = compose(power, power); // 8 bits: one byte
  let result = Array.from({ length: 32 }, (_, i) => (1 << i) >>> 0);
  for (let n = k; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) result = compose(power, result);
    power = compose(power, power);
  }
  return result;
}

/** What an entry keeps to checksum its plain body with any nonce in the gaps. */
function checksumParts({ buffer, gaps }, nonceLength) {
  const sum = new Array(32).fill(0);
  for (const at of gaps) {
    const after = pastZeroBytes(buffer.length - at - nonceLength);
    for (let i = 0; i < 32; i++) sum[i] ^= after[i];
  }
  return { zeroGaps: zlib.crc32(buffer), matrix: sum, zeroNonce: zlib.crc32(Buffer.alloc(nonceLength)) };
}

/** The CRC-32 of the plain body with `nonce` in its gaps, without writing that body out. */
function crcWith({ zeroGaps, matrix, zeroNonce }, nonce) {
  if (!nonce) return zeroGaps;
  const linear = (zlib.crc32(nonce) ^ zeroNonce) >>> 0;
  return (zeroGaps ^ times(matrix, linear)) >>> 0;
}

/**
 * `policy`: { cachedQueryParams(pathname) -> string[] | null, cachedQueryValue?(pathname, name, value) -> boolean,
 * cacheHost?(host) -> string, bypassCookies: string[], contentVersion() -> number } (app/platform/page-cache.server.ts). `serve` answers from the cache; `capture` (installed after the
 * compression middleware, so it sees the page uncompressed) keeps what the app renders.
 */
export function createPageCache(
  policy,
  { maxBytes = 32 * 1024 * 1024, maxAgeMs = MAX_AGE_MS, versionMs = VERSION_MS, now = Date.now } = {},
) {
  const entries = new Map();
  let bytes = 0;
  const stats = { hits: 0, misses: 0, stored: 0, evicted: 0 };

  // The content version is a database read: under load it is read at most once per `versionMs`, and
  // afresh as soon as a request that may write (anything but GET and HEAD) starts and when it ends, so
  // an edit made through this server shows on the very next request and one made elsewhere (the CLI)
  // within `versionMs`.
  let version;
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
  const watched = new WeakSet();
  function watchWrites(req, res) {
    if (req.method === "GET" || req.method === "HEAD" || watched.has(res)) return;
    watched.add(res);
    forgetVersion();
    res.once("finish", forgetVersion);
    res.once("close", forgetVersion);
  }

  function drop(key) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  /**
   * Where a request's page is kept: { key, keep }, or null when it is never answered from the cache.
   * Only one well-formed value of each parameter the page reads (the policy's cachedQueryValue) gives a
   * key: anything else is drawn afresh and not kept, so junk in a query string cannot multiply entries.
   * Parameters the page does not read are left out of the key: such a request may be answered from the
   * kept page, but what is drawn for it is not kept (`keep` false), so nothing it carries gets in.
   */
  function keyOf(req, protocol) {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const target = req.originalUrl ?? req.url;
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
        if (policy.cachedQueryValue && !policy.cachedQueryValue(pathname, name, values[0])) return null;
        query.append(name, values[0]);
      }
    }
    const keep = [...url.searchParams.keys()].every((name) => params.includes(name));
    return { key: `${origin}${query}`, keep };
  }

  /** The host part of a key: a well-formed Host (as the policy files it), or null (never cached). */
  let lastHost = { header: undefined, host: null };
  function hostOf(header) {
    // Nearly every request names the same host: checked once, not per hit.
    if (header !== lastHost.header) {
      const valid = typeof header === "string" && header.length <= MAX_HOST && HOST.test(header);
      lastHost = { header, host: valid ? header.toLowerCase() : null };
    }
    const { host } = lastHost;
    return host !== null && policy.cacheHost ? policy.cacheHost(host) : host;
  }

  /** Answers from the cache when it can; false otherwise. Needs only Node's request and response. */
  function answer(req, res, key) {
    const entry = entries.get(key);
    if (!entry || entry.version !== currentVersion() || now() - entry.storedAt >= maxAgeMs) return false;
    const nonce = entry.nonce ? newNonce() : undefined;
    const brotli = entry.br !== undefined && acceptsBrotli(req.headers["accept-encoding"]);
    const gzip = !brotli && acceptsGzip(req.headers["accept-encoding"]);
    let body;
    try {
      body = brotli ? withNonce(entry.br, nonce ?? "") : bodyOf(entry, nonce, gzip);
    } catch (error) {
      // A kept entry that cannot be served is dropped and the page drawn afresh: never an error page.
      console.error("[page-cache]", error);
      drop(key);
      return false;
    }
    stats.hits++;
    // Most recently used last.
    entries.delete(key);
    entries.set(key, entry);
    const headers = [...entry.rawHeaders, "Vary", "Accept-Encoding", "Content-Length", String(body.length), "X-Page-Cache", "hit"];
    if (entry.csp) headers.push("content-security-policy", entry.csp[0] + nonce + entry.csp[1]);
    if (gzip || brotli) headers.push("Content-Encoding", brotli ? "br" : "gzip");
    // Headers a middleware set before (the Express path) go out too: writeHead adds to them.
    res.writeHead(entry.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  /**
   * In front of Express (server.mjs's request listener): a kept page goes out without the middleware
   * chain. `protocolOf(req)` must say what Express's req.protocol would (TRUST_PROXY and all).
   */
  function serveRaw(req, res, protocolOf) {
    // A request that sends a body is left to server.mjs's request guards.
    watchWrites(req, res);
    if (req.headers["transfer-encoding"] || Number(req.headers["content-length"] ?? 0) > 0) return false;
    const found = keyOf(req, protocolOf(req));
    return found ? answer(req, res, found.key) : false;
  }

  /** As Express middleware: answers a hit, or marks the request so `capture` keeps what the app draws. */
  function serve(req, res, next) {
    watchWrites(req, res);
    const found = keyOf(req, req.protocol);
    if (!found) return next();
    const { key, keep } = found;
    if (answer(req, res, key)) return;
    stats.misses++;
    res.setHeader("X-Page-Cache", "miss");
    if (!keep) return next();
    drop(key);
    if (req.method === "GET") res.locals.pageCache = { key, version: currentVersion() };
    next();
  }

  function store(key, entry) {
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

  /** Brotli for a kept entry, made in zlib's threads; attached if the entry is still kept by then. */
  function addBrotli(key, entry, body) {
    const pieces = splitAround(body, entry.nonce);
    const plainOf = (nonce) => bodyOf(entry, nonce, false);
    brotliWithGaps(pieces, entry.nonce?.length ?? 0, plainOf)
      .then((br) => {
        if (!br || entries.get(key) !== entry) return;
        entry.br = br;
        entry.bytes += br.buffer.length;
        bytes += br.buffer.length;
        evictOverBudget();
      })
      .catch((error) => console.error("[page-cache] brotli", error));
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
        const body = Buffer.concat(chunks);
        const entry = entryFrom({ status: 200, headers, body, version: pending.version, now: now() });
        entry.bytes += keyBytes(pending.key);
        store(pending.key, entry);
        if (entries.get(pending.key) === entry) addBrotli(pending.key, entry, body);
      }
      return end.call(this, chunk, encoding, ...rest);
    };
    next();
  }

  return { serve, serveRaw, capture, stats, size: () => ({ entries: entries.size, bytes }) };
}
