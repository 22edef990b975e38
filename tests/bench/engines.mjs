// The two engines side by side (docs/decisions/033-two-engines.md): the home page without the page cache and a
// sign-in-heavy mix, on SQLite and on PostgreSQL (reached over its unix socket), served by one app server and by
// two. Each app server is its own supervisor with one worker (WEB_CONCURRENCY=1) on a port of its own; with two,
// the load client deals its connections to both in turn. Two SQLite servers share one file (WAL), two
// PostgreSQL servers one database. Both databases are seeded alike (SEED_DEMO=1, as the rest of `npm run bench`)
// and get the same members. PostgreSQL runs with fsync and synchronous commit on, as SQLite's FULL does.
//
// The sign-in mix: each virtual visitor, in a loop, opens /login, signs in as a member (the next of
// MEMBERS, with an address of its own, at BCRYPT_COST: 12, the production cost, unless set), opens
// /client-welcome three times and signs out (POST /logout): six requests, one password check. A mix run
// is a number of such visits, not a time: it ends when the last answer arrives, so no password check it
// asked for is still queued in a server when the next run starts.
//
// Figures only: the goals (PostgreSQL's uncached home at least 0.8x SQLite's; two servers at least 1.6x one)
// are printed met / not met, never a failure. The CPU each run used is printed beside it, the load client's own
// included: on a 2-core box it takes part of what the servers could have. Part of `npm run bench`
// (BENCH_ENGINES=0 skips it); alone: `node tests/bench/engines.mjs` (BENCH_BUILD_DIR to reuse a build).
// BENCH_SECONDS (5) per home run, BENCH_ROUNDS (3), BENCH_CONNECTIONS (20) for the home page; BENCH_MIX_USERS
// (8: enough to keep each server's one hashing thread busy, and within its queue of 16, so no 503 busy) and
// BENCH_MIX_VISITS (3 visits per visitor and run) for the mix.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { postgresBinDir, startPostgres } from "../support/postgres.mjs";
import { buildApp, load, median, ROOT, startApp, tempDir } from "./servers.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MIX_USERS = Number(process.env.BENCH_MIX_USERS ?? 8);
const MIX_VISITS = Number(process.env.BENCH_MIX_VISITS ?? 3);
const MEMBERS = 16;
const MEMBER_PAGES = 3;
/** Requests per visit: the sign-in page, the sign-in, the member pages, the sign-out. */
const VISIT_STEPS = MEMBER_PAGES + 3;
const PASSWORD = "Bench-Passw0rd-1";
const COST = process.env.BCRYPT_COST ?? "12";
const GOAL_ENGINES = 0.8;
const GOAL_SERVERS = 1.6;

/** The CPU seconds a process and its descendants have used (threads included; children it reaped too). */
function treeCpuSeconds(rootPid) {
  const pids = [rootPid];
  let ticks = 0;
  for (let i = 0; i < pids.length; i++) {
    const pid = pids[i];
    try {
      // The fields after the command's closing parenthesis: utime, stime, cutime, cstime are 14 to 17.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
        const children = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim();
        if (children) pids.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      /* ended meanwhile */
    }
  }
  return ticks / 100; // USER_HZ
}

/** The CPU seconds the whole machine has been busy (all processes, this one and other sessions' too). */
function boxBusySeconds() {
  // cpu  user nice system idle iowait irq softirq steal …: all but idle and iowait is busy.
  const ticks = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return ticks.filter((_, i) => i !== 3 && i !== 4).reduce((sum, t) => sum + t, 0) / 100;
}

/** This process's CPU seconds, with its ended children's: the wrk processes a plain run starts (tests/bench/servers.mjs). */
const clientCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return (user + system) / 1e6 + (Number(fields[13]) + Number(fields[14])) / 100;
};

/**
 * A run of `work` with the CPU each side used, in cores (CPU seconds per second): the load client (this
 * process), the app servers, PostgreSQL.
 */
