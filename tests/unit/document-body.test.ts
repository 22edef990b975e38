import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { documentBody } from "~/platform/http/document-body.server";

// A rendered page leaves as one body, compressed once in the app (docs/decisions/046-pages-compressed-once.md).
describe("a page's body as it is sent", () => {
  const html = `<!DOCTYPE html><html><body>${"<p>Wealth, matched. Privately. é€</p>".repeat(400)}</body></html>`;

  it.each([
    ["gzip", "gzip", zlib.gunzipSync],
    ["br", "brotli", zlib.brotliDecompressSync],
  ] as const)("is %s that decodes to the page, and says so, when server.ts asks for %s", (encoding, _name, decode) => {
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    const body = documentBody(html, encoding, headers);
    expect(headers.get("content-encoding")).toBe(encoding);
    expect(headers.get("vary")).toBe("Accept-Encoding");
    expect(decode(body).toString("utf8")).toBe(html);
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
