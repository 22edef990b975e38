// `npm run db:backup` of a running site under writes, `npm run db:verify` of the file, `npm run db:restore`
// into a fresh data folder (PostgreSQL: a fresh database), and the app started on it finding what the
// site held. The live site is this test file's own database (tests/unit/setup.ts), served by the
// production server's wiring (server/app.ts) while accounts, introductions, messages and posts with
// images are written through the app's modules; the commands run as an operator runs them, in children.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type AppBuild } from "../../server/app";
import { db } from "~/platform/db.server";
import { HSTS, setServerHeaders } from "~/platform/http/headers.server";
import { databaseReadiness } from "~/platform/readiness.server";
import { introductions, professionals } from "~/platform/schema";
import { readStoredFile } from "~/platform/uploads/stored-files.server";
import { storeFeaturedImage } from "~/platform/uploads/images.server";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createPost } from "~/features/admin/blog/posts.data.server";
import { PostSchema } from "~/features/blog/post-schema";
import { sendMessage } from "~/features/introductions/introduction-page.data.server";
import { createDatabase, dropDatabase } from "../support/postgres.mjs";
import { onPostgres } from "./engine";
import { siteContents } from "./support/restored-site";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wm-restore-"));
const backupFile = path.join(tmp, onPostgres ? "site.dump" : "site.db");
const adminUrl = process.env.TEST_POSTGRES_ADMIN_URL;
const databases: string[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  if (adminUrl) for (const name of databases) await dropDatabase(adminUrl, name);
  fs.rmSync(tmp, { recursive: true, force: true });
});

type Result = { code: number; stdout: string; stderr: string };

