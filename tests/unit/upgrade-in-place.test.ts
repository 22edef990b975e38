import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { openSqliteFile, setDatabaseForTests, sqliteHandle } from "~/platform/db.server";
import { importImageFolder, findStoredImage } from "~/platform/uploads/images.server";
import { readStoredFile } from "~/platform/uploads/stored-files.server";
import { onPostgres } from "./engine";

// An operator who upgrades keeps running on the SQLite file of the release before PostgreSQL came: its
// rows stay, the new migration (stored_files) applies, and the images it kept in UPLOADS_DIR move into
// the database at start-up, where every page finds them.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-upgrade-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const SQLITE_MIGRATIONS = path.resolve("drizzle/sqlite");
const LAST_OF_PREVIOUS_RELEASE = "0009_content_version";

/** The migrations folder as the previous release shipped it: the same files, the journal ending at 0009. */
function previousReleaseMigrations(): string {
  const folder = path.join(dir, "previous-drizzle");
  fs.cpSync(SQLITE_MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === LAST_OF_PREVIOUS_RELEASE);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** The rows of a statement on a SQLite connection of the test's own. */
const rowsOf = (connection: Database.Database, text: string, ...params: unknown[]) => connection.prepare(text).all(...params);

describe.skipIf(onPostgres)("a SQLite database of the previous release", () => {
  it("upgrades in place with its data, and its uploaded images move into the database", async () => {
    const file = path.join(dir, "data", "app.db");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const old = new Database(file);
    migrate(drizzle(old), { migrationsFolder: previousReleaseMigrations() });
    expect(rowsOf(old, "SELECT name FROM sqlite_master WHERE name = ?", "stored_files")).toEqual([]);
    old.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, ?)").run("kept", "kept@example.com", "x");
    old.prepare("INSERT INTO blog_posts (title, slug, content, published) VALUES ('Kept', 'kept', ?, 1)").run("x".repeat(60));
    old.close();
    const uploads = path.join(dir, "uploads");
    fs.mkdirSync(uploads);
    const base = "blog-abc123-0123456789abcdef";
    const webp = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ", "latin1");
    fs.writeFileSync(path.join(uploads, `${base}-480.webp`), webp);
    fs.writeFileSync(path.join(uploads, "notes.txt"), "not an upload");

    const upgraded = openSqliteFile(file);
    try {
      expect(rowsOf(upgraded, "SELECT email FROM users")).toEqual([{ email: "kept@example.com" }]);
      expect(rowsOf(upgraded, "SELECT slug FROM blog_posts")).toEqual([{ slug: "kept" }]);
      expect(rowsOf(upgraded, "SELECT name FROM sqlite_master WHERE name = ?", "stored_files")).toEqual([{ name: "stored_files" }]);
      await setDatabaseForTests(sqliteHandle(upgraded));
      expect(await importImageFolder(uploads)).toBe(1);
      expect(await importImageFolder(uploads)).toBe(0);
      expect((await readStoredFile(`${base}-480.webp`))?.bytes.equals(webp)).toBe(true);
      expect(await readStoredFile("notes.txt")).toBeUndefined();
      expect(await findStoredImage("blog-zzz999-0000000000000000")).toBeNull();
    } finally {
      await setDatabaseForTests(undefined);
    }
  });
});
