// `npm run soak`: mixed traffic against the production server (`node --import tsx server.ts`, supervised workers) for
// SOAK_SECONDS (600): anonymous pages, junk query strings, sign-ins with wrong passwords, contact posts,
// admin uploads cut off at random points, and every SOAK_RACE_SECONDS (20) a booking race: 16 clients post
// the same time with one professional at once (tests/bench/booking-race.mjs). It prints the answers by kind
// and status (503s by cause), latency, the races, each worker's resident memory, restarts and, after the
// server stopped, `PRAGMA integrity_check`. It exits 1 when an answer was a 5xx other than 503, a 503 was
// not a busy sign-in (the hashing pool full, Retry-After), a race did not end in exactly one booking with
// every other client told the time was just taken, the site stopped answering, or integrity is not ok.
// RSS (under 250 MB per worker is the goal) is printed, not judged: the machine may be shared.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import { buildApp, freePort, ROOT, rssMb, tempDir, waitUp } from "./servers.mjs";
import { race, RACERS, raceSetup, signInRacers, TAKEN } from "./booking-race.mjs";
import { spawn } from "node:child_process";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 8);
const RACE_SECONDS = Number(process.env.SOAK_RACE_SECONDS ?? 20);
const ADMIN = { email: "soak-admin@bench.example", password: "Soak-Passw0rd-1" };
const RACER_PASSWORD = "Soak-Racer-Passw0rd-1";

const dir = tempDir();
const buildDir = process.env.SOAK_BUILD_DIR ?? buildApp(dir);
const dataDir = path.join(dir, "data");
const env = {
  ...process.env,
  NODE_ENV: "production",
  BUILD_DIR: buildDir,
  DATA_DIR: dataDir,
  UPLOADS_DIR: path.join(dir, "uploads"),
  HOST: "127.0.0.1",
  SEED_DEMO: "1",
  // Two workers at least, each with its own connection to the one SQLite file: the races need writers that meet.
  WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "2",
};
execFileSync(process.execPath, ["--import", "tsx", "app/cli/user-create.ts", "--email", ADMIN.email, "--password", ADMIN.password, "--role", "admin", "--name", "Soak Admin"], {
  cwd: ROOT,
  env,
  stdio: "ignore",
});

const port = freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server.ts")], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
let serverLog = "";
server.stdout.on("data", (d) => (serverLog += d));
server.stderr.on("data", (d) => (serverLog += d));
await waitUp(`${base}/robots.txt`);

