// `npm run bench`: how fast the production build serves its public pages, side by side in one run with the
// React Router template's page and a static file (../shared/bench), as ratios (median of three rounds), and
// beside the cached home, a bare node:http server sending its very bytes (tests/bench/same-bytes-server.mjs);
// p99s, memory, the first load's JavaScript and Lighthouse mobile scores; then SQLite against PostgreSQL
// with one app server and two (tests/bench/engines.mjs). Figures only: it never fails on a timing.
// BENCH_SECONDS (5) per load run, BENCH_ROUNDS (3), BENCH_LIGHTHOUSE=0, BENCH_STORM=0, BENCH_BURST=0 and
// BENCH_ENGINES=0 skip parts.
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { buildApp, LOAD_CLIENT, load, median, rssMb, startApp, startSameBytes, startStatic, startTemplate, tempDir } from "./servers.mjs";
import { firstLoadJs } from "./first-load.mjs";
import { burstReport } from "./burst.mjs";
import { enginesReport } from "./engines.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// The home page while 40 sign-ins run at once (docs/decisions/012-password-hashing-pool.md): bcrypt
// at the production cost runs in worker threads, so pages keep being served. Each sign-in client
// posts, and posts again when answered (after Retry-After when told 503 busy, as a person would), with an unknown
// e-mail from its own address (X-Forwarded-For is trusted from loopback), so no rate limit stops it.
const STORM = Number(process.env.BENCH_STORM ?? 40);
const HOME_REQUESTS = Number(process.env.BENCH_HOME_REQUESTS ?? 300);
const HOME_CONCURRENCY = 2;

async function homeLatencies(base) {
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

async function storm(base, stop) {
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

// Lighthouse is fetched when the benchmark runs (npx), not installed with the project: one of its
// dependencies asks for another at "latest", which no lock file can hold still.
const LIGHTHOUSE = "lighthouse@12.8.2"; // the newest that runs on Node 20

// Lighthouse's own advice for its run-to-run variance: the median of several runs.
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

function lighthouseScores(base, paths) {
  const scores = {};
  for (const p of paths) {
    const runs = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) runs.push(lighthouseScore(base + p));
    const numbers = runs.filter((s) => typeof s === "number");
    scores[p] = { median: numbers.length ? median(numbers) : "failed", runs };
  }
  return scores;
}

function lighthouseScore(url) {
  // Lighthouse now and then fails to record a trace (NO_NAVSTART): try again before giving up.
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const out = execFileSync(
        "npx",
        ["--yes", LIGHTHOUSE, url, "--only-categories=performance", "--output=json", "--quiet",
          "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync"],
        { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "ignore"] },
      );
      return Math.round((JSON.parse(out.toString()).categories.performance.score ?? 0) * 100);
    } catch {
      /* try again */
    }
  }
  return "failed";
}

