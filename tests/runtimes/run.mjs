// npm run test:runtimes [-- 22 24] [-- --smoke]: the unit suite (vitest run) on each supported Node.js
// line, or with --smoke a few files of it (SMOKE_FILES).
//
// For each version in runtimes.mjs: fetch the official binary from the npm registry's `node-<platform>-<arch>`
// package (cached outside the repository), check every installed package's `engines`, check that every
// native addon loads (tests/runtimes/natives.mjs), and run `vitest run` with that node first on PATH. The
// addons are Node-API prebuilds, one binary for every Node line, so the project's own node_modules serves
// every version as it is.
// Prints pass/fail and timings per version; exits 1 if anything failed.
//
// NODE_RUNTIMES_DIR: the cache (default ~/.cache/wealthmatch/node-runtimes).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { runtime, RUNTIMES } from "./runtimes.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

// --smoke: instead of the whole suite, the files that show the runtime works for the app: the native
// addons (natives.mjs), the database opened and migrated, an operator command (db:backup, started twice),
// and the server started.
const SMOKE_FILES = ["tests/unit/database.test.ts", "tests/unit/db-backup-cli.test.ts", "tests/unit/supervisor.test.ts"];
const smoke = process.argv.includes("--smoke");
const wanted = process.argv.slice(2).filter((arg) => arg !== "--smoke");
const chosen = RUNTIMES.filter((node) => !wanted.length || wanted.some((w) => node === w || node.startsWith(`${w}.`)));
if (chosen.length === 0) {
  console.error(`test:runtimes: none of ${wanted.join(", ")} is in ${RUNTIMES.join(", ")}`);
  process.exit(2);
}

/** Runs a command with its output shown as it comes and kept; resolves with { code, output }. */
function runShown(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        output += chunk;
        process.stdout.write(chunk);
      });
    }
    child.on("close", (code, signal) => resolve({ code: code ?? signal, output }));
  });
}

const seconds = (start) => Math.round((performance.now() - start) / 100) / 10;

/**
 * The project's own engines.node range and those of the locked packages installed here (a package for
 * another platform, such as sharp's 32-bit Windows build, is left out), where they exclude `version`.
 */
function engineProblems(version) {
  const { packages } = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8"));
  const problems = [];
  for (const [where, entry] of Object.entries(packages)) {
    const range = entry.engines?.node;
    if (where !== "" && !fs.existsSync(path.join(ROOT, where, "package.json"))) continue;
    if (typeof range === "string" && !semver.satisfies(version, range)) {
      const name = where === "" ? "this project (package.json)" : `${where.replace(/^.*node_modules\//, "")}@${entry.version}`;
      problems.push(`${name} wants node ${range}`);
    }
  }
  return problems;
}

async function testVersion(version) {
  const result = { version, ok: false, setup: 0, tests: 0, summary: "" };
  const started = performance.now();
  try {
    const problems = engineProblems(version);
    for (const problem of problems) console.log(`  engines: ${problem}`);

    const rt = runtime(version);
    const env = { ...process.env, PATH: `${rt.bin}${path.delimiter}${process.env.PATH}` };
    const natives = await runShown(rt.node, ["tests/runtimes/natives.mjs"], { cwd: ROOT, env });
    result.setup = seconds(started);

    const testsStarted = performance.now();
    const vitest = await runShown(rt.node, ["node_modules/vitest/vitest.mjs", "run", ...(smoke ? SMOKE_FILES : [])], { cwd: ROOT, env });
    result.tests = seconds(testsStarted);
    // eslint-disable-next-line no-control-regex
    const plain = vitest.output.replace(/\x1b\[[0-9;]*m/g, "");
    result.summary = [...plain.matchAll(/^\s*(Test Files|Tests)\s+(.+)$/gm)].map((m) => `${m[1]}: ${m[2].trim()}`).join("; ");
    const failures = [
      problems.length && `${problems.length} engines problem(s)`,
      natives.code !== 0 && `native addon check failed (${natives.code})`,
      vitest.code !== 0 && `vitest exited ${vitest.code}`,
    ].filter(Boolean);
    result.ok = failures.length === 0;
    if (!result.ok) result.summary = [failures.join(", "), result.summary].filter(Boolean).join("; ");
  } catch (error) {
    result.summary = error.message.split("\n")[0];
    console.log(error.message);
  }
  return result;
}

const results = [];
for (const runtimeWanted of chosen) {
  console.log(`\n== Node.js ${runtimeWanted}`);
  results.push(await testVersion(runtimeWanted));
}

console.log("\nNode.js    result  setup   vitest  summary");
for (const r of results) {
  console.log(`${r.version.padEnd(10)} ${(r.ok ? "pass" : "FAIL").padEnd(7)} ${`${r.setup}s`.padEnd(7)} ${`${r.tests}s`.padEnd(7)} ${r.summary}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