/** The supervisor's children: the workers serving requests. */
function workerPids() {
  try {
    return fs.readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

// What a 503 says tells its cause. A full hashing pool on a sign-in: BUSY_MESSAGE with Retry-After
// BUSY_RETRY_AFTER_SECONDS (app/platform/password.server.ts). A write the storage refused (a lock held too
// long, a full disk): the "not saved" texts (app/platform/storage-failure.server.ts, http/not-saved.server.ts,
// ui/error-texts.ts, contact's errorBody), Retry-After 30 where the answer sets its own.
const BUSY_MESSAGE = "The service is busy. Please try again in a moment.";
const BUSY_RETRY_AFTER = "5";
const STORAGE_TEXTS = ["We could not save", "We could not sign you in just now", "Failed to send message"];
const SIGN_INS = new Set(["sign-in", "race sign-in"]);
const CAUSES = { busy: "busy sign-in (hashing room, Retry-After)", storage: "storage/lock", other: "other" };
function cause503(kind, retryAfter, body) {
  if (STORAGE_TEXTS.some((text) => body.includes(text))) return "storage";
  if (SIGN_INS.has(kind) && retryAfter === BUSY_RETRY_AFTER && body.includes(BUSY_MESSAGE)) return "busy";
  return "other";
}

const counts = new Map();
const latencies = new Map();
const by503 = { busy: 0, storage: 0, other: 0 };
let serverErrors = 0;
/** Counts one answer; a 503's cause is read from its Retry-After and body. */
function record(kind, status, ms, answer = {}) {
  let label = status;
  if (status === 503) {
    const cause = cause503(kind, answer.retryAfter, answer.body ?? "");
    by503[cause]++;
    label = `503 ${CAUSES[cause]}`;
  } else if (typeof status === "number" && status >= 500) serverErrors++;
  const key = `${kind} ${label}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  if (!latencies.has(kind)) latencies.set(kind, []);
  latencies.get(kind).push(ms);
}
/** record() for an answer of booking-race.mjs's request(). */
const note = (kind, answer, ms) => record(kind, answer.status, ms, { retryAfter: answer.headers["retry-after"], body: answer.body });

async function timed(kind, url, init = {}) {
  const started = performance.now();
  try {
    const res = await fetch(url, { redirect: "manual", ...init });
    const body = res.status === 503 ? await res.text() : (await res.arrayBuffer(), "");
    record(kind, res.status, performance.now() - started, { retryAfter: res.headers.get("retry-after"), body });
    return res;
  } catch (error) {
    record(kind, `error ${error.cause?.code ?? error.message}`, performance.now() - started);
    return undefined;
  }
}

const pick = (items) => items[Math.floor(Math.random() * items.length)];
const junk = (n) => crypto.randomBytes(n).toString("base64url");
const address = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

const db = new Database(path.join(dataDir, "app.db"), { readonly: true });
const slugs = db.prepare("SELECT slug FROM blog_posts WHERE published = 1").pluck().all();
db.close();
const PAGES = ["/", "/about", "/services", "/professionals", "/matching", "/blog", "/contact", "/login", "/register", ...slugs.map((s) => `/blog/${s}`)];

async function signInAdmin() {
  const res = await fetch(`${base}/login`, { method: "POST", redirect: "manual", body: new URLSearchParams(ADMIN), headers: { "x-forwarded-for": address() } });
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (!/wm_session=/.test(cookie)) throw new Error(`the soak's admin could not sign in (${res.status})`);
  return cookie;
}
const adminCookie = await signInAdmin();

// The races' people, written before the traffic starts (no outside write holds the lock during the soak):
// one race every RACE_SECONDS, the first half-way into the first period.
const RACES = Math.max(1, Math.ceil((SECONDS - RACE_SECONDS / 2) / RACE_SECONDS));
const raceCast = raceSetup(path.join(dataDir, "app.db"), RACES, RACER_PASSWORD);
const racers = await signInRacers(base, raceCast.clients, RACER_PASSWORD, note);

/** What each race ended in; `ok` is the issue's bar: one booking, every other client told "just taken", no 5xx. */
const races = [];
async function runRace(n, at) {
  const professional = raceCast.professionals[n];
  const result = await race(base, path.join(dataDir, "app.db"), racers, professional, note);
  const tally = { booked: 0, taken: 0, busy503: 0, storage503: 0, other503: 0, fiveHundreds: 0, other: 0 };
  const winners = [];
  for (const [i, answer] of result.answers.entries()) {
    if ([302, 303].includes(answer.status) && answer.headers.location === `/introductions/${professional.introductions[i]}/call`) {
      tally.booked++;
      winners.push(professional.introductions[i]);
    } else if (answer.status === 409 && answer.body.includes(TAKEN)) tally.taken++;
    else if (answer.status === 503) tally[`${cause503("race booking", answer.headers["retry-after"], answer.body)}503`]++;
    else if (typeof answer.status === "number" && answer.status >= 500) tally.fiveHundreds++;
    else tally.other++;
  }
  // The database is the judge: exactly one row at that time, the winner's.
  const oneBooking =
    result.bookings.length === 1 && winners.length === 1 && result.bookings[0].introductionId === winners[0] && result.bookings[0].startsAt === Date.parse(result.slot);
  const ok = !result.problem && oneBooking && tally.taken === RACERS - 1;
  races.push({ ...tally, oneBooking, ok, rows: result.bookings.length, problem: result.problem });
  console.log(
    `  race ${n + 1} at ${at} s: ${result.bookings.length} booking${result.bookings.length === 1 ? "" : "s"} in the database, ${tally.booked} booked, ${tally.taken} taken, ` +
      `503 ${tally.busy503 + tally.storage503 + tally.other503}, 5xx ${tally.fiveHundreds}, other ${tally.other}` +
      `${result.ms ? `, ${result.ms.toFixed(0)} ms` : ""}${result.problem ? ` (${result.problem})` : ""}${ok ? "" : " NOT OK"}`,
  );
}

async function contactPost() {
  const ip = address();
  const started = performance.now();
  const page = await fetch(`${base}/contact`, { headers: { "x-forwarded-for": ip } }).catch(() => undefined);
  const html = page ? await page.text().catch(() => "") : "";
  record("contact page", page?.status ?? "error", performance.now() - started);
  if (!page) return;
  const fields = {};
  for (const tag of html.match(/<input[^>]*>/g) ?? []) {
    const name = /\sname="([^"]+)"/.exec(tag)?.[1];
    if (name && ["csrf", "name__confirm", "from__confirm"].includes(name)) fields[name] = (/\svalue="([^"]*)"/.exec(tag)?.[1] ?? "").replace(/&amp;/g, "&");
  }
  // The token's cookie comes with the page that carries the token.
  const cookie = page.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const body = new URLSearchParams({
    ...fields,
    firstName: "Soak",
    lastName: "Visitor",
    email: `soak-${junk(6)}@bench.example`,
    inquiryType: "client",
    message: `A question about estate planning for my family, number ${junk(8)}.`,
  });
  await timed("contact post", `${base}/contact`, { method: "POST", body, headers: { cookie, origin: base, "x-forwarded-for": ip } });
}

