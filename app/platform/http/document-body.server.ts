import zlib from "node:zlib";

declare module "react-router" {
  interface AppLoadContext {
    /**
     * How server.ts wants a rendered page's body: brotli or gzip (negotiated from Accept-Encoding) or as
     * it is (the client takes neither, or the page cache keeps this page and needs its plain bytes).
     * Undefined when the app runs without server.ts: the page is sent as it is.
     */
    documentEncoding?: "br" | "gzip" | "identity";
  }
}

/**
 * A complete page as the bytes to send. A page leaves in one piece, so it is compressed here in one
 * synchronous call instead of by the compression middleware, whose stream took some 2.5 ms of CPU per
 * page in zlib's threads (docs/decisions/046-pages-compressed-once.md). Brotli at quality 1 takes less
 * than half the time of gzip's fastest level (0.08 ms against 0.18 ms a page, over the home, shortlist,
 * journal and registration pages) for 2% more bytes; gzip is for clients that take no brotli.
 */
export function documentBody(html: string, encoding: "br" | "gzip" | "identity" | undefined, headers: Headers): Buffer<ArrayBuffer> {
  const plain = Buffer.from(html, "utf8");
  if (encoding === undefined) return plain;
  headers.append("Vary", "Accept-Encoding");
  if (encoding === "identity") return plain;
  if (encoding === "br") {
    headers.set("Content-Encoding", "br");
    // Told the size up front, brotli sizes its buffers to the page.
    return zlib.brotliCompressSync(plain, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    });
  }
  headers.set("Content-Encoding", "gzip");
  return zlib.gzipSync(plain, { level: 1 });
}
