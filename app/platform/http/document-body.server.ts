import zlib from "node:zlib";

declare module "react-router" {
  interface AppLoadContext {
    /**
     * How server.ts wants a rendered page's body: gzip (negotiated from Accept-Encoding) or as it is
     * (the client takes no gzip, or the page cache keeps this page and needs its plain bytes).
     * Undefined when the app runs without server.ts: the page is sent as it is.
     */
    documentEncoding?: "gzip" | "identity";
  }
}

/**
 * A complete page as the bytes to send. A page leaves in one piece, so it is compressed here in one
 * synchronous call (gzip's fastest level: 0.15 ms for the 36 KB home page) instead of by the
 * compression middleware, whose stream took some 2.5 ms of CPU per page in zlib's threads
 * (docs/decisions/046-pages-compressed-once.md).
 */
export function documentBody(html: string, encoding: "gzip" | "identity" | undefined, headers: Headers): Buffer<ArrayBuffer> {
  const plain = Buffer.from(html, "utf8");
  if (encoding === undefined) return plain;
  headers.append("Vary", "Accept-Encoding");
  if (encoding === "identity") return plain;
  headers.set("Content-Encoding", "gzip");
  return zlib.gzipSync(plain, { level: 1 });
}
