// Loaded into the server under test with NODE_OPTIONS=--import (tests/bench/burst.mjs): on SIGUSR2 each
// server process writes what its main thread has spent so far, so the bench can tell what one request
// costs the event loop:
// - cpuMs: the main thread's CPU time (Linux schedstat; the hashing threads are not in it);
// - sqliteMs: wall time inside SQLite calls, which holds what the CPU figure misses: a commit's fsync
//   (synchronous=FULL) blocks the loop without using the CPU, and so does a wait for a lock;
// - commits: write transactions committed (each one fsync); BENCH_PROBE_LOG=1 prints where each one
//   comes from on stderr.
// (The event-loop utilisation of perf_hooks would be the natural figure, but in the supervised server's
// workers its idle time stops growing after start-up.) A cluster supervisor reports too; only its
// workers serve requests, and the bench reads theirs.
import cluster from "node:cluster";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { isMainThread } from "node:worker_threads";

const dir = process.env.BENCH_PROBE_DIR;
if (isMainThread && dir) {
  let sqliteMs = 0;
  let commits = 0;
  // Every statement (the app's, and the BEGIN/COMMIT of better-sqlite3's transactions) is a native
  // Statement sharing one prototype: timing its methods times all of SQLite's work on this thread.
  const Database = createRequire(path.join(process.cwd(), "package.json"))("better-sqlite3");
  const scratch = new Database(":memory:");
  const proto = Object.getPrototypeOf(scratch.prepare("SELECT 1"));
  scratch.close();
  for (const method of ["run", "get", "all"]) {
    const original = proto[method];
    proto[method] = function (...args) {
      const autocommitWrite = !this.readonly && !this.database.inTransaction && !/^\s*BEGIN/i.test(this.source);
      const start = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        sqliteMs += performance.now() - start;
        if (autocommitWrite || this.source === "COMMIT") {
          commits++;
          if (process.env.BENCH_PROBE_LOG) console.error("[probe] commit", autocommitWrite ? this.source.slice(0, 80) : "COMMIT", new Error().stack.split("\n").slice(2, 9).join(" | "));
        }
      }
    };
  }
  const exec = Database.prototype.exec;
  Database.prototype.exec = function (...args) {
    const start = performance.now();
    try {
      return exec.apply(this, args);
    } finally {
      sqliteMs += performance.now() - start;
    }
  };
  process.on("SIGUSR2", () => {
    const [runNs] = fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ").map(Number);
    const file = path.join(dir, `${process.pid}.json`);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ pid: process.pid, worker: cluster.isWorker, cpuMs: runNs / 1e6, sqliteMs, commits }));
    fs.renameSync(`${file}.tmp`, file);
  });
}
