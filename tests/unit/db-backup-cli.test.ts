import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openSqliteFile } from "~/platform/db.server";
import { onPostgres } from "./engine";

const root = path.resolve(import.meta.dirname, "../..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wm-backup-"));
const dataDir = path.join(tmp, "data");
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function backup(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, UPLOADS_DIR: path.join(tmp, "uploads") };
  // The SQLite file in dataDir, whichever engine the run is on.
  for (const key of ["DATABASE_PATH", "DATABASE_URL", "SESSION_SECRET"]) delete env[key];
  return new Promise((resolve) => {
    execFile(path.join(root, "node_modules/.bin/tsx"), ["app/cli/db-backup.ts", ...args], { cwd: root, env }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

// On PostgreSQL, db:backup runs pg_dump: tests/unit/db-copy-cli.test.ts backs up the database it copied into.
describe.skipIf(onPostgres)("npm run db:backup on the SQLite file (openSqliteFile migrates with the run's engine's migrations)", { timeout: 60_000 }, () => {
  it("copies a database that is open and has unflushed WAL writes", async () => {
    const live = openSqliteFile(path.join(dataDir, "app.db"));
    live.pragma("wal_autocheckpoint = 0");
    live.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, ?)").run("u1", "kept@example.com", "x");
    try {
      const target = path.join(tmp, "backups", "copy.db");
      const result = await backup(target);
      expect(result, result.stderr).toMatchObject({ code: 0 });
      const copy = new Database(target, { readonly: true });
      expect(copy.prepare("SELECT email FROM users").all(...[])).toEqual([{ email: "kept@example.com" }]);
      copy.close();

      const again = await backup(target);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("already exists");
    } finally {
      live.close();
    }
  });

  it("exits 1 with the usage when no file is given", async () => {
    const result = await backup();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Usage: npm run db:backup -- <backup-file>");
  });
});
