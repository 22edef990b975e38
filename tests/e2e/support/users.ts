import crypto from "node:crypto";
import Database from "better-sqlite3";
// The app's own hashing task (prehash, then bcrypt): a stored hash the sign-in form checks as it checks any.
import hashTask from "../../../app/platform/password-worker.mjs";
import { testDb } from "./db";
import { onPostgres, pgTransaction } from "./pg";

export type Role = "admin" | "professional" | "client" | "user";
export type TestUser = { id: string; email: string; password: string; role: Role; name?: string };

let counter = 0;

/** An address no other test (or earlier run on the same database) uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

// The cost the e2e servers run with (tests/e2e/run.mjs): the app checks a hash of any cost.
const COST = 4;

/**
 * Creates an account as the operator's `user:create` stores it (a user, its profile and one role, the
 * address counted as confirmed), or, for an address already registered in any letter case, sets its
 * password and role and signs it out everywhere. Written straight into the e2e database (or into `on`,
 * a spec's own server: support/own-server.ts); the command itself has its unit tests.
 */
export async function createUser(
  input: { email: string; password: string; role: Role; name?: string },
  on?: { dataDir: string; dbPath: string },
): Promise<TestUser> {
  const hash = hashTask({ op: "hash", password: input.password, cost: COST }) as string;
  const email = input.email.trim();
  const now = Date.now();
  if (!on && onPostgres()) {
    const id = await pgTransaction(async (query) => {
      const [existing] = await query<{ id: string }>("SELECT id FROM users WHERE lower(email) = lower($1)", [email]);
      if (existing) {
        await query("UPDATE users SET password_hash = $1 WHERE id = $2", [hash, existing.id]);
        await query("DELETE FROM user_roles WHERE user_id = $1", [existing.id]);
        await query("INSERT INTO user_roles (user_id, role) VALUES ($1, $2)", [existing.id, input.role]);
        await query("DELETE FROM sessions WHERE user_id = $1", [existing.id]);
        return existing.id;
      }
      const created = crypto.randomUUID();
      await query("INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ($1, $2, $3, $4)", [created, email, hash, new Date(now)]);
      await query("INSERT INTO profiles (user_id, email, full_name) VALUES ($1, $2, $3)", [created, email, input.name ?? null]);
      await query("INSERT INTO user_roles (user_id, role) VALUES ($1, $2)", [created, input.role]);
      return created;
    });
    return { ...input, id };
  }
  const own = on ? new Database(on.dbPath) : undefined;
  const db = own ?? testDb();
  try {
    if (own) own.pragma("busy_timeout = 5000");
    const id = db
      .transaction(() => {
        const existing = db.prepare("SELECT id FROM users WHERE email = ? COLLATE NOCASE").get(email) as { id: string } | undefined;
        if (existing) {
          db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(hash, existing.id);
          db.prepare("DELETE FROM user_roles WHERE user_id = ?").run(existing.id);
          db.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, ?)").run(existing.id, input.role);
          db.prepare("DELETE FROM sessions WHERE user_id = ?").run(existing.id);
          return existing.id;
        }
        const created = crypto.randomUUID();
        db.prepare("INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (?, ?, ?, ?)").run(created, email, hash, now);
        db.prepare("INSERT INTO profiles (user_id, email, full_name) VALUES (?, ?, ?)").run(created, email, input.name ?? null);
        db.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, ?)").run(created, input.role);
        return created;
      })
      .immediate();
    return { ...input, id };
  } finally {
    own?.close();
  }
}
