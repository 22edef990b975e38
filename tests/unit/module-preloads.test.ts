import { describe, expect, it } from "vitest";
import { withoutModulePreloads } from "~/platform/http/module-preloads.server";

describe("a page without script preloads", () => {
  it("loses every modulepreload link and nothing else", () => {
    const page =
      '<head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
      '<link nonce="n" rel="preload" href="/assets/font.woff2" as="font"/>' +
      '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>' +
      '<link rel="modulepreload" href="/assets/framework-B.js" nonce="n"/></head>' +
      '<body><p>rel="modulepreload" is text here</p><script type="module" async="" nonce="n">import "/assets/root-C.js";</script></body>';
    expect(withoutModulePreloads(page)).toBe(
      '<head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
        '<link nonce="n" rel="preload" href="/assets/font.woff2" as="font"/></head>' +
        '<body><p>rel="modulepreload" is text here</p><script type="module" async="" nonce="n">import "/assets/root-C.js";</script></body>',
    );
  });
});
