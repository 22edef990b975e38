import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { documentBody } from "~/platform/http/document-body.server";

// A rendered page leaves as one body, compressed once in the app (docs/decisions/046-pages-compressed-once.md).
describe("a page's body as it is sent", () => {
  const html = `<!DOCTYPE html><html><body>${"<p>Wealth, matched. Privately. é€</p>".repeat(400)}</body></html>`;

  it("is gzip that decodes to the page, and says so, when server.ts asks for gzip", () => {
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    const body = documentBody(html, "gzip", headers);
    expect(headers.get("content-encoding")).toBe("gzip");
    expect(headers.get("vary")).toBe("Accept-Encoding");
    expect(zlib.gunzipSync(body).toString("utf8")).toBe(html);
    expect(body.length).toBeLessThan(Buffer.byteLength(html) / 10);
  });

  it("is brotli that decodes to the page, and says so, when server.ts asks for brotli", () => {
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    const body = documentBody(html, "br", headers);
    expect(headers.get("content-encoding")).toBe("br");
    expect(headers.get("vary")).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(body).toString("utf8")).toBe(html);
    expect(body.length).toBeLessThan(Buffer.byteLength(html) / 10);
  });

  it("is the page's UTF-8 bytes, varying on Accept-Encoding, when server.ts asks for it as it is", () => {
    const headers = new Headers();
    const body = documentBody(html, "identity", headers);
    expect(headers.get("content-encoding")).toBeNull();
    expect(headers.get("vary")).toBe("Accept-Encoding");
    expect(body.toString("utf8")).toBe(html);
  });

  it("is the page as it is, with no Vary, when nothing negotiated an encoding (the app run without server.ts)", () => {
    const headers = new Headers();
    expect(documentBody(html, undefined, headers).toString("utf8")).toBe(html);
    expect([...headers.keys()]).toEqual([]);
  });
});
