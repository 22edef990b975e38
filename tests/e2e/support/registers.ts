import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The feeds the project writes in the SEC's published layouts (tests/fixtures/registers). */
export const REGISTER_FIXTURES = path.join(ROOT, "tests/fixtures/registers");

/**
 * Runs `npm run registers:import -- ARGS` as an operator would, on the e2e data folder; resolves to what
 * it printed and its exit code (a refused file exits 1 with its message on stderr).
 */
export async function importRegisters(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the specs with `npm run test:e2e`");
  try {
    const { stdout, stderr } = await run(path.join(ROOT, "node_modules/.bin/tsx"), ["app/cli/registers-import.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_PATH: process.env.E2E_DB_PATH ?? path.join(dataDir, "app.db"), SEED_DEMO: "0" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}