/** An admin's image upload, declared 8 MB, of which a random part is sent before the connection drops. */
function abortedUpload() {
  return new Promise((resolve) => {
    const boundary = `----soak${junk(8)}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="featuredImage"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const total = 8 * 1024 * 1024;
    const send = crypto.randomInt(1024, total);
    const target = pick(["/admin/blog/new", "/admin/professionals/new"]);
    const field = target.includes("professionals") ? "profileImage" : "featuredImage";
    const socket = net.connect(port, "127.0.0.1");
    const started = performance.now();
    let sent = 0;
    const done = (status, text = "") => {
      socket.destroy();
      record("aborted upload", status, performance.now() - started, { retryAfter: /\r\nRetry-After: *(\d+)/i.exec(text)?.[1], body: text });
      resolve();
    };
    socket.on("error", () => done("reset"));
    socket.on("data", (chunk) => {
      const text = chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      done(status ? Number(status) : "answered", text);
    });
    socket.on("connect", () => {
      socket.write(
        `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${adminCookie}\r\nOrigin: ${base}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + total}\r\n\r\n`,
      );
      socket.write(Buffer.from(head.toString().replace("featuredImage", field)));
      socket.write(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const chunk = crypto.randomBytes(64 * 1024);
      const pump = () => {
        while (sent < send) {
          sent += chunk.length;
          if (!socket.write(chunk)) return socket.once("drain", pump);
        }
        // Cut off mid-file: the connection goes without the rest of the body.
        done("cut off");
      };
      pump();
    });
  });
}

const ACTIONS = [
  [45, () => timed("page", `${base}${pick(PAGES)}`)],
  [
    10,
    () =>
      timed(
        "junk query",
        `${base}${pick([`/_root.data?_routes=${junk(3000)}`, `/blog?page=${junk(4)}&page=x`, `/blog?category=${junk(6)}&category=b`, `/?utm_source=${junk(20)}`, `/blog/${junk(12)}`])}`,
      ),
  ],
  [
    20,
    () =>
      timed("sign-in", `${base}/login`, {
        method: "POST",
        body: new URLSearchParams({ email: Math.random() < 0.5 ? ADMIN.email : `nobody-${junk(6)}@bench.example`, password: "Wrong-Passw0rd-1" }),
        headers: { "x-forwarded-for": address() },
      }),
  ],
  [10, contactPost],
  [10, abortedUpload],
  [5, () => timed("admin page", `${base}${pick(["/admin", "/admin/blog", "/admin/submissions", "/admin/professionals"])}`, { headers: { cookie: adminCookie } })],
];
const weightTotal = ACTIONS.reduce((sum, [w]) => sum + w, 0);
function nextAction() {
  let r = Math.random() * weightTotal;
  for (const [w, action] of ACTIONS) if ((r -= w) < 0) return action;
  return ACTIONS[0][1];
}

const rss = new Map();
const seenWorkers = new Set();
const sampler = setInterval(() => {
  for (const pid of workerPids()) {
    seenWorkers.add(pid);
    try {
      rss.set(pid, Math.max(rss.get(pid) ?? 0, rssMb(pid)));
    } catch {
      /* gone */
    }
  }
}, 2000);

const startedAt = Date.now();
const deadline = startedAt + SECONDS * 1000;
const initialWorkers = workerPids();
console.log(`soak: ${SECONDS} s, ${CLIENTS} clients, ${initialWorkers.length} workers (pids ${initialWorkers.join(", ")})`);
let lastReport = startedAt;
async function raceLoop() {
  for (let n = 0; n < RACES; n++) {
    const due = startedAt + (RACE_SECONDS / 2 + n * RACE_SECONDS) * 1000;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    await runRace(n, Math.round((Date.now() - startedAt) / 1000));
  }
}
await Promise.all([
  raceLoop(),
  ...Array.from({ length: CLIENTS }, async () => {
    while (Date.now() < deadline) {
      await nextAction()();
      if (Date.now() - lastReport > 60_000) {
        lastReport = Date.now();
        const total = [...counts.values()].reduce((a, b) => a + b, 0);
        console.log(`  ${Math.round((Date.now() - startedAt) / 1000)} s: ${total} requests, workers ${workerPids().map((pid) => `${pid} ${rssMb(pid).toFixed(0)} MB`).join(", ")}`);
      }
    }
  }),
]);
clearInterval(sampler);

const after = await fetch(`${base}/`).then((r) => r.status, () => "no answer");
const finalWorkers = workerPids();
server.kill("SIGTERM");
const exitCode = await new Promise((resolve) => server.once("exit", (code, signal) => resolve(code ?? signal)));
const check = new Database(path.join(dataDir, "app.db"));
const integrity = check.pragma("integrity_check", { simple: true });
check.close();

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
console.log("answers (kind status: count):");
for (const [key, n] of [...counts].sort()) console.log(`  ${key}: ${n}`);
console.log("latency (ms, p50 / p99):");
for (const [kind, times] of latencies) {
  const sorted = times.sort((a, b) => a - b);
  console.log(`  ${kind}: ${pct(sorted, 50).toFixed(1)} / ${pct(sorted, 99).toFixed(1)} (${sorted.length})`);
}
console.log(`503 by cause: ${Object.entries(CAUSES).map(([cause, label]) => `${label} ${by503[cause]}`).join(", ")}`);
console.log(`5xx other than 503: ${serverErrors}`);
const sum = (key) => races.reduce((n, r) => n + r[key], 0);
console.log(
  `booking races (${RACERS} clients each): ${races.length} run, exactly one booking: ${races.map((r) => (r.oneBooking ? "yes" : `no (${r.rows})`)).join(" ")}; ` +
    `taken answers ${sum("taken")} of ${races.length * (RACERS - 1)}, 503s ${sum("busy503") + sum("storage503") + sum("other503")}, 5xx ${sum("fiveHundreds")}, other ${sum("other")}`,
);
console.log(`max RSS per worker (MB): ${[...rss].map(([pid, mb]) => `${pid}: ${mb.toFixed(0)}`).join(", ")}`);
console.log(`workers at start ${initialWorkers.length}, at end ${finalWorkers.length}, seen ${seenWorkers.size} (restarts: ${seenWorkers.size - initialWorkers.length})`);
const restartLines = serverLog.split("\n").filter((line) => /restart|exited|died/i.test(line));
console.log(`supervisor log lines about restarts: ${restartLines.length}${restartLines.length ? `\n  ${restartLines.slice(0, 5).join("\n  ")}` : ""}`);
console.log(`after the soak: GET / ${after}; server exit on SIGTERM: ${exitCode}; PRAGMA integrity_check: ${integrity}`);
const failures = [
  serverErrors && `${serverErrors} answers 5xx other than 503`,
  by503.storage && `${by503.storage} answers 503 storage/lock`,
  by503.other && `${by503.other} answers 503 for no known cause`,
  races.some((r) => !r.ok) && `${races.filter((r) => !r.ok).length} of ${races.length} races not one booking and ${RACERS - 1} "just taken"`,
  after !== 200 && `GET / after the soak answered ${after}`,
  integrity !== "ok" && `integrity_check: ${integrity}`,
].filter(Boolean);
console.log(failures.length ? `soak: FAILED: ${failures.join("; ")}` : "soak: passed (no 5xx but busy sign-ins, every race one booking)");
if (failures.length) process.exitCode = 1;
if (!process.env.SOAK_KEEP) fs.rmSync(dir, { recursive: true, force: true });
else console.log(`kept ${dir}`);
