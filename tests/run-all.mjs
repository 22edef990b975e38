// `npm test`: every check, in order, stopping at the first that fails, with the time each took.
// Type-check and lint, the unit tests on SQLite and on a throwaway PostgreSQL, the end-to-end suite
// against a production build, then the two-server specs on PostgreSQL.
import { spawnSync } from "node:child_process";

const PHASES = ["typecheck", "lint", "test:unit", "test:unit:pg", "test:e2e", "test:e2e:pg"];
const started = performance.now();
const times = [];
const minutes = (ms) => `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`;

let failed;
for (const phase of PHASES) {
  const t = performance.now();
  const result = spawnSync("npm", ["run", phase], { stdio: "inherit" });
  times.push(`${phase.padEnd(14)} ${minutes(performance.now() - t)}`);
  if (result.status !== 0) {
    failed = phase;
    break;
  }
}
console.log(`\nnpm test on Node ${process.version}:\n  ${times.join("\n  ")}\n  ${"total".padEnd(14)} ${minutes(performance.now() - started)}`);
if (failed) {
  console.log(`npm test: ${failed} FAILED`);
  process.exit(1);
}
