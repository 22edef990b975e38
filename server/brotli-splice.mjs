// Brotli for kept pages, compressed once per entry with a gap for each response's nonce
// (docs/decisions/025-page-cache.md).
//
// One brotli stream at its best quality, flushed around each nonce so every piece of the page ends on a
// byte boundary. In the encoder's input each nonce is a placeholder of the same length made of control
// bytes no page contains, every pair of them different from any other placeholder's: nothing can be
// copied into or out of a placeholder, so the encoder's state after it (its recent copy distances) is what
// it was before, as it is for a decoder after an uncompressed meta-block. Literal context modelling is off,
// so the letters after a nonce are coded the same whatever the nonce. The placeholder's output is then
// replaced by an uncompressed meta-block, into which each response writes its nonce. Each entry's result
// is decoded once with a fresh nonce and compared with the page before it is used: should this reasoning
// ever fail for some page, that page is served gzipped.
import crypto from "node:crypto";
import zlib from "node:zlib";

const C = zlib.constants;

/** Control bytes no page contains (tab, newline and carriage return are left out: pages have those). */
const PLACEHOLDER_BYTES = [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31];
const IN_PLACEHOLDERS = new Set(PLACEHOLDER_BYTES);

/** A sequence over PLACEHOLDER_BYTES in which every ordered pair occurs once (a de Bruijn sequence). */
function everyPairOnce() {
  const k = PLACEHOLDER_BYTES.length;
  const sequence = [];
  const a = new Array(2 * k).fill(0);
  (function db(t, p) {
    if (t > 2) {
      if (2 % p === 0) for (let j = 1; j <= p; j++) sequence.push(a[j]);
    } else {
      a[t] = a[t - p];
      db(t + 1, p);
      for (let j = a[t - p] + 1; j < k; j++) {
        a[t] = j;
        db(t + 1, t);
      }
    }
  })(1, 1);
  return Buffer.from(sequence.map((i) => PLACEHOLDER_BYTES[i] ?? 1));
}
const PAIRS = everyPairOnce();

/** The `index`-th placeholder: its own stretch of PAIRS, so no two placeholders share a pair. */
function placeholder(index, length) {
  return PAIRS.subarray(index * length, (index + 1) * length);
}

/** The 3-byte header of an uncompressed, not-last brotli meta-block of `length` bytes (1 to 65536). */
function uncompressedHeader(length) {
  // ISLAST 0 (1 bit), MNIBBLES 4 (2 bits: 0), MLEN-1 (16 bits), ISUNCOMPRESSED 1 (1 bit), zero padding.
  const bits = ((length - 1) << 3) | (1 << 19);
  return Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
}

/**
 * The page's brotli body with a gap before each piece after the first, and where the gaps are; null when
 * it cannot be done for this page. `pieces` are the page split at its nonce; `plainOf(nonce)` is the page
 * with that nonce, to check the result against.
 */
export async function brotliWithGaps(pieces, nonceLength, plainOf) {
  if ((pieces.length > 1 && nonceLength < 2) || (pieces.length - 1) * nonceLength > PAIRS.length) return null;
  if (pieces.some(hasControlBytes)) return null;
  const size = pieces.reduce((n, piece) => n + piece.length, 0) + nonceLength * (pieces.length - 1);
  const encoder = zlib.createBrotliCompress({
    params: {
      [C.BROTLI_PARAM_QUALITY]: 11,
      [C.BROTLI_PARAM_MODE]: C.BROTLI_MODE_TEXT,
      [C.BROTLI_PARAM_SIZE_HINT]: size,
      [C.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
    },
  });
  let output = [];
  encoder.on("data", (chunk) => output.push(chunk));
  const taken = () => {
    const all = Buffer.concat(output);
    output = [];
    return all;
  };
  const flushed = () => new Promise((resolve) => encoder.flush(C.BROTLI_OPERATION_FLUSH, () => setImmediate(resolve)));

  const parts = [];
  const gaps = [];
  let offset = 0;
  for (const [i, piece] of pieces.entries()) {
    if (i > 0) {
      encoder.write(placeholder(i - 1, nonceLength));
      await flushed();
      taken();
      const header = uncompressedHeader(nonceLength);
      parts.push(header, Buffer.alloc(nonceLength));
      offset += header.length;
      gaps.push(offset);
      offset += nonceLength;
    }
    encoder.write(piece);
    await flushed();
    const blocks = taken();
    parts.push(blocks);
    offset += blocks.length;
  }
  const ended = new Promise((resolve, reject) => {
    encoder.once("end", resolve);
    encoder.once("error", reject);
  });
  encoder.end();
  await ended;
  parts.push(taken());
  const result = { buffer: Buffer.concat(parts), gaps };

  const nonce = crypto.randomBytes(nonceLength).toString("base64").slice(0, nonceLength);
  try {
    if (!zlib.brotliDecompressSync(withNonce(result, nonce)).equals(plainOf(nonce))) return null;
  } catch {
    return null;
  }
  return result;
}

/** A copy of `buffer` with `nonce` written into each gap. */
export function withNonce({ buffer, gaps }, nonce) {
  const body = Buffer.from(buffer);
  const bytes = Buffer.from(nonce, "latin1");
  for (const at of gaps) body.set(bytes, at);
  return body;
}

function hasControlBytes(piece) {
  for (let i = 0; i < piece.length; i++) if (IN_PLACEHOLDERS.has(piece[i])) return true;
  return false;
}
