import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { testDb } from "./db";
import { onPostgres, pgQuery } from "./pg";

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export type Role = "admin" | "professional" | "client" | "user";
export type TestUser = { id: string; email: string; password: string; role: Role; name?: string };

let counter = 0;

/** An address no other test (or earlier run on the same database) uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

/**
 * Creates (or updates) an account the way an operator does: the real `user:create` CLI on the e2e data
 * folder (or on `on`, a spec's own server: support/own-server.ts).
 */
export async function createUser(
  input: { email: string; password: string; role: Role; name?: string },
  on?: { dataDir: string; dbPath: string },
): Promise<TestUser> {
  const dataDir = on?.dataDir ?? process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the specs with `npm run test:e2e`");
  const args = ["--email", input.email, "--password", input.password, "--role", input.role];
  if (input.name !== undefined) args.push("--name", input.name);
  // The two-server run: the CLI writes to the PostgreSQL both servers share, as an operator's would.
  const shared = !on && onPostgres();
  await run(path.join(ROOT, "node_modules/.bin/tsx"), ["app/cli/user-create.ts", ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...(shared ? { DATABASE_URL: process.env.E2E_DATABASE_URL, SESSION_SECRET: process.env.E2E_SESSION_SECRET } : {}),
      DATA_DIR: dataDir,
      DATABASE_PATH: on?.dbPath ?? process.env.E2E_DB_PATH ?? path.join(dataDir, "app.db"),
      UPLOADS_DIR: on ? path.join(dataDir, "uploads") : (process.env.E2E_UPLOADS_DIR ?? path.join(dataDir, "uploads")),
      MAIL_DIR: on ? path.join(dataDir, "mail") : (process.env.E2E_MAIL_DIR ?? path.join(dataDir, "mail")),
      BCRYPT_COST: "4",
      SEED_DEMO: "0",
    },
  });
  if (shared) {
    const [found] = await pgQuery<{ id: string }>("SELECT id FROM users WHERE lower(email) = lower($1)", [input.email]);
    if (!found) throw new Error(`user:create did not create ${input.email}`);
    return { id: found.id, ...input };
  }
  const query = "SELECT id FROM users WHERE email = ? COLLATE NOCASE";
  let row: { id: string } | undefined;
  if (on) {
    const own = new Database(on.dbPath, { readonly: true });
    try {
      row = own.prepare(query).get(input.email) as { id: string } | undefined;
    } finally {
      own.close();
    }
  } else row = testDb().prepare(query).get(input.email) as { id: string } | undefined;
  if (!row) throw new Error(`user:create did not create ${input.email}`);
  return { id: row.id, ...input };
}
