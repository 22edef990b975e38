// `npm run bench:instructions`: the CPU instructions one render of the home page and of the client's
// shortlist page (5 profiles) take, counted by valgrind, and their ratio. Unlike requests a second, the
// count hardly moves with the machine's load: a change worth 1% shows. It counts what a page runs in
// process (React Router's handler, no HTTP or compression) after WARMUP renders, as the difference
// between a run of WARMUP and one of WARMUP + RENDERS (300), so start-up cancels out. V8 runs single-
// threaded with a 64 MB young generation, so few collections fall inside a run; figures only.
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { ROOT, buildApp, tempDir } from "./servers.mjs";

const RENDERS = Number(process.env.RENDERS ?? 300);
try {
  execFileSync("sh", ["-c", "command -v valgrind"], { stdio: "ignore" });
} catch {
  console.log("valgrind is not installed (Debian: apt-get install valgrind): nothing to count.");
  process.exit(0);
}

const dir = tempDir();
console.log("building the production app…");
const buildDir = buildApp(dir);
const env = { ...process.env, NODE_ENV: "production", SESSION_SECRET: crypto.randomBytes(24).toString("hex"), PAGE_CACHE_MB: "0", DATA_DIR: path.join(dir, "data"), UPLOADS_DIR: path.join(dir, "uploads") };
const cookie = execFileSync("node", ["--import", "tsx", path.join(ROOT, "tests/bench/shortlist-seed.mjs")], { cwd: ROOT, env: { ...env, BCRYPT_COST: "4" }, encoding: "utf8" }).trim();

function instructions(page, renders) {
  const args = ["--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", "node", "--single-threaded", "--min-semi-space-size=64", "--max-semi-space-size=64", path.join(ROOT, "tests/bench/render-in-process.mjs"), buildDir, page];
  return new Promise((resolve, reject) => {
    const child = spawn("valgrind", args, { cwd: ROOT, env: { ...env, COOKIE: cookie, RENDERS: String(renders) }, stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("exit", (code) => {
      const match = /I\s+refs:\s+([\d,]+)/.exec(err);
      if (code !== 0 || !match) reject(new Error(`valgrind ${page} ${renders}: exit ${code}\n${err.slice(-2000)}`));
      else resolve(Number(match[1].replaceAll(",", "")));
    });
  });
}

const perRender = {};
for (const page of ["home", "shortlist"]) {
  // The two runs at once: a machine has two cores at least, and valgrind runs each on one.
  const [base, more] = await Promise.all([instructions(page, 0), instructions(page, RENDERS)]);
  perRender[page] = (more - base) / RENDERS;
  console.log(`${page}: ${(perRender[page] / 1e6).toFixed(2)} M instructions a render`);
}
console.log(`ratio home / shortlist: ${(perRender.home / perRender.shortlist).toFixed(3)}x (the shortlist's speed as a share of the home page's, by instructions)`);
