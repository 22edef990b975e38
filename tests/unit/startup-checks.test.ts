import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, StartupError } from "~/platform/config.server";
import { assertWritable, openAppSqlite } from "~/platform/db.server";
import { onPostgres } from "./engine";

// Tests run as root, for whom permission bits do not stop writes: a path under a regular file fails
// for everyone. (A read-only database on a read-only mount is tried by tests/e2e/hardening.spec.ts.)
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wm-startup-"));
const aFile = path.join(tmp, "a-file");
fs.writeFileSync(aFile, "not a folder");

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("start-up checks", () => {
  it("a DATA_DIR that cannot be created stops start-up with one line naming DATA_DIR and the path", () => {
    const error = thrown(() => loadConfig({ DATA_DIR: path.join(aFile, "data"), UPLOADS_DIR: path.join(tmp, "up") }));
    expect(error).toBeInstanceOf(StartupError);
    const message = (error as Error).message;
    expect(message).toBe(`DATA_DIR: cannot create or write the folder ${path.join(aFile, "data")} (ENOTDIR: not a directory)`);
    expect(message).not.toContain("\n");
  });

  it("so does an UPLOADS_DIR that cannot be created", () => {
    const error = thrown(() => loadConfig({ DATA_DIR: path.join(tmp, "data"), UPLOADS_DIR: path.join(aFile, "uploads") }));
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toMatch(new RegExp(`^UPLOADS_DIR: cannot create or write the folder ${path.join(aFile, "uploads")} \\(`));
  });

});

// The database file's own checks: a PostgreSQL run has no file (its connection errors are db-postgres.server.ts's).
describe.skipIf(onPostgres)("start-up checks of the SQLite file", () => {
  it("a database whose folder cannot be made names DATABASE_PATH", () => {
    const file = path.join(aFile, "app.db");
    const error = thrown(() => openAppSqlite(file, "DATABASE_PATH"));
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toMatch(/^DATABASE_PATH: cannot create or write the folder .*a-file \(/);
  });

  it("a file that is not a database names the variable and the file", () => {
    const file = path.join(tmp, "notes.db");
    fs.writeFileSync(file, "x".repeat(4096));
    const error = thrown(() => openAppSqlite(file, "DATABASE_PATH"));
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(`DATABASE_PATH: cannot use the database ${file} (SQLITE_NOTADB: file is not a database)`);
  });

  it("a database SQLite can only read is refused at once, not at the first sign-in", () => {
    const file = path.join(tmp, "ro.db");
    openAppSqlite(file, "DATABASE_PATH").client.close();
    const readOnly = new Database(file, { readonly: true });
    expect(() => assertWritable(readOnly)).toThrow(/readonly/);
    readOnly.close();
  });

  it("a writable database opens, migrated, and keeps its user_version", () => {
    const { client } = openAppSqlite(path.join(tmp, "ok", "app.db"), "DATA_DIR");
    expect(client.pragma("user_version", { simple: true })).toBe(0);
    expect([...client.prepare("SELECT count(*) AS n FROM users").iterate()]).toEqual([{ n: 0 }]);
    client.close();
  });
});

describe("a PostgreSQL server that cannot be reached", () => {
  it("stops start-up with one line naming DATABASE_URL and the server, never its password", async () => {
    // The engine is chosen once per process, so this runs in a process of its own on either test run.
    const script = path.join(tmp, "open-postgres.mts");
    fs.writeFileSync(script, 'const { openAppDatabase } = await import("~/platform/db.server");\nawait openAppDatabase().catch((e: Error) => console.log(`${e.name}: ${e.message}`));\n');
    const env = { ...process.env, DATABASE_URL: "postgres://app:s3cret@127.0.0.1:1/wealthmatch", SESSION_SECRET: "x".repeat(40), TWO_FACTOR_KEY: "c".repeat(64) };
    const { stdout } = await promisify(execFile)(path.resolve("node_modules/.bin/tsx"), ["--tsconfig", path.resolve("tsconfig.json"), script], { env, cwd: path.resolve(".") });
    expect(stdout.trim()).toBe("StartupError: DATABASE_URL: cannot use the database postgres://app:****@127.0.0.1:1/wealthmatch (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1)");
    // A whole process loading the app's database modules through tsx: seconds on a quiet machine, many more on a busy one.
  }, 60_000);
});
