// Shared by the benchmarks: a production build in a temp folder, servers started from it, the React
// Router template and the static-file server of ../shared/bench as anchors, and load runs (autocannon).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const ANCHORS = path.resolve(process.env.BENCH_ANCHORS ?? path.join(ROOT, "../shared/bench"));

export function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-bench-"));
  // The build imports its runtime packages by name: let it find ours from the temp folder.
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

export function buildApp(dir) {
  const buildDir = path.join(dir, "build");
  execFileSync("npx", ["react-router", "build"], { cwd: ROOT, env: { ...process.env, BUILD_DIR: buildDir }, stdio: "ignore" });
  return buildDir;
}

export const freePort = (() => {
  let next = 3900 + Math.floor(Math.random() * 50) * 10;
  return () => next++;
})();

export async function waitUp(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not start`);
}

function started(child, url) {
  child.stderr?.on("data", (d) => process.env.BENCH_VERBOSE && process.stderr.write(d));
  return waitUp(url).then(() => ({ url, pid: child.pid, stop: () => child.kill("SIGTERM") }));
}

/**
 * The app's production server on a temp data folder; `env` adds settings (e.g. PAGE_CACHE_MB=0). One
 * worker under the supervisor unless `env` says otherwise: the anchors are one process each.
 */
export function startApp(dir, buildDir, name, env = {}) {
  const port = freePort();
  const child = spawn("node", ["--import", "tsx", path.join(ROOT, "server.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      DATA_DIR: path.join(dir, `data-${name}`),
      UPLOADS_DIR: path.join(dir, `uploads-${name}`),
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return started(child, `http://127.0.0.1:${port}/robots.txt`).then((s) => ({ ...s, url: `http://127.0.0.1:${port}` }));
}

/** The React Router 7.18.4 template (installed and built once, kept in the temp folder). */
export async function startTemplate() {
  const dir = path.join(os.tmpdir(), "wm-bench-rr7-template");
  if (!fs.existsSync(path.join(dir, "build/server/index.js"))) {
    fs.cpSync(path.join(ANCHORS, "rr7-template"), dir, { recursive: true });
    execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: "ignore" });
    execFileSync("npm", ["run", "build"], { cwd: dir, stdio: "ignore" });
  }
  const port = freePort();
  const child = spawn("npx", ["react-router-serve", "./build/server/index.js"], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  const s = await started(child, `http://localhost:${port}/`);
  return { ...s, url: `http://localhost:${port}`, stop: () => process.kill(-child.pid, "SIGTERM") };
}

/** ../shared/bench/static-server.mjs serving `html` from memory. */
export async function startStatic(dir, html) {
  const file = path.join(dir, "static.html");
  fs.writeFileSync(file, html);
  const port = freePort();
  const child = spawn("node", [path.join(ANCHORS, "static-server.mjs"), file, String(port)], { stdio: ["ignore", "ignore", "pipe"] });
  const s = await started(child, `http://127.0.0.1:${port}/`);
  return { ...s, url: `http://127.0.0.1:${port}` };
}

/** tests/bench/same-bytes-server.mjs answering with what `url` (a page the app keeps) sends. */
export async function startSameBytes(url) {
  const port = freePort();
  const child = spawn("node", [path.join(ROOT, "tests/bench/same-bytes-server.mjs"), url, String(port)], { stdio: ["ignore", "ignore", "pipe"] });
  const s = await started(child, `http://127.0.0.1:${port}/`);
  return { ...s, url: `http://127.0.0.1:${port}` };
}

