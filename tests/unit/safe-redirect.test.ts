import { describe, expect, it } from "vitest";
import { adminReturnPath, safeRedirect } from "~/features/auth/permissions.server";

// A redirect target is safe when the browser, reading it as a Location against our origin, stays on it.
const staysHome = (location: string) => new URL(location, "https://wealthmatch.example").origin === "https://wealthmatch.example";

describe("safeRedirect", () => {
  it.each([
    ["/.//evil.example", "dot segment before a second slash"],
    ["/.//evil.example/phish", "dot segment, then a path"],
    ["/x/..//evil.example", "parent segment"],
    ["/a/b/../..//evil.example", "several parent segments"],
    ["/%2e//evil.example", "percent-encoded dot"],
    ["/%2E%2E//evil.example", "percent-encoded parent segment"],
    ["/\\evil.example", "backslash after the slash"],
    ["/\\/evil.example", "backslash and slash"],
    ["/.\\/evil.example", "dot and backslash"],
    ["/\t/evil.example", "tab after the slash"],
    ["/\n/evil.example", "newline after the slash"],
    ["//evil.example", "protocol-relative"],
    ["///evil.example", "three slashes"],
    ["https://evil.example/", "absolute URL"],
    ["http:evil.example", "scheme without slashes"],
    ["javascript:alert(1)", "javascript: URL"],
    ["JavaScript:alert(document.cookie)", "javascript: in other case"],
    ["/\u0000/evil.example", "NUL"],
    ["evil.example", "relative without slash"],
    ["", "empty"],
  ])("refuses %j (%s): the default landing instead", (to) => {
    expect(safeRedirect(to, "/client-welcome")).toBe("/client-welcome");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null, "/home")).toBe("/home");
    expect(safeRedirect(undefined, "/home")).toBe("/home");
    expect(safeRedirect(new File([], "x"), "/home")).toBe("/home");
  });

  it.each([
    ["/blog", "/blog"],
    ["/blog?category=tax-planning#top", "/blog?category=tax-planning#top"],
    ["/professional-dashboard/edit", "/professional-dashboard/edit"],
    ["/x/../blog", "/blog"],
    ["/./about", "/about"],
    ["/%2e/about", "/about"],
    ["/blog?next=//evil.example", "/blog?next=//evil.example"],
    ["/blog?q=café", "/blog?q=caf%C3%A9"],
  ])("keeps the local path %j as %j", (to, expected) => {
    expect(safeRedirect(to, "/fallback")).toBe(expected);
  });

  it("never returns a Location that leaves the origin or starts with //", () => {
    const tries = ["/.//e.x", "/x/..//e.x", "/%2e//e.x", "/%2e%2e//e.x", "/..//e.x", "/.%2e//e.x", "/a/%2e%2e//e.x", "/../../e.x", "/%5c/e.x", "/..%2f/e.x", "/%2f/e.x"];
    for (const to of tries) {
      const out = safeRedirect(to, "/home");
      expect(out.startsWith("//"), `${to} -> ${out}`).toBe(false);
      expect(staysHome(out), `${to} -> ${out}`).toBe(true);
    }
  });

  it("adminReturnPath builds on it: no escape to another host, only admin pages", () => {
    expect(adminReturnPath("/admin/..//evil.example")).toBe("/admin");
    expect(adminReturnPath("/admin/x/../..//evil.example")).toBe("/admin");
    // Normalised to "/admin//evil.example": a path on our own site (an unknown admin page), not a host.
    expect(staysHome(adminReturnPath("/admin/.//evil.example"))).toBe(true);
    expect(adminReturnPath("/admin/users")).toBe("/admin/users");
  });
});
