// The production build the end-to-end runs serve: made once into a folder whose parent links
// node_modules (the server build imports packages, and Node finds them from there).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Builds the app into `parent`/build (linking `parent`/node_modules) and returns the build folder; throws with the build's output. */
export function buildApp(parent) {
  const buildDir = path.join(parent, "build");
  const link = path.join(parent, "node_modules");
  if (!fs.existsSync(link)) fs.symlinkSync(path.join(ROOT, "node_modules"), link, "dir");
  try {
    execFileSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], {
      cwd: ROOT,
      env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    throw new Error(`the build failed:\n${String(error.stdout ?? "")}${String(error.stderr ?? "")}`);
  }
  return buildDir;
}