/** Whether Debian's wrk is on this machine; installed with apt-get when root and missing (as .ci/run does chromium). */
function haveWrk() {
  const found = () => spawnSync("sh", ["-c", "command -v wrk"]).status === 0;
  if (found()) return true;
  if (process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0) {
    console.log("bench: installing Debian's wrk with apt-get (the load client for plain page runs)");
    spawnSync("sh", ["-c", "apt-get install -y --no-install-recommends wrk || (apt-get update && apt-get install -y --no-install-recommends wrk)"], {
      stdio: "ignore",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
  return found();
}
const WRK = process.env.BENCH_CLIENT !== "autocannon" && haveWrk();
if (!WRK) console.log("bench: wrk not found, plain page runs use autocannon (it decodes every body to a string: compressed pages measure low)");
/** Which load client measures plain page runs, for the reports. */
export const LOAD_CLIENT = WRK ? "wrk" : "autocannon";

// wrk's summary as one JSON line: requests, duration (µs), errors and latency percentiles (µs).
const WRK_SUMMARY = `done = function(s, latency, r)
  local e = s.errors
  io.write(string.format('{"requests":%d,"duration":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p95":%d,"p99":%d}\\n',
    s.requests, s.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;
let summaryScript;

/** One wrk process (one thread) on `url`. */
function wrkRun(url, { seconds, connections, headers, timeout }) {
  summaryScript ??= (() => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wm-wrk-")), "summary.lua");
    fs.writeFileSync(file, WRK_SUMMARY);
    return file;
  })();
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, `--timeout`, `${timeout ?? 10}s`, "-s", summaryScript];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", () => {
      const line = out.split("\n").find((l) => l.startsWith('{"requests"'));
      if (!line) return reject(new Error(`wrk gave no summary: ${out}`));
      resolve(JSON.parse(line));
    });
  });
}

/**
 * A load run: `connections` at once for `seconds`, as a browser asks (gzip accepted). `url` may be a list:
 * the connections are dealt to them in turn (two servers: half each). `requests` is autocannon's
 * sequence of steps each connection walks in a loop (setupRequest/onResponse, for a signed-in visit);
 * `amount` ends the run after that many answers instead (dealt evenly to the connections), so nothing
 * asked is still being worked on when the run ends. p50/p95 are of every answer, whatever its status
 * (autocannon's own percentiles have no p95); `perSecond` is the answers over the time to the last one.
 *
 * A plain run (no sequence, no amount) uses wrk when the machine has it: a C client whose cost per answer
 * does not depend on the bytes. autocannon appends every body to a JavaScript string, so a compressed
 * page costs the client far more than plain text of the same size (a bare node:http server sending 7.9 KB:
 * 48,700 req/s as ASCII, 22,700 as brotli bytes), and a run of cached pages measured the client. With a
 * list of URLs, one wrk per URL; its percentiles are the slowest server's.
 */
export async function load(url, { seconds = 5, connections = 20, headers = {}, requests, amount, timeout } = {}) {
  const allHeaders = { "accept-encoding": "gzip, deflate, br", ...headers };
  if (WRK && !requests && !amount) {
    const urls = [url].flat();
    const runs = await Promise.all(
      urls.map((u, i) => wrkRun(u, { seconds, connections: Math.floor(connections / urls.length) + (i < connections % urls.length ? 1 : 0), headers: allHeaders, timeout })),
    );
    const answered = runs.reduce((n, r) => n + r.requests, 0);
    const duration = Math.max(...runs.map((r) => r.duration)) / 1e6;
    const worst = (key) => Math.max(...runs.map((r) => r[key])) / 1000;
    const failed = runs.reduce((n, r) => n + r.connect + r.read + r.write + r.timeout, 0);
    const non2xx = runs.reduce((n, r) => n + r.status, 0);
    return {
      rps: answered / duration,
      perSecond: answered / duration,
      p50: worst("p50"),
      p95: worst("p95"),
      p99: worst("p99"),
      errors: failed + non2xx,
      // wrk counts answers that are not 2xx or 3xx, not each status.
      statuses: { "2xx/3xx": answered - non2xx, ...(non2xx ? { "4xx/5xx": non2xx } : {}) },
    };
  }
  const times = [];
  const started = performance.now();
  let last = started;
  const run = autocannon({
    url,
    connections,
    duration: seconds,
    headers: allHeaders,
    ...(requests ? { requests } : {}),
    ...(amount ? { amount } : {}),
    ...(timeout ? { timeout } : {}),
  });
  run.on("response", (_client, _status, _bytes, ms) => {
    times.push(ms);
    last = performance.now();
  });
  const result = await run;
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]));
  return {
    rps: result.requests.average,
    perSecond: times.length / Math.max(0.001, (last - started) / 1000),
    p50: at(50),
    p95: at(95),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    statuses,
  };
}

/**
 * Resident memory in MB (Linux) of a server: of its workers when it has any (the app's supervisor, whose
 * own few MB serve no request), else of the process itself.
 */
export function rssMb(pid) {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  const kb = (children.length ? children : [pid]).reduce((sum, p) => {
    const status = fs.readFileSync(`/proc/${p}/status`, "utf8");
    return sum + Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }, 0);
  return kb / 1024;
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
