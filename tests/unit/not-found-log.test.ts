import { afterEach, describe, expect, it } from "vitest";
import { loader } from "~/routes/not-found";
import { captureLogs } from "./support/logs";

type Args = Parameters<typeof loader>[0];
const open = (path: string) => loader({ request: new Request(`http://localhost${path}`), params: {}, context: {} } as unknown as Args);

let logs: ReturnType<typeof captureLogs> | undefined;
afterEach(() => logs?.restore());

describe("404 log line", () => {
  it("names the method and the path", () => {
    logs = captureLogs();
    open("/no-such-page");
    expect(logs.lines()).toEqual([expect.objectContaining({ level: "warn", part: "site", msg: "not found", method: "GET", path: "/no-such-page" })]);
  });

  it("cuts a long path at 200 characters and says how long it was", () => {
    logs = captureLogs();
    const path = `/${"a".repeat(5000)}`;
    open(path);
    expect(logs.lines()[0]?.path).toBe(`${path.slice(0, 200)}… (5001 characters)`);
    expect(logs.text().length).toBeLessThan(400);
  });
});
