// Prints how fast the production build serves the main pages: `npm run bench`.
// Figures only; it never fails on a timing. Builds into a temp folder and serves a temp database.
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const PATHS = ["/", "/about", "/services", "/contact", "/blog", "/login", "/register", "/sitemap.xml"];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wm-bench-"));
const buildDir = path.join(tmp, "build");
// The build imports its runtime packages by name: let it find ours from the temp folder.
fs.symlinkSync(path.resolve("node_modules"), path.join(tmp, "node_modules"), "dir");
console.log("building…");
execFileSync("npx", ["react-router", "build"], { env: { ...process.env, BUILD_DIR: buildDir }, stdio: "ignore" });

const port = 3900 + Math.floor(Math.random() * 90);
const server = spawn("node", ["server.mjs"], {
  env: { ...process.env, BUILD_DIR: buildDir, DATA_DIR: path.join(tmp, "data"), UPLOADS_DIR: path.join(tmp, "uploads"), PORT: String(port), HOST: "127.0.0.1" },
  stdio: ["ignore", "pipe", "pipe"],
});
const base = `http://127.0.0.1:${port}`;

async function waitUp() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(base + "/robots.txt")).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function bench(p) {
  const times = [];
  let next = 0;
  let bytes = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t = performance.now();
        const res = await fetch(base + p, { headers: { "accept-encoding": "gzip" } });
        bytes += (await res.arrayBuffer()).byteLength;
        times.push(performance.now() - t);
      }
    }),
  );
  const total = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { path: p, "req/s": Math.round(REQUESTS / total), "p50 ms": pct(times, 50).toFixed(1), "p95 ms": pct(times, 95).toFixed(1), "kB/page": (bytes / REQUESTS / 1024).toFixed(1) };
}

try {
  await waitUp();
  for (const p of PATHS) await fetch(base + p); // warm up
  const rows = [];
  for (const p of PATHS) rows.push(await bench(p));
  console.log(`${REQUESTS} requests per path, ${CONCURRENCY} at a time, ${os.cpus().length} cores`);
  console.table(rows);
} finally {
  server.kill();
  fs.rmSync(tmp, { recursive: true, force: true });
}