/** `npm run <command> -- args` as its script runs it (tsx app/cli/...), with `env`. */
function cli(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Result> {
  return new Promise((resolve) => {
    execFile(path.join(ROOT, "node_modules/.bin/tsx"), [`app/cli/${script}.ts`, ...args], { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** A fresh place to restore into: an empty data folder on SQLite, an empty database on PostgreSQL. */
async function freshTarget(): Promise<NodeJS.ProcessEnv> {
  const dir = fs.mkdtempSync(path.join(tmp, "target-"));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, UPLOADS_DIR: path.join(dir, "uploads"), MAIL_DIR: path.join(dir, "mail"), SEED_DEMO: "0", JOBS_POLL_MS: "0" };
  delete env.DATABASE_PATH;
  if (!onPostgres) {
    delete env.DATABASE_URL;
    return env;
  }
  const url = await createDatabase(adminUrl as string);
  databases.push(new URL(url).pathname.slice(1));
  // The same SESSION_SECRET and TWO_FACTOR_KEY as the live site (setup.ts set them): a restore keeps the secrets.
  return { ...env, DATABASE_URL: url };
}

/** tests/unit/support/restored-site.ts on `env`'s database: the app's start-up and server; resolves with its address. */
async function startRestoredSite(env: NodeJS.ProcessEnv): Promise<{ url: string; stop: () => Promise<unknown> }> {
  const child: ChildProcess = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["tests/unit/support/restored-site.ts"], {
    cwd: ROOT,
    env: { ...env, RESTORED_SITE: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening (\d+)/.exec(output);
      if (listening) resolve(Number(listening[1]));
    });
    child.once("exit", (code) => reject(new Error(`the restored site exited (${code}): ${output}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once("exit", resolve);
      child.kill("SIGTERM");
    });
  cleanups.push(stop);
  return { url: `http://127.0.0.1:${port}`, stop };
}

let adminId = "";

/** One round of what members and admins write: two accounts, an accepted introduction with two messages, a post with an uploaded image. */
async function writeRound(round: number): Promise<void> {
  const stamp = `${round}-${Date.now()}`;
  const client = await upsertAccount({ email: `client-${stamp}@restore.example`, password: "Passw0rdX", role: "client", name: "Client Restored" });
  const pro = await upsertAccount({ email: `pro-${stamp}@restore.example`, password: "Passw0rdX", role: "professional", name: "Pro Restored" });
  const [professional] = await db()
    .insert(professionals)
    .values({ name: `Pro ${round}`, company: "Restore Partners", title: "Advisor", email: `pro-${stamp}@restore.example`, userId: pro.userId, verified: true, communication: ["video"] })
    .returning({ id: professionals.id });
  const [intro] = await db()
    .insert(introductions)
    .values({ clientUserId: client.userId, professionalId: professional!.id, status: "accepted", requestedAt: new Date(), answeredAt: new Date() })
    .returning({ id: introductions.id });
  expect(await sendMessage(client.userId, intro!.id, `Hello from client ${round}`)).toMatchObject({ ok: true });
  expect(await sendMessage(pro.userId, intro!.id, `Reply from professional ${round} — ü`)).toMatchObject({ ok: true });
  const png = await sharp({ create: { width: 700, height: 400, channels: 3, background: { r: (round * 37) % 256, g: 90, b: 160 } } }).png().toBuffer();
  const meta = await storeFeaturedImage(png);
  const input = PostSchema.parse({
    title: `Restored post ${stamp}`,
    content: `A post written while the backup ran, round ${round}: enough words to pass the editor's minimum.`,
    category: "general",
    published: "on",
    featuredImageAlt: `Image ${round}`,
  });
  await createPost(input, { kind: "set", meta }, adminId);
}

/** Every item of `part` is one of `whole`'s, field for field. */
function expectWithin<T>(part: T[], whole: T[], what: string) {
  for (const item of part) expect(whole, what).toContainEqual(item);
}

describe(`npm run db:backup, db:verify and db:restore on ${onPostgres ? "PostgreSQL" : "SQLite"}`, { timeout: 300_000 }, () => {
  let live = "";
  let before: Awaited<ReturnType<typeof siteContents>>;
  let after: Awaited<ReturnType<typeof siteContents>>;
  let roundsDuringBackup = 0;

  beforeAll(async () => {
    adminId = (await upsertAccount({ email: "admin@restore.example", password: "Passw0rdX", role: "admin", name: "Admin" })).userId;
    const { server, stop } = createServer({
      build: { entry: { module: { refusalPage: (status: number) => `<p>${status}</p>`, HSTS, setServerHeaders, readUpload: readStoredFile, databaseReadiness } } } as unknown as AppBuild,
      clientDir: ROOT,
      handler: (_req, res) => void siteContents().then((contents) => res.json(contents)),
    });
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    cleanups.push(stop);
    live = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (let round = 0; round < 2; round++) await writeRound(round);
    before = await siteContents();
  }, 60_000);

  it("backs up the running site while accounts, messages, posts and images are written", async () => {
    let done = false;
    const backup = cli("db-backup", [backupFile]).finally(() => (done = true));
    let round = 2;
    while (!done) {
      await writeRound(round++);
      roundsDuringBackup++;
      // The site keeps serving its images meanwhile.
      const image = await fetch(`${live}${before.posts[0]?.featuredImage ?? ""}`);
      expect(image.status).toBe(200);
    }
    const result = await backup;
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(roundsDuringBackup).toBeGreaterThan(0);
    after = await siteContents();
    expect(after.accounts.length).toBeGreaterThan(before.accounts.length);
  });

  it("db:verify says ok with the migration level and the counts, within what the site held", async () => {
    const result = await cli("db-verify", [backupFile]);
    expect(result, result.stderr).toMatchObject({ code: 0 });
    const ok = /^ok, migration level (\d+) \((\d{4}_\w+)\), (\d+) accounts, (\d+) posts, (\d+) introductions, (\d+) messages, (\d+) image files \(/.exec(result.stdout);
    expect(ok, result.stdout).not.toBeNull();
    const journal = JSON.parse(fs.readFileSync(path.join(ROOT, "drizzle", onPostgres ? "postgres" : "sqlite", "meta/_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
    expect(ok?.[1]).toBe(String(journal.entries.at(-1)?.idx));
    expect(ok?.[2]).toBe(journal.entries.at(-1)?.tag);
    const accounts = Number(ok?.[3]);
    expect(accounts).toBeGreaterThanOrEqual(before.accounts.length);
    expect(accounts).toBeLessThanOrEqual(after.accounts.length);
  });

  it("restores into a fresh target; the app started on it is ready and serves the same accounts, posts, introductions, messages and images", async () => {
    const target = await freshTarget();
    const restored = await cli("db-restore", [backupFile], target);
    expect(restored, restored.stderr).toMatchObject({ code: 0 });
    expect(restored.stdout).toMatch(/^Restored .* migration level \d+/m);
    expect(restored.stdout).toContain("TWO_FACTOR_KEY");

    const site = await startRestoredSite(target);
    const ready = await fetch(`${site.url}/readyz`);
    expect([ready.status, await ready.text()]).toEqual([200, "ready"]);
    const found = (await (await fetch(`${site.url}/restored`)).json()) as typeof before;

    // All that was written before the backup started, and nothing that the site did not hold.
    for (const key of ["accounts", "posts", "introductions", "messages"] as const) {
      expectWithin(before[key] as unknown[], found[key] as unknown[], `${key} written before the backup`);
      expectWithin(found[key] as unknown[], after[key] as unknown[], `${key} restored`);
    }
    // Every message's introduction and every post's images came along.
    expect(found.messages.every((message) => found.introductions.some((intro) => intro.id === message.introduction))).toBe(true);
    for (const post of found.posts) {
      const name = post?.featuredImage?.replace("/uploads/", "") ?? "";
      const served = await fetch(`${site.url}/uploads/${name}`);
      expect(served.status, name).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      const original = await readStoredFile(name);
      expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), original?.bytes ?? Buffer.alloc(0)), name).toBe(0);
    }
    await site.stop();

    // The same target again: refused in one line, nothing changed; --force replaces it.
    const again = await cli("db-restore", [backupFile], target);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split("\n")).toHaveLength(1);
    expect(again.stderr).toMatch(onPostgres ? /is not empty .*add --force to replace it/ : /already exists: restore into an empty data folder, or add --force to replace it/);
    const forced = await cli("db-restore", [backupFile, "--force"], target);
    expect(forced, forced.stderr).toMatchObject({ code: 0 });
    const second = await startRestoredSite(target);
    const refound = (await (await fetch(`${second.url}/restored`)).json()) as typeof before;
    expect(refound).toEqual(found);
    await second.stop();
  });

  it("db:verify and db:restore refuse a damaged file, exit 1, and restore nothing", async () => {
    const damaged = path.join(tmp, onPostgres ? "damaged.dump" : "damaged.db");
    const bytes = fs.readFileSync(backupFile);
    if (onPostgres) {
      // Cut short, as a copy interrupted mid-way.
      fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    } else {
      // Pages past the first overwritten: the header still says SQLite.
      bytes.fill(0x5a, 4096, Math.min(bytes.length, 4096 * 6));
      fs.writeFileSync(damaged, bytes);
    }
    const verified = await cli("db-verify", [damaged]);
    expect(verified.code).toBe(1);
    expect(verified.stderr).toMatch(onPostgres ? /pg_restore cannot read it/ : /integrity check failed|SQLite cannot (open|read) it/);

    const target = await freshTarget();
    const restored = await cli("db-restore", [damaged], target);
    expect(restored.code).toBe(1);
    expect(restored.stderr).toContain("nothing was restored");
    if (!onPostgres) expect(fs.existsSync(path.join(target.DATA_DIR ?? "", "app.db"))).toBe(false);

    const text = path.join(tmp, "notes.txt");
    fs.writeFileSync(text, "not a backup\n".repeat(10));
    const neither = await cli("db-verify", [text]);
    expect(neither.code).toBe(1);
    expect(neither.stderr).toContain("neither a SQLite database nor a pg_dump custom-format file");
  });

  it.skipIf(onPostgres)("db:verify refuses a SQLite backup migrated by a newer release", async () => {
    const newer = path.join(tmp, "newer.db");
    fs.copyFileSync(backupFile, newer);
    const sqlite = new Database(newer);
    sqlite.prepare("insert into __drizzle_migrations (hash, created_at) values ('future', (select max(created_at) + 1 from __drizzle_migrations))").run(...[]);
    sqlite.close();
    const result = await cli("db-verify", [newer]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("migrated by a newer release than this build");
  });
});
