import { describe, expect, it } from "vitest";
import { ALLOWED_TAGS, sanitizePostHtml } from "~/features/blog/sanitize.server";

describe("sanitizePostHtml (the allowed tags and attributes)", () => {
  it("keeps every allowed tag", () => {
    const html = ALLOWED_TAGS.map((t) => (t === "br" ? "<br />" : `<${t}>x</${t}>`)).join("");
    const out = sanitizePostHtml(html);
    for (const tag of ALLOWED_TAGS) expect(out).toContain(`<${tag}`);
  });

  it("keeps ordinary article markup unchanged", () => {
    const html =
      '<h2>Heading</h2><p>Some <strong>bold</strong>, <em>italic</em> and <u>underlined</u> text.</p>' +
      '<ul><li>One</li></ul><ol><li>Two</li></ol><blockquote><p>Quote</p></blockquote>' +
      '<pre><code>const a = 1;</code></pre><p><a href="https://example.com/page">link</a> and <a href="/contact">local</a></p>';
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it("removes script and style elements with their content", () => {
    const out = sanitizePostHtml('<p>ok</p><script>alert(1)</script><style>p{color:red}</style>');
    expect(out).toBe("<p>ok</p>");
  });

  it("removes event handlers, style, class, id and data attributes", () => {
    const out = sanitizePostHtml(
      '<p onclick="alert(1)" style="color:red" class="x" id="y" data-track="1">text</p><a href="/x" onmouseover="evil()" data-id="2">l</a>',
    );
    expect(out).toBe('<p>text</p><a href="/x">l</a>');
  });

  it("removes images, iframes, forms and other elements outside the list, keeping their text", () => {
    const out = sanitizePostHtml(
      '<img src="x" onerror="alert(1)"><iframe src="https://evil.test"></iframe><div><span>kept</span></div><form><input></form><svg><circle/></svg>',
    );
    expect(out).toBe("kept");
  });

  it("removes javascript:, data: and vbscript: link targets", () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "data:text/html,<script>x</script>", "vbscript:x"]) {
      const out = sanitizePostHtml(`<a href="${href}">x</a>`);
      expect(out).toBe("<a>x</a>");
    }
  });

  it("allows http, https, mailto and relative links but not protocol-relative ones", () => {
    expect(sanitizePostHtml('<a href="mailto:a@b.com">m</a>')).toBe('<a href="mailto:a@b.com">m</a>');
    expect(sanitizePostHtml('<a href="http://a.test">h</a>')).toBe('<a href="http://a.test">h</a>');
    expect(sanitizePostHtml('<a href="//evil.test">p</a>')).toBe("<a>p</a>");
  });

  it("adds rel=noopener noreferrer to links that open a new tab", () => {
    expect(sanitizePostHtml('<a href="https://a.test" target="_blank">x</a>')).toBe(
      '<a href="https://a.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizePostHtml('<a href="https://a.test" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://a.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("drops unknown target values and attributes on tags other than links", () => {
    expect(sanitizePostHtml('<a href="/x" target="evil-frame">x</a>')).toBe('<a href="/x">x</a>');
    expect(sanitizePostHtml('<p href="/x" target="_blank" rel="x">t</p>')).toBe("<p>t</p>");
  });

  it("escapes text that looks like markup after broken tags", () => {
    const out = sanitizePostHtml('<p>1 < 2 & "quotes"</p><scr<script>ipt>alert(1)</script>');
    expect(out).not.toMatch(/<script/i);
    expect(out.startsWith("<p>1 &lt; 2 &amp;")).toBe(true);
  });
});
