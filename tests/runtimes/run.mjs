// npm run test:runtimes [-- 22 24] [-- --smoke]: the unit suite (vitest run) on each supported Node.js
// line, or with --smoke a few files of it (SMOKE_FILES).
//
// For each version below: fetch the official binary from the npm registry's `node-<platform>-<arch>`
// package (bin/node plus include/node, cached outside the repository), copy the project to a temp folder
// (its files and node_modules; the repository's own node_modules is never touched, so a Node 20 server
// or test run can go on beside it), rebuild better-sqlite3 there for that Node's ABI against the
// registry package's headers, check every installed package's `engines` and that every native addon
// loads (tests/runtimes/natives.mjs), and run `vitest run` with that node first on PATH.
// Prints pass/fail and timings per version; exits 1 if anything failed.
//
// NODE_RUNTIMES_DIR: the cache (default ~/.cache/wealthmatch/node-runtimes);
// NODE_RUNTIMES_KEEP=1: keep the temp copies.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { rebuildSqlite, run, runtime, RUNTIMES } from "./runtimes.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const KEEP = process.env.NODE_RUNTIMES_KEEP === "1";

// --smoke: instead of the whole suite, the files that show the runtime works for the app: the native
// addons (natives.mjs), the database opened and migrated, an operator command, and the server started.
const SMOKE_FILES = ["tests/unit/database.test.ts", "tests/unit/user-create-cli.test.ts", "tests/unit/supervisor.test.ts"];
const smoke = process.argv.includes("--smoke");
const wanted = process.argv.slice(2).filter((arg) => arg !== "--smoke");
const chosen = RUNTIMES.filter(({ node }) => !wanted.length || wanted.some((w) => node === w || node.startsWith(`${w}.`)));
if (chosen.length === 0) {
  console.error(`test:runtimes: none of ${wanted.join(", ")} is in ${RUNTIMES.map((r) => r.node).join(", ")}`);
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

/** A temp copy of the project: the files git tracks or would track, and node_modules. */
function copyProject(version) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `wealthmatch-node${semver.major(version)}-`));
  const files = run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT }).split("\0");
  for (const file of files) {
    // A file deleted or moved since git last looked is skipped.
    if (!file || !fs.existsSync(path.join(ROOT, file))) continue;
    fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(work, file));
  }
  run("cp", ["-a", path.join(ROOT, "node_modules"), path.join(work, "node_modules")]);
  return work;
}

async function testVersion({ node: version, headers }) {
  const result = { version, ok: false, setup: 0, tests: 0, summary: "" };
  const started = performance.now();
  let work;
  try {
    const problems = engineProblems(version);
    for (const problem of problems) console.log(`  engines: ${problem}`);

    const rt = runtime(version);
    work = copyProject(version);
    console.log(`  copy: ${work}`);
    console.log(`  ${rebuildSqlite(work, rt, headers === version ? rt : runtime(headers))}`);
    const env = { ...process.env, PATH: `${rt.bin}${path.delimiter}${process.env.PATH}` };
    const natives = await runShown(rt.node, ["tests/runtimes/natives.mjs"], { cwd: work, env });
    result.setup = seconds(started);

    const testsStarted = performance.now();
    const vitest = await runShown(rt.node, ["node_modules/vitest/vitest.mjs", "run", ...(smoke ? SMOKE_FILES : [])], { cwd: work, env });
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
  } finally {
    if (work && !KEEP) fs.rmSync(work, { recursive: true, force: true });
  }
  return result;
}

const results = [];
for (const runtimeWanted of chosen) {
  console.log(`\n== Node.js ${runtimeWanted.node}`);
  results.push(await testVersion(runtimeWanted));
}

console.log("\nNode.js    result  setup   vitest  summary");
for (const r of results) {
  console.log(`${r.version.padEnd(10)} ${(r.ok ? "pass" : "FAIL").padEnd(7)} ${`${r.setup}s`.padEnd(7)} ${`${r.tests}s`.padEnd(7)} ${r.summary}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
