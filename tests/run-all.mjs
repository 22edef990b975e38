// `npm test`: every check, in order, stopping at the first that fails, with the time each took.
// Type-check and lint (side by side: each keeps one core busy), the unit tests on SQLite and on a
// throwaway PostgreSQL, one production build, the end-to-end suite against it, then the two-server specs
// on PostgreSQL against the same build.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "./e2e/build.mjs";

const PHASES = ["typecheck + lint", "test:unit", "test:unit:pg", "build", "test:e2e", "test:e2e:pg"];
const started = performance.now();
const times = [];
const minutes = (ms) => `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`;

// One production build for both end-to-end runs (tests/e2e/run.mjs serves E2E_PREBUILT), removed at the end.
let built;
function buildOnce() {
  built = fs.mkdtempSync(path.join(os.tmpdir(), "wm-build-"));
  try {
    process.env.E2E_PREBUILT = buildApp(built);
    return { status: 0 };
  } catch (error) {
    console.error(error.message);
    return { status: 1 };
  }
}

/** Runs npm scripts at once, each one's output printed whole when it ends; fails if any fails. */
async function side(scripts) {
  const results = await Promise.all(
    scripts.map(
      (script) =>
        new Promise((resolve) => {
          const child = spawn("npm", ["run", script], { stdio: ["ignore", "pipe", "pipe"] });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("close", (code) => {
            process.stdout.write(output);
            resolve(code ?? 1);
          });
        }),
    ),
  );
  return { status: results.every((code) => code === 0) ? 0 : 1 };
}

function run(phase) {
  if (phase === "build") return buildOnce();
  if (phase.includes(" + ")) return side(phase.split(" + "));
  return spawnSync("npm", ["run", phase], { stdio: "inherit" });
}

let failed;
for (const phase of PHASES) {
  const t = performance.now();
  const result = await run(phase);
  times.push(`${phase.padEnd(16)} ${minutes(performance.now() - t)}`);
  if (result.status !== 0) {
    failed = phase;
    break;
  }
}
if (built) fs.rmSync(built, { recursive: true, force: true });
console.log(`\nnpm test on Node ${process.version}:\n  ${times.join("\n  ")}\n  ${"total".padEnd(16)} ${minutes(performance.now() - started)}`);
if (failed) {
  console.log(`npm test: ${failed} FAILED`);
  process.exit(1);
}
