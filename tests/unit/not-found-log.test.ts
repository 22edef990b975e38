import { afterEach, describe, expect, it, vi } from "vitest";
import { loader } from "~/routes/not-found";

type Args = Parameters<typeof loader>[0];
const open = (path: string) => loader({ request: new Request(`http://localhost${path}`), params: {}, context: {} } as unknown as Args);

afterEach(() => vi.restoreAllMocks());

describe("404 log line", () => {
  it("names the method and the path", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    open("/no-such-page");
    expect(warn).toHaveBeenCalledWith("[404] GET /no-such-page");
  });

  it("cuts a long path at 200 characters and says how long it was", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const path = `/${"a".repeat(5000)}`;
    open(path);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toBe(`[404] GET ${path.slice(0, 200)}… (5001 characters)`);
    expect(line.length).toBeLessThan(240);
  });
});
