import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { MAX_WORKERS, workerCount, workerExecArgv } from "../../server/supervisor";
import { logLines } from "./support/logs";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** `npm start` as an operator runs it, with `env` on top of a production setting. */
function start(env: Record<string, string>) {
  const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1" };
  return spawnSync(process.execPath, ["--import", "tsx", "server.ts"], { cwd: ROOT, env: { ...base, ...env }, encoding: "utf8", timeout: 15_000 });
}

describe("WEB_CONCURRENCY", () => {
  it("defaults to one worker per core", () => {
    expect(workerCount({}, 6)).toBe(6);
    expect(workerCount({ WEB_CONCURRENCY: " " }, 6)).toBe(6);
    expect(workerCount({}, os.availableParallelism())).toBe(os.availableParallelism());
  });

  it("takes a whole number from 1 to the maximum", () => {
    expect(workerCount({ WEB_CONCURRENCY: "1" }, 6)).toBe(1);
    expect(workerCount({ WEB_CONCURRENCY: " 3 " }, 6)).toBe(3);
    expect(workerCount({ WEB_CONCURRENCY: String(MAX_WORKERS) }, 6)).toBe(MAX_WORKERS);
  });

  it("refuses anything else, naming the variable", () => {
    for (const bad of ["0", "-1", "2.5", "two", "1e2", String(MAX_WORKERS + 1)]) {
      expect(() => workerCount({ WEB_CONCURRENCY: bad }, 6), bad).toThrow(`WEB_CONCURRENCY: must be a whole number from 1 to ${MAX_WORKERS} (got "${bad}")`);
    }
  });

  it("a bad value stops npm start: exit 1, one line naming the variable, before any worker starts", () => {
    const run = start({ WEB_CONCURRENCY: "lots" });
    expect(run.status).toBe(1);
    const lines = logLines(`${run.stdout}${run.stderr}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "fatal", msg: `WEB_CONCURRENCY: must be a whole number from 1 to ${MAX_WORKERS} (got "lots")` });
  });
});

describe("WORKER_GC", () => {
  it("starts workers with V8's single-threaded collector unless told parallel", () => {
    expect(workerExecArgv({})).toEqual(["--single-threaded-gc"]);
    expect(workerExecArgv({ WORKER_GC: " single " })).toEqual(["--single-threaded-gc"]);
    expect(workerExecArgv({ WORKER_GC: "parallel" })).toEqual([]);
  });

  it("refuses anything else: npm start exits 1 with one line naming the variable", () => {
    expect(() => workerExecArgv({ WORKER_GC: "fast" })).toThrow('WORKER_GC: must be "single" or "parallel" (got "fast")');
    const run = start({ WORKER_GC: "fast" });
    expect(run.status).toBe(1);
    const lines = logLines(`${run.stdout}${run.stderr}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "fatal", msg: 'WORKER_GC: must be "single" or "parallel" (got "fast")' });
  });
});

