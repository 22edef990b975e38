import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { readUserCreateArgs } from "~/cli/user-create-args";
import { verifyPassword } from "~/platform/password.server";
import { onPostgres } from "./engine";

// The real operator command in a child process, on a data folder that does not exist yet.
const root = path.resolve(import.meta.dirname, "../..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wm-cli-"));
const dataDir = path.join(tmp, "fresh-data");
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Result = { code: number; stdout: string; stderr: string };

function userCreate(...args: string[]): Promise<Result> {
  return cli("app/cli/user-create.ts", {}, ...args);
}

function cli(script: string, extra: NodeJS.ProcessEnv, ...args: string[]): Promise<Result> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, UPLOADS_DIR: path.join(tmp, "uploads"), BCRYPT_COST: "4", SEED_DEMO: "0", ...extra };
  delete env.DATABASE_PATH;
  delete env.MAIL_DIR;
  return new Promise((resolve) => {
    execFile(path.join(root, "node_modules/.bin/tsx"), [script, ...args], { cwd: root, env }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

function account(email: string) {
  const sqlite = new Database(path.join(dataDir, "app.db"), { readonly: true });
  try {
    const user = sqlite.prepare("SELECT id, email, password_hash AS hash FROM users WHERE email = ? COLLATE NOCASE").get(email) as
      | { id: string; email: string; hash: string }
      | undefined;
    if (!user) return undefined;
    const roles = (sqlite.prepare("SELECT role FROM user_roles WHERE user_id = ? ORDER BY role").all(user.id) as { role: string }[]).map((r) => r.role);
    const profile = sqlite.prepare("SELECT full_name AS fullName FROM profiles WHERE user_id = ?").get(user.id) as { fullName: string | null } | undefined;
    return { ...user, roles, fullName: profile?.fullName ?? null };
  } finally {
    sqlite.close();
  }
}

// Reads the data folder's SQLite file directly to see what the command wrote.
describe.skipIf(onPostgres)("npm run user:create", { timeout: 60_000 }, () => {
  it("creates the first admin on a data folder that has never been used", async () => {
    expect(fs.existsSync(dataDir)).toBe(false);
    const result = await userCreate("--email", "Founder@Example.com", "--password", "First-Admin-1", "--role", "admin", "--name", "Ada Founder");
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("Created admin account for");
    const created = account("founder@example.com");
    expect(created?.roles).toEqual(["admin"]);
    expect(created?.fullName).toBe("Ada Founder");
    expect(await verifyPassword("First-Admin-1", created?.hash ?? "")).toBe(true);
    expect(result.stdout + result.stderr).not.toContain("First-Admin-1");
    const sqlite = new Database(path.join(dataDir, "app.db"), { readonly: true });
    const events = [...sqlite.prepare("SELECT kind, email, detail FROM audit_events").iterate()] as { kind: string; email: string; detail: string }[];
    sqlite.close();
    expect(events).toEqual([{ kind: "ACCOUNT_CREATION", email: "founder@example.com", detail: "created with user:create as admin" }]);
    expect(JSON.stringify(events)).not.toContain("First-Admin-1");
  });

  it("updates the password and role of an existing account instead of adding a second one", async () => {
    const result = await userCreate("--email", "founder@example.com", "--password", "Second-Pass-2", "--role", "professional");
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("Updated professional account for");
    const updated = account("founder@example.com");
    expect(updated?.roles).toEqual(["professional"]);
    expect(await verifyPassword("Second-Pass-2", updated?.hash ?? "")).toBe(true);
    expect(await verifyPassword("First-Admin-1", updated?.hash ?? "")).toBe(false);
    const sqlite = new Database(path.join(dataDir, "app.db"), { readonly: true });
    expect([...sqlite.prepare("SELECT count(*) AS c FROM users").iterate()]).toEqual([{ c: 1 }]);
    sqlite.close();
  });

  it("refuses a mistyped command with exit 1, the message and the usage, and opens no database", async () => {
    const untouched = path.join(tmp, "never-used");
    const result = await cli("app/cli/user-create.ts", { DATA_DIR: untouched }, "--email", "x@example.com", "--password", "short", "--role", "admin");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Error: --password:");
    expect(result.stderr).toContain("Usage: npm run user:create");
    expect(fs.existsSync(untouched)).toBe(false);
  });
});

// What the command refuses, read in this process (each case would otherwise start the command again).
describe("user:create's arguments", () => {
  it.each([
    { args: ["--password", "Good-Pass-1", "--role", "admin"], message: "--email" },
    { args: ["--email", "x@example.com", "--role", "admin"], message: "--password" },
    { args: ["--email", "x@example.com", "--password", "Good-Pass-1"], message: "--role" },
    { args: ["--email", "x@example.com", "--password", "Good-Pass-1", "--role", "wizard"], message: "--role" },
    { args: ["--email", "not-an-email", "--password", "Good-Pass-1", "--role", "admin"], message: "--email" },
    { args: ["--email", "x@example.com", "--password", "short", "--role", "admin"], message: "--password" },
    { args: ["--email", "x@example.com", "--password", "Good-Pass-1", "--role", "admin", "--bogus", "1"], message: "bogus" },
    { args: ["--reset-2fa"], message: "--email" },
  ])("refuses with a message naming $message (case %#)", ({ args, message }) => {
    const request = readUserCreateArgs(args);
    expect(request.kind).toBe("refused");
    expect(request.kind === "refused" && request.message).toContain(message);
  });

  it("reads a complete command, a second-factor reset and a request for help", () => {
    expect(readUserCreateArgs(["--email", "a@example.com", "--password", "Good-Pass-1", "--role", "client", "--name", "Ann"])).toEqual({
      kind: "upsert",
      input: { email: "a@example.com", password: "Good-Pass-1", role: "client", name: "Ann" },
      reset2fa: false,
    });
    expect(readUserCreateArgs(["--email", "a@example.com", "--reset-2fa"])).toEqual({ kind: "reset-2fa", email: "a@example.com" });
    expect(readUserCreateArgs(["-h"])).toEqual({ kind: "help" });
  });
});

describe.skipIf(onPostgres)("npm run user:create -- --reset-2fa", { timeout: 60_000 }, () => {
  it("removes an admin's second factor and recovery codes and signs the account out everywhere", async () => {
    const email = "lost-phone@example.com";
    expect(await userCreate("--email", email, "--password", "Lost-Phone-1", "--role", "admin")).toMatchObject({ code: 0 });
    const id = account(email)?.id ?? "";
    const sqlite = new Database(path.join(dataDir, "app.db"));
    try {
      sqlite.prepare("INSERT INTO two_factor (user_id, secret, confirmed_at, last_step) VALUES (?, 'JBSWY3DPEHPK3PXP', ?, 1)").run(id, Date.now());
      sqlite.prepare("INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, 'x')").run(id);
      sqlite.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)").run("a".repeat(64), id, Date.now() + 60_000);
    } finally {
      sqlite.close();
    }
    const result = await userCreate("--email", "Lost-Phone@Example.com", "--reset-2fa");
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(`Reset two-factor authentication for ${email}`);
    const check = new Database(path.join(dataDir, "app.db"), { readonly: true });
    try {
      const count = (table: string) => (check.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).get(id) as { n: number }).n;
      expect([count("two_factor"), count("recovery_codes"), count("sessions")]).toEqual([0, 0, 0]);
      const audit = check.prepare("SELECT kind, detail FROM audit_events WHERE user_id = ? ORDER BY id DESC LIMIT 1").get(id);
      expect(audit).toEqual({ kind: "ADMIN_ACTION", detail: "two-factor authentication reset with user:create" });
    } finally {
      check.close();
    }
    // The password is untouched.
    expect(await verifyPassword("Lost-Phone-1", account(email)?.hash ?? "")).toBe(true);
  });

  it("fails clearly for an unknown e-mail", async () => {
    const result = await userCreate("--email", "nobody@example.com", "--reset-2fa");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no account with the email nobody@example.com");
  });

  it("two-factor:rekey encrypts a second-factor secret an older version kept in plain text", async () => {
    const email = "plain-2fa@example.com";
    expect((await userCreate("--email", email, "--password", "Plain-Secret-1", "--role", "admin")).code).toBe(0);
    const id = account(email)?.id ?? "";
    const plain = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const write = new Database(path.join(dataDir, "app.db"));
    write.prepare("INSERT INTO two_factor (user_id, secret, confirmed_at, created_at) VALUES (?, ?, ?, ?)").run(id, plain, Date.now(), Date.now());
    write.close();
    const result = await cli("app/cli/two-factor-rekey.ts", {});
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("Encrypted 1 second-factor secret with TWO_FACTOR_KEY.");
    const check = new Database(path.join(dataDir, "app.db"), { readonly: true });
    try {
      const stored = (check.prepare("SELECT secret FROM two_factor WHERE user_id = ?").get(id) as { secret: string }).secret;
      expect(stored).toMatch(/^v1\./);
      expect(stored).not.toContain(plain);
    } finally {
      check.close();
    }
    // The key it used was generated once and kept beside the database.
    expect(fs.readFileSync(path.join(dataDir, "two-factor-key"), "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);
  });
});
