// A stand-in for server.ts under the real supervisor: each worker takes the next role of PLAN
// ("serve", "crash" a moment after listening, "fail" before listening, "orphan": crash while a process
// it started holds its channel to the primary open) and notes its start in FIXTURE_DIR.
import { spawn } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { supervise, workerExecArgv } from "../../../server/supervisor.ts";

if (cluster.isPrimary) await supervise(Number(process.env.WORKERS), workerExecArgv());

const dir = process.env.FIXTURE_DIR ?? "";
// Workers start one at a time, so counting the notes is safe.
const n = fs.readdirSync(dir).filter((f) => /^\d+$/.test(f)).length + 1;
fs.writeFileSync(path.join(dir, `${n}`), `${process.pid} ${Date.now()}`);
const role = (process.env.PLAN ?? "").split(",")[n - 1] ?? "serve";
if (role === "fail") process.exit(3);
const server = http.createServer((_req, res) => res.end(String(process.pid))).listen(0, "127.0.0.1");
// Listening noted apart: a test can wait for every worker to serve before it signals the primary.
server.once("listening", () => fs.writeFileSync(path.join(dir, `${n}.listening`), String(process.pid)));
if (role === "orphan") {
  // The primary then sees the worker's exit long before its channel closes, the order a busy machine
  // sometimes gives. The sleeping child's pid is noted for the test to end it.
  // cluster.fork gives the channel as fd 3 (stdio [0, 1, 2, "ipc"]); Node removes NODE_CHANNEL_FD.
  const child = spawn("sleep", ["30"], { stdio: ["ignore", "ignore", "ignore", 3], detached: true });
  fs.writeFileSync(path.join(dir, `orphan-${n}`), String(child.pid));
  child.unref();
}
if (role === "crash" || role === "orphan") {
  server.once("listening", () =>
    setTimeout(() => {
      throw new Error("boom");
    }, 300),
  );
}
process.on("SIGTERM", () => server.close(() => process.exit(0)));
