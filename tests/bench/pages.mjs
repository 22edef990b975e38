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

// The home page while 40 sign-ins run at once (docs/decisions/012-password-hashing-pool.md): bcrypt
// at the production cost runs in worker threads, so pages keep being served. Each sign-in client
// posts, and posts again when answered (after Retry-After when told 503 busy, as a person would), with an unknown
// e-mail from its own address (X-Forwarded-For is trusted from loopback), so no rate limit stops it.
const STORM = Number(process.env.BENCH_STORM ?? 40);
const HOME_REQUESTS = Number(process.env.BENCH_HOME_REQUESTS ?? 300);
const HOME_CONCURRENCY = 2;

async function homeLatencies() {
  const times = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: HOME_CONCURRENCY }, async () => {
      while (next++ < HOME_REQUESTS) {
        const t = performance.now();
        const res = await fetch(base + "/", { headers: { "accept-encoding": "gzip" } });
        await res.arrayBuffer();
        times.push(performance.now() - t);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

async function storm(stop) {
  const counts = { signIns: 0, busy: 0, other: {} };
  let n = 0;
  await Promise.all(
    Array.from({ length: STORM }, async (_, client) => {
      while (!stop.done) {
        n++;
        const body = new URLSearchParams({ email: `storm-${client}-${n}@bench.example`, password: "Wrong-Passw0rd" });
        const res = await fetch(base + "/login", {
          method: "POST",
          body,
          headers: { "x-forwarded-for": `10.${client}.${(n >> 8) & 255}.${n & 255}` },
          redirect: "manual",
        });
        await res.arrayBuffer();
        if (res.status === 503) {
          counts.busy++;
          const wait = Number(res.headers.get("retry-after") ?? 1) * 1000;
          await new Promise((r) => setTimeout(r, wait));
        } else if (res.status === 400) counts.signIns++;
        else counts.other[res.status] = (counts.other[res.status] ?? 0) + 1;
      }
    }),
  );
  return counts;
}

const ms = (v) => `${v.toFixed(1)} ms`;

try {
  await waitUp();
  for (const p of PATHS) await fetch(base + p); // warm up
  const rows = [];
  for (const p of PATHS) rows.push(await bench(p));
  console.log(`${REQUESTS} requests per path, ${CONCURRENCY} at a time, ${os.cpus().length} cores`);
  console.table(rows);

  const idle = await homeLatencies();
  const stop = { done: false };
  const storming = storm(stop);
  await new Promise((r) => setTimeout(r, 500)); // let the storm fill the pool
  const during = await homeLatencies();
  stop.done = true;
  const counts = await storming;
  const ratio = pct(during, 99) / pct(idle, 99);
  console.log(`home idle:  p50 ${ms(pct(idle, 50))}, p99 ${ms(pct(idle, 99))} (${HOME_REQUESTS} requests, ${HOME_CONCURRENCY} at a time)`);
  console.log(`home storm: p50 ${ms(pct(during, 50))}, p99 ${ms(pct(during, 99))} during ${STORM} parallel sign-ins (bcrypt cost ${process.env.BCRYPT_COST ?? 12}: ${counts.signIns} checked, ${counts.busy} answered 503 busy${Object.entries(counts.other).map(([status, n]) => `, ${n} answered ${status}`).join("")})`);
  console.log(`storm p99 / idle p99 = ${ratio.toFixed(2)}x (goal: under 3x)`);
} finally {
  server.kill();
  fs.rmSync(tmp, { recursive: true, force: true });
}