describe("the supervisor at start-up", () => {
  it("stops with the worker's code and adds nothing to its message when the first worker cannot start", () => {
    // No build there: the worker fails before it listens, as with a bad setting or an unwritable folder.
    const run = start({ WEB_CONCURRENCY: "2", BUILD_DIR: path.join(os.tmpdir(), "wm-no-such-build") });
    expect(run.status).toBe(1);
    const lines = logLines(`${run.stdout}${run.stderr}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "fatal", msg: expect.stringMatching(/wm-no-such-build/) });
    expect(lines[0]?.part).toBeUndefined();
  });
});

/** The real supervisor over tests/unit/support/supervised.mjs, two workers taking the roles of `plan` in turn. */
function supervised(plan: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-supervised-"));
  const primary = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "tests/unit/support/supervised.mjs")], {
    env: { ...process.env, WORKERS: "2", FIXTURE_DIR: dir, PLAN: plan },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  primary.stdout.on("data", (c: Buffer) => (output += c.toString()));
  primary.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => primary.once("exit", (code) => resolve(code)));
  // Each worker notes its start in a file named by its number.
  const started = () => fs.readdirSync(dir).filter((f) => /^\d+$/.test(f)).length;
  return { dir, primary, output: () => output, exited, started };
}

// Waits, not timings: each worker starts a whole Node process with tsx, which a busy machine slows many times.
describe("the supervisor's workers", () => {
  it("replaces a worker that crashes at once, one that fails before listening after a pause, and stops cleanly on SIGTERM", async () => {
    const { dir, primary, output, exited, started } = supervised("serve,crash,fail,serve");
    try {
      await vi.waitFor(() => expect(started()).toBe(4), { timeout: 30_000, interval: 50 });
      const note = (n: number) => fs.readFileSync(path.join(dir, String(n)), "utf8").split(" ").map(Number) as [number, number];
      const [crashed, failed, fourth] = [note(2), note(3), note(4)];
      const said = logLines(output(), { othersToo: true }).filter((line) => line.part === "supervisor");
      expect(said).toContainEqual(expect.objectContaining({ level: "error", worker: crashed[0], code: 1, msg: `worker ${crashed[0]} exited with code 1; restarting it` }));
      expect(said).toContainEqual(
        expect.objectContaining({ level: "error", worker: failed[0], code: 3, msg: `worker ${failed[0]} exited with code 3 before it listened; restarting it in 1 s` }),
      );
      // The crash was replaced at once; the start-up failure only after its pause.
      expect(failed[1] - crashed[1]).toBeLessThan(2000);
      expect(fourth[1] - failed[1]).toBeGreaterThanOrEqual(1000);
      // Each worker runs with the primary's own flags and the collector WORKER_GC names (single by default).
      const args = fs.readFileSync(`/proc/${fourth[0]}/cmdline`, "utf8").split("\0");
      expect(args).toContain("--single-threaded-gc");
      expect(args).toContain("tsx");
      // Two serve now: the first worker and the fourth.
      await vi.waitFor(() => expect(fs.readFileSync(`/proc/${primary.pid}/task/${primary.pid}/children`, "utf8").trim().split(/\s+/).map(Number).sort()).toEqual([note(1)[0], fourth[0]].sort()), { timeout: 15_000 });
      primary.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      primary.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("counts a worker gone when its process exits, even while a process it started keeps its channel open", async () => {
    const { dir, primary, output, exited, started } = supervised("serve,orphan,serve");
    try {
      // The crashed worker is replaced although its channel is still open...
      await vi.waitFor(() => expect(started()).toBe(3), { timeout: 30_000, interval: 50 });
      expect(logLines(output(), { othersToo: true }).map((line) => line.msg)).toContainEqual(expect.stringMatching(/^worker \d+ exited with code 1; restarting it$/));
      // ...and on SIGTERM the primary ends at once, with 0, without waiting for that channel.
      primary.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      primary.kill("SIGKILL");
      const orphan = Number(fs.readFileSync(path.join(dir, "orphan-2"), "utf8"));
      if (orphan) spawnSync("kill", [String(orphan)]);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe("a rolling restart (SIGHUP)", () => {
  it("replaces the workers one at a time, keeps the old ones when a new one cannot start, and runs a second SIGHUP after the first", async () => {
    // Workers 1 and 2 serve; on SIGHUP 3 replaces 1, 4 fails to start; the queued SIGHUP then replaces 2 and 3 with 5 and 6.
    const { dir, primary, output, exited, started } = supervised("serve,serve,serve,fail");
    const pid = (n: number) => Number(fs.readFileSync(path.join(dir, String(n)), "utf8").split(" ")[0]);
    const children = () => fs.readFileSync(`/proc/${primary.pid}/task/${primary.pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number).sort();
    try {
      await vi.waitFor(() => expect(output()).toContain("2 workers"), { timeout: 30_000, interval: 50 });
      // Both listen before the first SIGHUP: a worker still starting would start beside the first new one,
      // and two starting at once take the same role from the plan.
      await vi.waitFor(() => expect(fs.existsSync(path.join(dir, "1.listening")) && fs.existsSync(path.join(dir, "2.listening"))).toBe(true), { timeout: 30_000, interval: 50 });
      await vi.waitFor(() => expect(children()).toHaveLength(2), { timeout: 15_000 });
      primary.kill("SIGHUP");
      // Two signals sent back to back can reach the process as one: the second follows the first's answer,
      // while the new worker is still starting.
      await vi.waitFor(() => expect(output()).toContain("SIGHUP: replacing 2 workers one at a time"), { timeout: 15_000, interval: 20 });
      primary.kill("SIGHUP");
      // Four more whole processes start one after another: on two busy cores each can take many seconds.
      await vi.waitFor(() => expect(output()).toContain("rolling restart finished"), { timeout: 120_000, interval: 50 });
      expect(started()).toBe(6);
      const log = output();
      expect(log).toContain("SIGHUP: replacing 2 workers one at a time");
      expect(log).toContain("SIGHUP during a rolling restart: another follows when this one ends");
      expect(log).toContain(`new worker ${pid(3)} listens; worker ${pid(1)} drains`);
      expect(log).toContain(`the new worker ${pid(4)} exited with code 3 before it listened; rolling restart stopped, the old workers keep serving`);
      // Worker 2 was still serving after the failure: the second rolling restart drained it.
      expect(log).toContain(`new worker ${pid(5)} listens; worker ${pid(2)} drains`);
      expect(log).toContain(`new worker ${pid(6)} listens; worker ${pid(3)} drains`);
      expect(log).not.toMatch(/restarting it/);
      await vi.waitFor(() => expect(children()).toEqual([pid(5), pid(6)].sort()), { timeout: 15_000 });
      primary.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      primary.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
