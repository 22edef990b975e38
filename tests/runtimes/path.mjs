// node tests/runtimes/path.mjs 24: fetches that Node.js line's runtime (runtimes.mjs) and prints the shell
// line that puts it first on PATH:
//   eval "$(node tests/runtimes/path.mjs 24)"
// Run by .ci/run before `npm ci`, so it uses Node's built-ins only.
import path from "node:path";
import { RUNTIMES, runtime } from "./runtimes.mjs";

const line = process.argv[2];
const chosen = RUNTIMES.find((version) => version.startsWith(`${line}.`));
if (!line || !chosen) {
  console.error(`tests/runtimes/path.mjs: name one of ${RUNTIMES.map((version) => version.split(".")[0]).join(", ")}`);
  process.exit(2);
}
const rt = runtime(chosen);
const quote = (value) => `'${value.replaceAll("'", "'\\''")}'`;
console.log(`export PATH=${quote(`${rt.bin}${path.delimiter}${process.env.PATH ?? ""}`)}`);
