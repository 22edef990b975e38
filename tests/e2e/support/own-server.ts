import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export type OwnServer = {
  baseURL: string;
  dataDir: string;
  dbPath: string;
  /** The process `node --import tsx server.ts` started: the supervisor (the cluster primary). */
  pid: number;
  /** What the server has printed so far (the supervisor and its workers, stdout and stderr). */
  output: () => string;
  /** The supervisor's workers now (Linux: the primary's child processes). */
  workerPids: () => number[];
  /** SIGTERM, then SIGKILL after 5 s; resolves with the exit code (null when killed). */
  stop: () => Promise<number | null>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * A second server on the e2e build with a data folder of its own, for a spec that changes something
 * site-wide (mandatory two-factor for admins) which every other spec on the shared server would feel,
 * or one that needs settings of its own (`extraEnv`: TRUST_PROXY, PUBLIC_URL).
 */
export async function startOwnServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<OwnServer> {
  const buildDir = process.env.E2E_BUILD_DIR;
  if (!buildDir) throw new Error("E2E_BUILD_DIR is not set: run the specs with `npm run test:e2e`");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-e2e-own-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    DATA_DIR: dataDir,
    UPLOADS_DIR: path.join(dataDir, "uploads"),
    MAIL_DIR: path.join(dataDir, "mail"),
    PORT: String(port),
    HOST: "127.0.0.1",
    BCRYPT_COST: "4",
    SEED_DEMO: "0",
  };
  for (const key of ["DATABASE_PATH", "PUBLIC_URL", "SMTP_URL", "SESSION_SECRET"]) delete env[key];
  Object.assign(env, extraEnv);
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let errors = "";
  child.stderr.on("data", (c: Buffer) => (errors += c.toString()));
  child.stdout.on("data", (c: Buffer) => (errors += c.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the second server exited: ${errors}`);
    try {
      if ((await fetch(`${baseURL}/robots.txt`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the second server did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise<number | null>((resolve) => {
      const done = () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve(child.exitCode);
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      child.once("exit", () => {
        clearTimeout(timer);
        done();
      });
      child.kill("SIGTERM");
    });
  const pid = child.pid ?? 0;
  const workerPids = () => {
    try {
      return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  return { baseURL, dataDir, dbPath: path.join(dataDir, "app.db"), pid, output: () => errors, workerPids, stop };
}
