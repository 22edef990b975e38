// `npm run bench:shortlist`: the client's shortlist page (/client-welcome with a released shortlist of 5
// full profiles) against the home page, both rendered uncached (PAGE_CACHE_MB=0) by one production server
// in the same run, as a ratio of requests a second (goal: at least 0.8x). Figures only: it never fails on a
// timing. BENCH_SECONDS (5) per run, BENCH_ROUNDS (3), BENCH_CONNECTIONS (10).
import { execFileSync } from "node:child_process";
import path from "node:path";
import crypto from "node:crypto";
import { ROOT, buildApp, load, median, startApp, tempDir } from "./servers.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const dir = tempDir();
console.log("building the production app…");
const buildDir = buildApp(dir);
const env = { SESSION_SECRET: crypto.randomBytes(24).toString("hex"), PAGE_CACHE_MB: "0" };
const dataDir = path.join(dir, "data-shortlist");
// The server migrates the database on start; seeding first does the same through the app's own code.
const cookie = execFileSync("node", ["--import", "tsx", path.join(ROOT, "tests/bench/shortlist-seed.mjs")], {
  cwd: ROOT,
  env: { ...process.env, ...env, DATA_DIR: dataDir, BCRYPT_COST: process.env.BCRYPT_COST ?? "4" },
  encoding: "utf8",
}).trim();
const app = await startApp(dir, buildDir, "shortlist", env);
try {
  const check = await fetch(`${app.url}/client-welcome`, { headers: { cookie } });
  const html = await check.text();
  const cards = (html.match(/data-testid="client-shortlist-item"/g) ?? []).length;
  console.log(`/client-welcome answers ${check.status} with ${cards} shortlist cards`);
  if (cards !== 5) throw new Error("the shortlist page does not show 5 profiles: the figures would mean nothing");

  const home = [];
  const shortlist = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternated, so both see the same state of a shared machine.
    home.push(await load(`${app.url}/`, { seconds: SECONDS, connections: CONNECTIONS }));
    shortlist.push(await load(`${app.url}/client-welcome`, { seconds: SECONDS, connections: CONNECTIONS, headers: { cookie } }));
  }
  const bad = [...home, ...shortlist].reduce((n, r) => n + r.errors, 0);
  const h = median(home.map((r) => r.rps));
  const s = median(shortlist.map((r) => r.rps));
  console.log(`home page, uncached: ${h.toFixed(0)} req/s (by round: ${home.map((r) => r.rps.toFixed(0)).join(", ")}; p95 ${median(home.map((r) => r.p95)).toFixed(0)} ms)`);
  console.log(
    `shortlist page with 5 profiles, uncached: ${s.toFixed(0)} req/s (by round: ${shortlist.map((r) => r.rps.toFixed(0)).join(", ")}; p95 ${median(shortlist.map((r) => r.p95)).toFixed(0)} ms)`,
  );
  // Each round's two runs are minutes apart at most: their ratio compares the pages under the same load
  // of the shared machine, which the medians of the whole run do not.
  const paired = shortlist.map((r, i) => r.rps / home[i].rps);
  console.log(`ratio shortlist / home: ${(s / h).toFixed(2)}x of the medians; by round ${paired.map((x) => x.toFixed(2)).join(", ")}, median ${median(paired).toFixed(2)}x (goal >= 0.8x)${bad ? `; ${bad} errors or non-2xx answers` : ""}`);
} finally {
  app.stop();
}
