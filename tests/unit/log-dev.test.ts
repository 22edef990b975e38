// `npm run dev` prints lines for a person (pino-pretty); production keeps one JSON object a line. Each
// runs in a process of its own: the logger is made once per process, from NODE_ENV.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wm-log-dev-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function logged(nodeEnv: string) {
  const script = path.join(tmp, `log-${nodeEnv}.mts`);
  fs.writeFileSync(
    script,
    'const { logFor, logOutputReady } = await import("~/platform/log.server");\nawait logOutputReady;\nlogFor("dev-check").info({ requestId: "r-1" }, "hello from the log");\n',
  );
  const env = { ...process.env, NODE_ENV: nodeEnv, LOG_LEVEL: "info" };
  const { stdout } = await promisify(execFile)(path.resolve("node_modules/.bin/tsx"), ["--tsconfig", path.resolve("tsconfig.json"), script], { env, cwd: path.resolve(".") });
  return stdout.trim();
}

describe("the log's form", () => {
  it("is readable lines in development, with the message and its fields", async () => {
    const out = await logged("development");
    expect(out).toContain("hello from the log");
    expect(out).toContain("r-1");
    expect(out.startsWith("{")).toBe(false);
  }, 60_000);

  it("is one JSON object a line in production", async () => {
    const out = await logged("production");
    expect(JSON.parse(out)).toMatchObject({ level: "info", part: "dev-check", requestId: "r-1", msg: "hello from the log" });
  }, 60_000);
});