async function measured(config, work) {
  const cpu = () => ({
    client: clientCpuSeconds(),
    app: config.servers.reduce((sum, s) => sum + treeCpuSeconds(s.pid), 0),
    db: config.dbPid ? treeCpuSeconds(config.dbPid) : 0,
    box: boxBusySeconds(),
  });
  const before = cpu();
  const started = performance.now();
  const result = await work();
  const wall = (performance.now() - started) / 1000;
  const after = cpu();
  const cores = Object.fromEntries(Object.keys(before).map((k) => [k, (after[k] - before[k]) / wall]));
  return { ...result, cores, appCpuSeconds: after.app - before.app, answered: Object.values(result.statuses).reduce((a, b) => a + b, 0) };
}

/** The address a member signs in from (X-Forwarded-For is trusted from loopback): one per member, as people have. */
const addressOf = (member) => `10.77.${member >> 8}.${member & 255}`;

/** Keeps the cookies an answer sets (and forgets those it clears) in the visitor's context. */
function keepCookies(context, headers) {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== "set-cookie") continue;
    for (const line of [value].flat()) {
      const pair = line.split(";")[0];
      const at = pair.indexOf("=");
      const key = pair.slice(0, at).trim();
      const cleared = at < 0 || pair.slice(at + 1) === "" || /max-age=0\b|expires=thu, 01 jan 1970/i.test(line);
      if (cleared) delete context.cookies[key];
      else context.cookies[key] = pair.slice(at + 1);
    }
  }
}

