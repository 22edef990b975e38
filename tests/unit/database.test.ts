import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openSqliteFile, sqliteClient } from "~/platform/db.server";
import { onPostgres } from "./engine";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-db-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// SQLite's file, migrations folder, pragmas and constraint messages; PostgreSQL's schema is checked by schema-drift.test.ts.
const sqlite = () => sqliteClient()!;
/** The rows of a statement on a SQLite connection of the test's own. */
const rowsOf = <Row>(connection: Database.Database, text: string, ...params: unknown[]) => connection.prepare(text).all(...params) as Row[];
let n = 0;
function insertUser(email: string): string {
  const id = `user-${++n}-${Date.now()}`;
  sqlite().prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").run(id, email);
  return id;
}

describe.skipIf(onPostgres)("migrations (the SQLite file)", () => {
  it("bring an empty database up to date, and applying them again changes nothing", () => {
    const file = path.join(dir, "nested", "fresh.db");
    const first = openSqliteFile(file);
    const tables = () =>
      rowsOf<{ name: string }>(first, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map((t) => t.name);
    const before = tables();
    for (const table of ["users", "profiles", "user_roles", "sessions", "blog_posts", "audit_events", "rate_limit_hits", "site_settings"]) {
      expect(before).toContain(table);
    }
    const [applied] = rowsOf<{ c: number }>(first, "SELECT count(*) AS c FROM __drizzle_migrations");
    first.close();

    const second = openSqliteFile(file);
    expect(rowsOf<{ c: number }>(second, "SELECT count(*) AS c FROM __drizzle_migrations")[0]?.c).toBe(applied?.c);
    second.close();
    const third = new Database(file);
    expect(rowsOf<{ name: string }>(third, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map((t) => t.name)).toEqual(before);
    third.close();
  });
});

describe.skipIf(onPostgres)("connection settings (the SQLite file)", () => {
  it("uses WAL, enforces foreign keys, syncs fully and waits on a busy database", () => {
    expect(sqlite().pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite().pragma("foreign_keys", { simple: true })).toBe(1);
    expect(sqlite().pragma("synchronous", { simple: true })).toBe(2); // FULL
    expect(Number(sqlite().pragma("busy_timeout", { simple: true }))).toBeGreaterThan(0);
  });
});

describe.skipIf(onPostgres)("schema constraints (SQLite)", () => {
  it("rejects a second account whose e-mail differs only in letter case", () => {
    insertUser("Jane.Doe@Example.com");
    expect(() => insertUser("jane.doe@example.com")).toThrow(/UNIQUE/);
  });

  it("rejects an unknown role", () => {
    const id = insertUser(`role-${Date.now()}@example.com`);
    sqlite().prepare("INSERT INTO user_roles (user_id, role) VALUES (?, 'admin')").run(id);
    expect(() => sqlite().prepare("INSERT INTO user_roles (user_id, role) VALUES (?, 'superuser')").run(id)).toThrow(/CHECK/);
  });

  it("rejects a role for an account that does not exist", () => {
    expect(() => sqlite().exec("INSERT INTO user_roles (user_id, role) VALUES ('nobody', 'client')")).toThrow(/FOREIGN KEY/);
  });

  it("rejects an unknown submission status", () => {
    const insert = sqlite().prepare("INSERT INTO form_submissions (name, email, message, status) VALUES ('A', 'a@example.com', 'Hello', ?)");
    insert.run("in-progress");
    expect(() => insert.run("archived")).toThrow(/CHECK/);
  });

  it("rejects an unknown blog category and a duplicate slug", () => {
    const insert = sqlite().prepare("INSERT INTO blog_posts (title, slug, content, category) VALUES ('T', ?, '<p>x</p>', ?)");
    insert.run("unique-slug", "legal");
    expect(() => insert.run("unique-slug", "legal")).toThrow(/UNIQUE/);
    expect(() => insert.run("other-slug", "astrology")).toThrow(/CHECK/);
  });

  it("rejects an unknown audit kind", () => {
    expect(() => sqlite().exec("INSERT INTO audit_events (kind) VALUES ('SOMETHING_ELSE')")).toThrow(/CHECK/);
  });

  it("removes an account's roles, profile and sessions with the account", () => {
    const id = insertUser(`cascade-${Date.now()}@example.com`);
    sqlite().prepare("INSERT INTO user_roles (user_id, role) VALUES (?, 'client')").run(id);
    sqlite().prepare("INSERT INTO profiles (user_id, email) VALUES (?, 'c@example.com')").run(id);
    sqlite().prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)").run(`s-${id}`, id, Date.now() + 60_000);
    sqlite().prepare("DELETE FROM users WHERE id = ?").run(id);
    for (const table of ["user_roles", "profiles", "sessions"]) {
      expect((sqlite().prepare(`SELECT count(*) AS c FROM ${table} WHERE user_id = ?`).get(id) as { c: number }).c).toBe(0);
    }
  });
});
