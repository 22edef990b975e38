import { describe, expect, it } from "vitest";
import { pageUrl } from "~/platform/http/page-url.server";
import { requireUser } from "~/features/auth/permissions.server";
import { notFoundLoader } from "~/features/site/site.server";
import * as welcome from "~/routes/client-welcome";
import { getRequest, routeArgs } from "./helpers";
import { captureLogs } from "./support/logs";

// Loaders get React Router's own Request (docs/decisions/050-one-request-per-page.md): a navigation in the
// browser asks for /page.data, a form posted to an index route adds ?index.
const address = (url: string) => {
  const read = pageUrl(getRequest(url));
  return read.pathname + read.search;
};

describe("the page a request is for", () => {
  it("is the address itself for a page", () => {
    expect(address("/blog?page=2&category=tax")).toBe("/blog?page=2&category=tax");
    expect(address("/blog/")).toBe("/blog/");
    expect(address("/")).toBe("/");
  });

  it("is the page's address for a data request, without the router's parameters", () => {
    expect(address("/client-welcome.data")).toBe("/client-welcome");
    expect(address("/client-welcome.data?_routes=root%2Croutes%2Fclient-welcome")).toBe("/client-welcome");
    expect(address("/blog.data?page=2&_routes=routes%2Fblog")).toBe("/blog?page=2");
    expect(address("/_root.data")).toBe("/");
    expect(address("/admin/blog/7.data?back=%2Fadmin%2Fblog")).toBe("/admin/blog/7?back=%2Fadmin%2Fblog");
  });

  it("drops the index route's empty ?index, as React Router did for its copies, and keeps one with a value", () => {
    expect(address("/admin?index")).toBe("/admin");
    expect(address("/admin.data?index&_routes=routes%2Fadmin._index")).toBe("/admin");
    expect(address("/search?index=books")).toBe("/search?index=books");
  });

  it("brings a signed-out visitor who navigated in the browser back to the page, not its data, after signing in", async () => {
    const refused = await requireUser(getRequest("/client-welcome.data?_routes=routes%2Fclient-welcome")).catch((r: unknown) => r);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("location")).toBe("/login?redirectTo=%2Fclient-welcome");
    const fromLoader = await welcome.loader(routeArgs(getRequest("/client-welcome.data"))).catch((r: unknown) => r);
    expect((fromLoader as Response).headers.get("location")).toBe("/login?redirectTo=%2Fclient-welcome");
  });

  it("names the page, not its data, in the 404 log line", () => {
    const logs = captureLogs();
    try {
      notFoundLoader(getRequest("/no/such/page.data?_routes=routes%2Fnot-found"));
    } finally {
      logs.restore();
    }
    expect(logs.lines()).toEqual([expect.objectContaining({ msg: "not found", method: "GET", path: "/no/such/page" })]);
  });
});
