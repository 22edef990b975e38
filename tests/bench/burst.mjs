// A sign-in burst: what one sign-in and one registration step cost the server's event loop,
// and the home page's p99 for visitors who ask while 40 sign-ins arrive at once (not paced: every client
// posts at the same moment, once per round), against its p99 without them. Figures only, never a
// pass/fail. Part of `npm run bench`; alone: `npm run bench:burst` (BENCH_BUILD_DIR to reuse a build).
// BENCH_BURST (40) sign-ins per round (0: skip it in `npm run bench`), BENCH_BURST_ROUNDS (5; 0: only the
// per-request figures), BENCH_COST_REQUESTS (40).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp, startApp, tempDir } from "./servers.mjs";

const BURST = Number(process.env.BENCH_BURST ?? 40);
const ROUNDS = Number(process.env.BENCH_BURST_ROUNDS ?? 5);
const COST_REQUESTS = Number(process.env.BENCH_COST_REQUESTS ?? 40);
// The visitors: one home-page request every 10 ms (50 ms for the rendered page, which takes longer)
// whatever happened to the previous ones (open loop), so a stall is felt by every visitor who arrives
// during it, as it would be.
const VISIT_EVERY_MS = { cached: 10, rendered: 50 };
const PROBE = path.join(import.meta.dirname, "main-thread-probe.mjs");

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The server's process and its descendants (a cluster supervisor's workers). */
function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    const tasks = `/proc/${pids[i]}/task`;
    if (!fs.existsSync(tasks)) continue;
    for (const tid of fs.readdirSync(tasks)) {
      const children = fs.readFileSync(path.join(tasks, tid, "children"), "utf8").trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    }
  }
  return pids.filter((p) => fs.existsSync(`/proc/${p}/cmdline`) && /(^|\/)node\0/.test(fs.readFileSync(`/proc/${p}/cmdline`, "utf8")));
}

/** What the server's main threads (its workers') have spent so far: see main-thread-probe.mjs. */
async function spent(server) {
  const pids = processTree(server.pid);
  for (const pid of pids) fs.rmSync(path.join(server.probeDir, `${pid}.json`), { force: true });
  for (const pid of pids) process.kill(pid, "SIGUSR2");
  const figures = [];
  for (const pid of pids) {
    const file = path.join(server.probeDir, `${pid}.json`);
    for (let i = 0; !fs.existsSync(file); i++) {
      if (i > 200) throw new Error(`no figures from process ${pid}`);
      await sleep(5);
    }
    figures.push(JSON.parse(fs.readFileSync(file, "utf8")));
  }
  const serving = figures.some((f) => f.worker) ? figures.filter((f) => f.worker) : figures;
  const sum = (key) => serving.reduce((total, f) => total + f[key], 0);
  return { cpuMs: sum("cpuMs"), sqliteMs: sum("sqliteMs"), commits: sum("commits") };
}

let address = 0;
/** A client address of its own (X-Forwarded-For is trusted from loopback), so no limit stops the bench. */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/** A wrong password for an unknown e-mail, posted as a browser without JavaScript does: the whole page comes back. */
async function signIn(base, { data = false } = {}) {
  const n = address + 1;
  const res = await fetch(base + (data ? "/login.data" : "/login"), {
    method: "POST",
    body: new URLSearchParams({ email: `burst-${n}-${Date.now()}@bench.example`, password: "Wrong-Passw0rd" }),
    headers: { "x-forwarded-for": nextAddress(), "accept-encoding": "gzip, deflate, br" },
    redirect: "manual",
  });
  await res.arrayBuffer();
  return res.status;
}

const STEP_FIELDS = {
  1: () => ({ userType: "client" }),
  2: () => ({ firstName: "Bench", lastName: "Visitor" }),
  3: (n) => ({ email: `register-${n}-${Date.now()}@bench.example`, password: "Bench-Passw0rd-1", confirmPassword: "Bench-Passw0rd-1" }),
};