const tmp = tempDir();
const servers = [];
try {
  console.log("building the app and the template…");
  const buildDir = buildApp(tmp);
  const app = await startApp(tmp, buildDir, "cache");
  const plain = await startApp(tmp, buildDir, "nocache", { PAGE_CACHE_MB: "0" });
  const template = await startTemplate();
  servers.push(app, plain, template);
  const templateHtml = await (await fetch(template.url + "/")).text();
  const staticFile = await startStatic(tmp, templateHtml);
  servers.push(staticFile);
  const sameBytes = await startSameBytes(app.url + "/");
  servers.push(sameBytes);

  const blogHtml = await (await fetch(app.url + "/blog")).text();
  const post = /href="(\/blog\/[a-z0-9-]+)"/.exec(blogHtml)?.[1] ?? "/blog";
  const targets = [
    ["static file (anchor)", staticFile.url + "/"],
    ["RR7 template page (anchor)", template.url + "/"],
    ["home, cached", app.url + "/"],
    ["its bytes, bare node:http (anchor)", sameBytes.url + "/"],
    ["home, not cached", plain.url + "/"],
    [`post, cached`, app.url + post],
    [`post, not cached`, plain.url + post],
    ["/blog, cached", app.url + "/blog"],
    ["/blog, not cached", plain.url + "/blog"],
  ];
  for (const [, url] of targets) await load(url, { seconds: 1, connections: 4 }); // warm up

  const runs = new Map(targets.map(([name]) => [name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, url] of targets) runs.get(name).push(await load(url, { seconds: SECONDS, connections: CONNECTIONS }));
    console.log(`round ${round} of ${ROUNDS} done`);
  }
  const rps = (name) => median(runs.get(name).map((r) => r.rps));
  const staticRps = rps(targets[0][0]);
  const templateRps = rps(targets[1][0]);
  console.log(`\n${LOAD_CLIENT}, ${CONNECTIONS} connections, ${SECONDS} s per run, median of ${ROUNDS} rounds, ${os.cpus().length} cores, Node ${process.version}`);
  console.table(
    targets.map(([name]) => ({
      page: name,
      "req/s": Math.round(rps(name)),
      "p99 ms": median(runs.get(name).map((r) => r.p99)),
      "x template": (rps(name) / templateRps).toFixed(2),
      "x static": (rps(name) / staticRps).toFixed(3),
      errors: runs.get(name).reduce((n, r) => n + r.errors, 0),
    })),
  );
  console.log(`post: ${post}`);
  console.log(
    `home, cached / the same status, headers and body from a bare node:http server: ${(rps("home, cached") / rps("its bytes, bare node:http (anchor)")).toFixed(2)}x` +
      " (what the page cache adds on top of sending the page; the static file anchor sends the template's smaller page)",
  );
  console.log(`RSS after the runs: app ${rssMb(app.pid).toFixed(0)} MB (cache on), ${rssMb(plain.pid).toFixed(0)} MB (cache off)`);

  const js = firstLoadJs(path.join(buildDir, "client"), "routes/home");
  console.log(`first load of /: ${(js.total / 1024).toFixed(1)} KB of JavaScript (gzip), ${js.files.length} files (goal: at most 120 KB)`);

  if (process.env.BENCH_LIGHTHOUSE !== "0") {
    const scores = lighthouseScores(app.url, ["/", "/blog", "/register", "/login"]);
    console.log(
      `Lighthouse mobile performance, median of ${LIGHTHOUSE_RUNS} runs: ${Object.entries(scores)
        .map(([p, s]) => `${p} ${s.median} (${s.runs.join(", ")})`)
        .join("; ")} (goal: 98)`,
    );
  }

  if (process.env.BENCH_STORM !== "0") {
    const base = plain.url;
    const idle = await homeLatencies(base);
    const stop = { done: false };
    const storming = storm(base, stop);
    await new Promise((r) => setTimeout(r, 500)); // let the storm fill the pool
    const during = await homeLatencies(base);
    stop.done = true;
    const counts = await storming;
    const ratio = pct(during, 99) / pct(idle, 99);
    console.log(`home (not cached) idle:  p50 ${ms(pct(idle, 50))}, p99 ${ms(pct(idle, 99))} (${HOME_REQUESTS} requests, ${HOME_CONCURRENCY} at a time)`);
    console.log(`home (not cached) storm: p50 ${ms(pct(during, 50))}, p99 ${ms(pct(during, 99))} during ${STORM} parallel sign-ins (bcrypt cost ${process.env.BCRYPT_COST ?? 12}: ${counts.signIns} checked, ${counts.busy} answered 503 busy${Object.entries(counts.other).map(([status, n]) => `, ${n} answered ${status}`).join("")})`);
    console.log(`storm p99 / idle p99 = ${ratio.toFixed(2)}x (goal: under 3x)`);
  }

  // The storm above paces itself (each client waits for its answer); a burst does not (tests/bench/burst.mjs).
  if (process.env.BENCH_BURST !== "0") await burstReport(tmp, buildDir);

  // The uncached home page and a sign-in mix on SQLite and on PostgreSQL, one app server and two (tests/bench/engines.mjs).
  if (process.env.BENCH_ENGINES !== "0") await enginesReport(tmp, buildDir);
} finally {
  for (const s of servers) s.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