const cookieHeader = (context) =>
  Object.entries(context.cookies ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");

/**
 * The sign-in mix as autocannon's request sequence (each connection walks it in a loop, its context reset at
 * each start). `tally` counts the answers by step and status, so a mix that stopped signing in shows.
 */
function signInMix(tally) {
  let nextMember = 0;
  const count = (step, status) => {
    const key = `${step} ${status}`;
    tally[key] = (tally[key] ?? 0) + 1;
  };
  const step = (name, method, pathname, extra = {}) => ({
    method,
    path: pathname,
    setupRequest: (req, context) => {
      if (name === "sign-in page") {
        context.member = nextMember++ % MEMBERS;
        context.cookies = {};
      }
      const headers = { ...req.headers, "x-forwarded-for": addressOf(context.member) };
      const cookie = cookieHeader(context);
      if (cookie) headers.cookie = cookie;
      if (method === "POST") headers["content-type"] = "application/x-www-form-urlencoded";
      const body = extra.body?.(context);
      return { ...req, headers, ...(body ? { body } : {}) };
    },
    onResponse: (status, _body, context, headers) => {
      count(name, status);
      keepCookies(context, headers);
    },
  });
  return [
    step("sign-in page", "GET", "/login"),
    step("sign-in", "POST", "/login", {
      body: (context) => new URLSearchParams({ email: `bench-member-${context.member}@bench.example`, password: PASSWORD }).toString(),
    }),
    ...Array.from({ length: MEMBER_PAGES }, () => step("member page", "GET", "/client-welcome")),
    step("sign-out", "POST", "/logout"),
  ];
}

/** Creates the members in the database `env` names, with the app's own account code (tests/bench/members.mjs). */
function createMembers(env) {
  execFileSync(process.execPath, ["--import", "tsx", path.join(ROOT, "tests/bench/members.mjs"), String(MEMBERS), PASSWORD], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const round1 = (v) => Math.round(v);
const fixed = (v) => Number(v.toFixed(1));

/** The whole report, on servers of its own started from `buildDir`. */
export async function enginesReport(dir, buildDir) {
  const common = { PAGE_CACHE_MB: "0", SEED_DEMO: "1", BCRYPT_COST: COST };
  const started = [];
  let postgres;
  try {
    // SQLite: two servers on one data folder. The first seeds it; the members go in once it is up.
    const sqliteData = { DATA_DIR: path.join(dir, "engines-sqlite"), UPLOADS_DIR: path.join(dir, "engines-sqlite-uploads"), DATABASE_URL: "" };
    const sqliteEnv = { ...common, ...sqliteData };
    const sqliteA = await startApp(dir, buildDir, "engines-sqlite-a", sqliteEnv);
    started.push(sqliteA);
    const sqliteB = await startApp(dir, buildDir, "engines-sqlite-b", sqliteEnv);
    started.push(sqliteB);
    createMembers(sqliteEnv);

    // PostgreSQL: its unix socket, one database for both servers, the same secret on both (docs/decisions/033).
    postgres = await startPostgres({ fast: false });
    const socketUrl = `postgres://postgres@/wealthmatch?host=${encodeURIComponent(postgres.socketDir)}&port=${postgres.port}`;
    const postgresEnv = {
      ...common,
      DATABASE_URL: socketUrl,
      SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
      TWO_FACTOR_KEY: crypto.randomBytes(32).toString("hex"),
      DATA_DIR: path.join(dir, "engines-postgres"),
      UPLOADS_DIR: path.join(dir, "engines-postgres-uploads"),
    };
    const postgresA = await startApp(dir, buildDir, "engines-postgres-a", postgresEnv);
    started.push(postgresA);
    const postgresB = await startApp(dir, buildDir, "engines-postgres-b", postgresEnv);
    started.push(postgresB);
    createMembers(postgresEnv);
    const postmaster = Number(fs.readFileSync(path.join(postgres.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);

    const configs = [
      { engine: "sqlite", servers: [sqliteA] },
      { engine: "sqlite", servers: [sqliteA, sqliteB] },
      { engine: "postgres", servers: [postgresA], dbPid: postmaster },
      { engine: "postgres", servers: [postgresA, postgresB], dbPid: postmaster },
    ].map((c) => ({ ...c, urls: c.servers.map((s) => s.url), home: [], mix: [], tally: {} }));

    // A warm-up of each configuration (its home page must answer 200), so no run times a cold start.
    for (const c of configs) {
      for (const url of c.urls) {
        const res = await fetch(url + "/");
        if (res.status !== 200) throw new Error(`${url}/ answered ${res.status}`);
      }
      await load(c.urls, { seconds: 1, connections: 4 });
      const visitors = Math.min(4, MIX_USERS);
      await load(c.urls, { connections: visitors, amount: visitors * VISIT_STEPS, requests: signInMix({}), timeout: 120 });
    }

    const loadBefore = os.loadavg();
    for (let round = 1; round <= ROUNDS; round++) {
      // The configurations turn about within each round, so whatever else the machine does weighs on all alike.
      for (const c of configs) {
        c.home.push(await measured(c, () => load(c.urls, { seconds: SECONDS, connections: CONNECTIONS })));
        c.mix.push(
          await measured(c, () =>
            load(c.urls, { connections: MIX_USERS, amount: MIX_USERS * VISIT_STEPS * MIX_VISITS, requests: signInMix(c.tally), timeout: 120 }),
          ),
        );
      }
      console.log(`engines: round ${round} of ${ROUNDS} done`);
    }
    const loadAfter = os.loadavg();

    const med = (runs, key) => median(runs.map((r) => r[key]));
    const rps = (engine, servers, kind) => med(configs.find((c) => c.engine === engine && c.servers.length === servers)[kind], "perSecond");
    console.log(
      `\nengines: ${os.cpus().length} cores, Node ${process.version}, median of ${ROUNDS} rounds; uncached home: ${CONNECTIONS} connections, ${SECONDS} s; ` +
        `sign-in mix: ${MIX_USERS} visitors, ${MIX_VISITS} visits each (${VISIT_STEPS} requests a visit), bcrypt cost ${COST}; PostgreSQL ${path.basename(path.dirname(postgresBinDir()))} over its unix socket` +
        `\nload average (1 min) ${loadBefore[0].toFixed(2)} before the runs, ${loadAfter[0].toFixed(2)} after`,
    );
    console.table(
      configs.map((c) => ({
        engine: c.engine,
        servers: c.servers.length,
        "uncached home req/s": round1(med(c.home, "perSecond")),
        "p95 ms": round1(med(c.home, "p95")),
        "sign-in mix req/s": fixed(med(c.mix, "perSecond")),
        "p95 ms ": round1(med(c.mix, "p95")),
      })),
    );
    // The medians hide how much the rounds differed: on a shared box, often a lot.
    for (const c of configs) {
      const rounds = (runs) => runs.map((r) => Math.round(r.perSecond)).join(" / ");
      console.log(`  ${c.engine} x${c.servers.length} by round: uncached home ${rounds(c.home)} req/s; sign-in mix ${rounds(c.mix)} req/s`);
    }
    const verdict = (ratio, goal) => `${ratio.toFixed(2)}x (goal: at least ${goal}x, ${ratio >= goal ? "met" : "not met"})`;
    console.log(`postgres / sqlite, uncached home, 1 server: ${verdict(rps("postgres", 1, "home") / rps("sqlite", 1, "home"), GOAL_ENGINES)}`);
    for (const engine of ["sqlite", "postgres"]) {
      // Within a round one server's run and two servers' follow each other: their ratio compares them under
      // the same load of the shared machine, which the medians of the whole run do not.
      const one = configs.find((c) => c.engine === engine && c.servers.length === 1).home;
      const two = configs.find((c) => c.engine === engine && c.servers.length === 2).home;
      const paired = two.map((r, i) => r.perSecond / one[i].perSecond);
      console.log(
        `2 servers / 1 server, uncached home, ${engine}: ${verdict(rps(engine, 2, "home") / rps(engine, 1, "home"), GOAL_SERVERS)}` +
          ` of the medians; by round ${paired.map((x) => x.toFixed(2)).join(", ")}, median ${median(paired).toFixed(2)}x` +
          `; sign-in mix: ${(rps(engine, 2, "mix") / rps(engine, 1, "mix")).toFixed(2)}x`,
      );
    }

    // Where the CPU went: in cores, the mean over the rounds (2 is the whole box); other processes are the
    // machine's busy time less ours (other sessions' work, the kernel's).
    const mean = (runs, key) => runs.reduce((sum, r) => sum + r.cores[key], 0) / runs.length;
    const perAppCpuSecond = (runs) => runs.reduce((n, r) => n + r.answered, 0) / runs.reduce((t, r) => t + r.appCpuSeconds, 0);
    console.log("CPU used during the runs, in cores (mean of the rounds; the box has 2), and answers per CPU second of the app servers:");
    console.table(
      configs.flatMap((c) =>
        [["uncached home", c.home], ["sign-in mix", c.mix]].map(([run, runs]) => ({
          engine: c.engine,
          servers: c.servers.length,
          run,
          "load client": mean(runs, "client").toFixed(2),
          "app servers": mean(runs, "app").toFixed(2),
          postgres: c.dbPid ? mean(runs, "db").toFixed(2) : "-",
          "other processes": Math.max(0, mean(runs, "box") - mean(runs, "client") - mean(runs, "app") - mean(runs, "db")).toFixed(2),
          "answers / app CPU s": Math.round(perAppCpuSecond(runs)),
          errors: runs.reduce((n, r) => n + Object.entries(r.statuses).filter(([s]) => Number(s) >= 400 || s === "4xx/5xx").reduce((m, [, k]) => m + k, 0), 0),
        })),
      ),
    );
    for (const c of configs) {
      const answers = Object.entries(c.tally)
        .map(([key, n]) => `${key}: ${n}`)
        .join(", ");
      console.log(`sign-in mix answers, ${c.engine} x${c.servers.length}: ${answers}`);
    }
  } finally {
    for (const s of started) s.stop();
    postgres?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = tempDir();
  try {
    const buildDir = process.env.BENCH_BUILD_DIR ? path.resolve(process.env.BENCH_BUILD_DIR) : buildApp(dir);
    await enginesReport(dir, buildDir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