/** Posts one registration step (Continue) with the wizard cookie `cookie`; returns the status and the new cookie. */
async function registrationStep(base, step, cookie, from) {
  const res = await fetch(base + "/register", {
    method: "POST",
    body: new URLSearchParams({ ...STEP_FIELDS[step](address), step: String(step), intent: "continue" }),
    headers: { "x-forwarded-for": from, "accept-encoding": "gzip, deflate, br", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
  await res.arrayBuffer();
  const set = res.headers.get("set-cookie");
  return { status: res.status, cookie: set ? set.split(";")[0] : cookie };
}

/** Main-thread cost per request of `run`, one request at a time (n of them). */
async function perRequest(server, n, run) {
  const statuses = {};
  const before = await spent(server);
  for (let i = 0; i < n; i++) {
    const status = await run(i);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  const after = await spent(server);
  const per = (key) => (after[key] - before[key]) / n;
  return { cpuMs: per("cpuMs"), sqliteMs: per("sqliteMs"), commits: per("commits"), statuses };
}

/** What one sign-in and one registration step cost the event loop (the hashing itself runs in worker threads). */
export async function mainThreadCosts(server, n = COST_REQUESTS) {
  const base = server.url;
  for (let i = 0; i < 5; i++) await signIn(base); // warm up
  const signInPage = await perRequest(server, n, () => signIn(base));
  const signInData = await perRequest(server, n, () => signIn(base, { data: true }));
  // n browsers walk the wizard's first three steps; each step is timed over all of them.
  const browsers = Array.from({ length: n }, () => ({ from: nextAddress(), cookie: undefined }));
  const steps = {};
  for (const step of [1, 2, 3]) {
    steps[step] = await perRequest(server, n, async (i) => {
      const b = browsers[i];
      const r = await registrationStep(base, step, b.cookie, b.from);
      b.cookie = r.cookie;
      return r.status;
    });
  }
  return { signInPage, signInData, steps };
}

/** Home-page latencies of visitors arriving every VISIT_EVERY_MS until `until` settles. */
async function visits(url, until, every) {
  const times = [];
  const pending = [];
  let done = false;
  until.then(() => (done = true));
  while (!done) {
    const t = performance.now();
    pending.push(
      fetch(url, { headers: { "accept-encoding": "gzip, deflate, br" } })
        .then((res) => res.arrayBuffer())
        .then(() => times.push(performance.now() - t)),
    );
    await sleep(every);
  }
  await Promise.all(pending);
  return times;
}

/**
 * ROUNDS rounds of BURST sign-ins sent at the same moment (each from its own address, unknown e-mails),
 * while visitors ask for `pageUrl`; the same visitors for as long without sign-ins give the idle figure.
 */
export async function burst(signInBase, pageUrl, every) {
  for (let i = 0; i < 50; i++) await fetch(pageUrl).then((r) => r.arrayBuffer()); // warm up
  const idle = [];
  const during = [];
  const statuses = {};
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const answered = Promise.all(Array.from({ length: BURST }, () => signIn(signInBase)));
    during.push(...(await visits(pageUrl, answered, every)));
    for (const s of await answered) statuses[s] = (statuses[s] ?? 0) + 1;
    const took = performance.now() - started;
    await sleep(300);
    idle.push(...(await visits(pageUrl, sleep(Math.min(took, 3000)), every)));
  }
  idle.sort((a, b) => a - b);
  during.sort((a, b) => a - b);
  return { idle, during, statuses };
}

const ms = (v) => `${v.toFixed(1)} ms`;
const answers = (statuses) =>
  Object.entries(statuses)
    .map(([s, n]) => `${n}x ${s}`)
    .join(", ");

/** The whole report, on servers of its own (with the probe) started from `buildDir`. */
export async function burstReport(dir, buildDir) {
  const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-probe-"));
  const env = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${PROBE}`.trim(), BENCH_PROBE_DIR: probeDir };
  const cached = { ...(await startApp(dir, buildDir, "burst", env)), probeDir };
  const plain = { ...(await startApp(dir, buildDir, "burst-nocache", { ...env, PAGE_CACHE_MB: "0" })), probeDir };
  try {
    const cost = await mainThreadCosts(cached);
    console.log(
      `\nmain thread per request, one at a time, mean of ${COST_REQUESTS} (bcrypt cost ${process.env.BCRYPT_COST ?? 12} runs in worker threads, not here):` +
        `\nCPU; wall time in SQLite (fsync and lock waits included, its CPU part in the first figure); commits (one fsync each)`,
    );
    const line = (name, r) =>
      console.log(`  ${name.padEnd(42)} ${ms(r.cpuMs)} CPU; ${ms(r.sqliteMs)} in SQLite; ${r.commits.toFixed(1)} commits (${answers(r.statuses)})`);
    line("failed sign-in, no JavaScript (page)", cost.signInPage);
    line("failed sign-in, with JavaScript (data)", cost.signInData);
    for (const [step, r] of Object.entries(cost.steps)) line(`registration step ${step}${step === "3" ? " (e-mail, password)" : ""}`, r);
    for (const [name, server, page, every] of ROUNDS > 0 ? [
      ["home, cached", cached, cached.url + "/", VISIT_EVERY_MS.cached],
      ["home, not cached", plain, plain.url + "/", VISIT_EVERY_MS.rendered],
    ] : []) {
      const r = await burst(server.url, page, every);
      const ratio = pct(r.during, 99) / pct(r.idle, 99);
      console.log(
        `burst, ${name}: p99 idle ${ms(pct(r.idle, 99))}, during ${BURST} sign-ins at once ${ms(pct(r.during, 99))} ` +
          `(p50 ${ms(pct(r.idle, 50))} / ${ms(pct(r.during, 50))}, max ${ms(r.during.at(-1))}; a visitor every ${every} ms, ${ROUNDS} rounds, ` +
          `${r.during.length} visits during, sign-ins answered ${answers(r.statuses)})`,
      );
      console.log(`burst p99 / idle p99, ${name} = ${ratio.toFixed(2)}x (goal: under 3x)`);
    }
  } finally {
    cached.stop();
    plain.stop();
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = tempDir();
  try {
    const buildDir = process.env.BENCH_BUILD_DIR ? path.resolve(process.env.BENCH_BUILD_DIR) : buildApp(dir);
    await burstReport(dir, buildDir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
