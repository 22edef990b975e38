// node tests/runtimes/path.mjs 24: fetches that Node.js line's runtime (runtimes.mjs) and prints the shell
// lines that put it first on PATH and point node-gyp at the headers better-sqlite3 is built against:
//   eval "$(node tests/runtimes/path.mjs 24)"
// Run by .ci/run before `npm ci`, so it uses Node's built-ins only.
import path from "node:path";
import { RUNTIMES, runtime } from "./runtimes.mjs";

const line = process.argv[2];
const chosen = RUNTIMES.find(({ node }) => node.startsWith(`${line}.`));
if (!line || !chosen) {
  console.error(`tests/runtimes/path.mjs: name one of ${RUNTIMES.map((r) => r.node.split(".")[0]).join(", ")}`);
  process.exit(2);
}
const rt = runtime(chosen.node);
const headers = chosen.headers === chosen.node ? rt : runtime(chosen.headers);
const quote = (value) => `'${value.replaceAll("'", "'\\''")}'`;
console.log(`export PATH=${quote(`${rt.bin}${path.delimiter}${process.env.PATH ?? ""}`)}`);
console.log(`export npm_config_nodedir=${quote(headers.dir)}`);
