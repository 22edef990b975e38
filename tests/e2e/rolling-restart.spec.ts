// A release on one box (docs/decisions/065-rolling-restarts.md): BUILD_DIR is a link switched to the new
// build's folder, then `kill -HUP <supervisor>` replaces the workers one at a time, and a steady stream
// of visitors meanwhile gets every answer. Plain HTTP on a server of its own: checked once, in the js project.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startOwnServer, type OwnServer } from "./support";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server processes: checked once, in the js project");
// Four workers starting, one after another, beside the other specs on two busy cores.
test.describe.configure({ timeout: 300_000 });

/** One GET on a connection of its own: status and body, or the connection's error (no answer in 15 s is one). */
function get(base: string, pathname: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.get(`${base}${pathname}`, { agent: false, timeout: 15_000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", (error) => resolve({ error: `${pathname}: ${error.message}` }));
    });
    req.on("error", (error) => resolve({ error: `${pathname}: ${error.message}` }));
    req.on("timeout", () => {
      resolve({ error: `${pathname}: no answer in 15 s` });
      req.destroy();
    });
  });
}

async function until(server: OwnServer, what: string, condition: () => boolean, ms = 150_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the server said:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test.describe("a rolling restart", () => {
  let server: OwnServer | undefined;
  let releases = "";
  test.afterAll(async () => {
    await server?.stop();
    if (releases) fs.rmSync(releases, { recursive: true, force: true });
  });

  test("SIGHUP moves both workers onto the new build while 200 requests a second all get 200", async () => {
    // Two release folders beside the e2e build (whose parent links node_modules for the server build's
    // imports), told apart by one file; `current` links to the running one, as an operator would.
    const built = process.env.E2E_BUILD_DIR ?? "";
    releases = fs.mkdtempSync(path.join(path.dirname(built), "releases-"));
    for (const name of ["one", "two"]) {
      fs.cpSync(built, path.join(releases, name), { recursive: true });
      fs.writeFileSync(path.join(releases, name, "client", "release.txt"), name);
    }
    const current = path.join(releases, "current");
    fs.symlinkSync(path.join(releases, "one"), current);
    server = await startOwnServer({ WEB_CONCURRENCY: "2", BUILD_DIR: current });
    const running = server;
    await until(running, "two workers listening", () => (running.output().match(/listening on .*\(worker \d+\)/g) ?? []).length === 2);
    const before = running.workerPids();
    expect((await get(running.baseURL, "/release.txt")) as object).toEqual({ status: 200, body: "one" });

    // A steady 200 requests a second: the home page and the release file in turn, each on a fresh
    // connection. A worker that ended with a connection just handed to it lost it, and that visitor had no
    // answer (server.ts, leaveCluster): measured at 400 a second, 4 of 12,960 requests in six restarts.
    const answers: Promise<{ pathname: string } & ({ status: number; body: string } | { error: string })>[] = [];
    let sent = 0;
    const load = setInterval(() => {
      for (let i = 0; i < 4; i++) {
        const pathname = sent++ % 2 ? "/release.txt" : "/";
        answers.push(get(running.baseURL, pathname).then((answer) => ({ pathname, ...answer })));
      }
    }, 20);
    try {
      await new Promise((r) => setTimeout(r, 2000));
      // The release: the link switched in one step (a rename over it), then the supervisor told.
      fs.symlinkSync(path.join(releases, "two"), `${current}.next`);
      fs.renameSync(`${current}.next`, current);
      process.kill(running.pid, "SIGHUP");
      await until(running, "the rolling restart to finish", () => running.output().includes("rolling restart finished"));
      await until(running, "two new workers", () => {
        const now = running.workerPids();
        return now.length === 2 && now.every((pid) => !before.includes(pid));
      });
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      clearInterval(load);
    }
    const results = await Promise.all(answers);
    const failures = results.filter((r) => "error" in r || r.status !== 200);
    expect(failures).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(100);
    // Both before and after the switch the release file answered, from the build each worker loaded.
    const bodies = new Set(results.flatMap((r) => ("body" in r && r.pathname === "/release.txt" ? [r.body] : [])));
    expect([...bodies].sort()).toEqual(["one", "two"]);
    expect(running.output()).toContain("SIGHUP: replacing 2 workers one at a time");
    expect(running.output()).not.toMatch(/restarting it/);

    // Every new worker serves the new build: fresh connections are handed to the workers in turn.
    for (let i = 0; i < 6; i++) expect((await get(running.baseURL, "/release.txt")) as object).toEqual({ status: 200, body: "two" });
  });
});
