// `npm run db:copy` (app/cli/db-copy.ts) moves a SQLite site to PostgreSQL, and `npm run db:backup` dumps a
// PostgreSQL one. Each test run starts a PostgreSQL cluster of its own here, so these tests need no engine
// of the run: they run in the SQLite unit run (and on PostgreSQL's, beside the run's own cluster).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { getTableColumns, getTableName, is, type Table } from "drizzle-orm";
import { drizzle as sqliteDrizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import { PgTable, getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { copyPlan } from "~/platform/engine-copy.server";
import * as postgresSchema from "~/platform/schema/postgres";
import * as sqliteSchema from "~/platform/schema/sqlite";
import { postgresBinDir, startPostgres } from "../support/postgres.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wm-copy-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Result = { code: number; stdout: string; stderr: string };

/** Runs a command of app/cli in a child process on the SQLite file in `dataDir` (DATABASE_URL only when given). */
function run(args: string[], dataDir: string, extra: NodeJS.ProcessEnv = {}): Promise<Result> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, UPLOADS_DIR: path.join(dataDir, "uploads"), SEED_DEMO: "0" };
  // The run's own database (`npm run test:unit:pg`) is not the one these commands are about.
  for (const key of ["DATABASE_URL", "DATABASE_PATH", "SESSION_SECRET", "TEST_POSTGRES_ADMIN_URL"]) delete env[key];
  Object.assign(env, extra);
  return new Promise((resolve) => {
    execFile(path.join(ROOT, "node_modules/.bin/tsx"), args, { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const copy = (dataDir: string, url: string) => run(["app/cli/db-copy.ts", "--to", url], dataDir);

// The demo content as the app seeds it on first start, through the app itself (on the SQLite file: the child has no DATABASE_URL).
const SEED = `
const { openAppDatabase } = await import("~/platform/db.server");
const { seedDemoContent } = await import("~/features/seed/demo.server");
const handle = await openAppDatabase();
const result = await seedDemoContent();
await handle.close();
if (!result.seeded) throw new Error("the demo content was not seeded");
`;

const BYTES = Buffer.from([...Array.from({ length: 256 }, (_, i) => i), 0, 0, 255, 0]);
const EXPIRES_MS = 1_795_000_000_999;
const SHORTLIST_ITEMS = [{ professionalId: 1, score: 0.875, reasons: ["fee model", "languages: é, ü"], extra: { nested: [1, null, true] } }];

/** Rows of every kind of value in every table the demo content leaves empty. */
function seedByHand(file: string): void {
  const sqlite = new Database(file);
  sqlite.pragma("foreign_keys = ON");
  const professional = Number(sqlite.prepare("select min(id) as id from professionals").pluck().get(...[]));
  const statements: [string, ...unknown[]][] = [
    ["insert into users (id, email, password_hash, email_confirmed_at, created_at) values (?, ?, ?, ?, ?)", "u-client", "client@example.com", "hash-1", 1_795_000_000_123, 1_795_000_000_001],
    ["insert into users (id, email, password_hash) values (?, ?, ?)", "u-admin", "Admin@Example.com", "hash-2"],
    ["insert into profiles (user_id, email, full_name) values (?, ?, ?)", "u-client", "client@example.com", "Cléa Client"],
    ["insert into user_roles (user_id, role) values (?, ?), (?, ?)", "u-client", "client", "u-admin", "admin"],
    ["insert into sessions (id, user_id, expires_at, persistent, user_agent, ip) values (?, ?, ?, 1, ?, ?)", "s-1", "u-client", EXPIRES_MS, "Firefox", "127.0.0.1"],
    ["insert into sessions (id, user_id, expires_at, persistent) values (?, ?, ?, 0)", "s-2", "u-admin", EXPIRES_MS + 1],
    ["insert into shortlists (client_user_id, items, note, released_at, released_by) values (?, ?, ?, ?, ?)", "u-client", JSON.stringify(SHORTLIST_ITEMS), "hand-picked", 1_795_000_000_456, "u-admin"],
    ["insert into introductions (client_user_id, professional_id, status, requested_at) values (?, ?, 'accepted', ?)", "u-client", professional, 1_795_000_000_789],
    ["insert into password_reset_tokens (user_id, purpose, token_hash, expires_at) values (?, 'password-reset', ?, ?)", "u-client", "token-hash", EXPIRES_MS],
    ["insert into registration_answers (user_id, user_type, answers) values (?, 'client', ?)", "u-client", JSON.stringify({ goals: ["retire"], amount: 1.5 })],
    ["insert into form_submissions (name, email, message, company) values (?, ?, ?, ?)", "Ann", "ann@example.com", "Hello", "Acme — Zürich"],
    ["insert into submission_replies (submission_id, author_user_id, author_name, body) values ((select max(id) from form_submissions), ?, ?, ?)", "u-admin", "Admin@Example.com", "Thank you — <b>we</b> reply"],
    ["insert into audit_events (id, kind, user_id, detail) values (41, 'LOGIN_SUCCESS', ?, ?)", "u-client", "first"],
    ["insert into rate_limit_hits (bucket, key) values (?, ?)", "login", "127.0.0.1"],
    ["insert into site_settings (key, value) values (?, ?)", "cache", JSON.stringify({ sMaxAge: 60, staleWhileRevalidate: 300 })],
    ["insert into two_factor (user_id, secret, confirmed_at, last_step) values (?, ?, ?, ?)", "u-admin", "secret", 1_795_000_000_002, 59_833_333],
    ["insert into recovery_codes (user_id, code_hash) values (?, ?)", "u-admin", "code-hash"],
    ["insert into stored_files (name, content_type, bytes) values (?, ?, ?)", "portrait-640.webp", "image/webp", BYTES],
    ["insert into shortlist_declines (client_user_id, professional_id, reason) values (?, ?, ?)", "u-client", professional, "Too far — ß"],
    ["insert into availability (professional_id, time_zone, meeting_minutes, weekly, video_link, offers_phone) values (?, ?, 30, ?, ?, 1)", professional, "Europe/Zurich", JSON.stringify([{ day: 1, start: "09:00", end: "12:30" }]), "https://meet.example.com/a"],
    ["insert into bookings (introduction_id, professional_id, starts_at, ends_at, kind, uid, sequence, client_held) values (1, ?, ?, ?, 'video', ?, 2, 1)", professional, 1_795_000_360_000, 1_795_002_160_000, "booking-1@wealthmatch"],
    ["insert into messages (introduction_id, sender, body, reported_at, report_reason) values (1, 'client', ?, ?, ?)", "Hello <b>there</b> 👋", 1_795_000_000_777, "spam"],
    ["insert into jobs (kind, key, payload, run_at, attempts, last_error) values (?, ?, ?, ?, 1, ?)", "outcome-question", "outcome:1", JSON.stringify({ bookingId: 1 }), 1_795_086_400_000, "smtp down"],
    ["insert into professional_registrations (professional_id, register, number) values (?, 'uk-fca-frn', ?)", professional, "123456"],
    ["insert into vetting_checks (professional_id, item, checked_at, checked_by, checked_on, note) values (?, 'register', ?, ?, ?, ?)", professional, 1_795_000_000_300, "u-admin", "2026-11-20", "Record clean — ü"],
    ["insert into verifications (professional_id, verified_at, verified_by, checks) values (?, ?, ?, ?)", professional, 1_795_000_000_400, "u-admin", JSON.stringify([{ item: "identity", checkedAt: "2026-11-20T10:00:00.000Z", checkedBy: "u-admin", checkedOn: null, note: null }])],
    ["insert into newsletter_subscribers (email, status, subscribed_at, confirmed_at) values (?, 'confirmed', ?, ?)", "reader@example.com", 1_795_000_000_100, 1_795_000_000_200],
    ["insert into plans (name, amount_minor, currency, billing_interval, active, stripe_price_id) values (?, ?, 'usd', 'yearly', 1, ?)", "Practice", 120_000, "price_123"],
    ["insert into subscriptions (professional_id, plan_id, state, stripe_customer_id, stripe_subscription_id, current_period_end, lapsed_at) values (?, 1, 'past_due', ?, ?, ?, ?)", professional, "cus_1", "sub_1", 1_795_100_000_000, 1_795_000_000_300],
    ["insert into stripe_events (id, type) values (?, ?)", "evt_1", "checkout.session.completed"],
    ["insert into register_records (source, number, record, feed_date, digest, imported_at) values ('sec-individual', ?, ?, '2027-03-01', 'd1', ?)", "7001004", JSON.stringify({ name: "AMELIA J STRAND", otherNames: ["AMY STRAND"], current: true, status: "APPROVED", since: "2014-09-02", firms: [{ name: "NORTHGATE PARTNERS LLC", number: "801001" }], disclosures: ["customer-complaint"] }), 1_795_000_000_500],
    ["insert into register_staging (batch, source, number, record, feed_date, digest, imported_at) values ('b-1', 'sec-firm', ?, ?, '2027-03-01', 'd2', ?)", "801001", JSON.stringify({ name: "NORTHGATE — Ü", otherNames: [], current: false, status: "Registered TERMINATED", since: null, firms: [], disclosures: [] }), 1_795_000_000_550],
    ["insert into register_imports (source, feed_date, origin, records, added, changed, removed) values ('sec-individual', '2027-03-01', ?, 3, 3, 0, 0)", "IA_INDVL_Feed.xml.zip"],
    ["insert into register_alerts (professional_id, register, number, changes, feed_date, decision, decided_at, decided_by, note) values (?, 'us-crd-individual', ?, ?, '2027-04-01', 'cleared', ?, ?, ?)", professional, "7001004", JSON.stringify([{ kind: "new-disclosure", kinds: ["regulatory"] }]), 1_795_000_000_600, "u-admin", "Reviewed — fine"],
  ];
  for (const [text, ...params] of statements) sqlite.prepare(text).run(...params);
  // More rows than one INSERT takes (500): the copy goes on batch after batch.
  const hit = sqlite.prepare("insert into rate_limit_hits (bucket, key, created_at) values (?, ?, ?)");
  sqlite.transaction(() => {
    for (let i = 0; i < 1234; i++) hit.run("register", `10.0.0.${i % 250}`, 1_795_000_000_000 + i);
  })();
  sqlite.close();
}

const byName = <T extends Table>(tables: T[]) => new Map(tables.map((table) => [getTableName(table), table]));
const sqliteTables = byName((Object.values(sqliteSchema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable)));
const postgresTables = byName((Object.values(postgresSchema) as unknown[]).filter((value): value is PgTable => is(value, PgTable)));

/** Rows in primary-key order, so both sides list them alike. */
function sorted(table: Table, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const columns = Object.entries(getTableColumns(table));
  const primary = columns.filter(([, column]) => column.primary).map(([key]) => key);
  const keys = primary.length > 0 ? primary : columns.map(([key]) => key);
  const keyOf = (row: Record<string, unknown>) => JSON.stringify(keys.map((key) => row[key]));
  return [...rows].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

describe("db:copy's plan", () => {
  test("copies every table of both schemas, each after the tables it points at", () => {
    const plan = copyPlan();
    expect(plan.map((table) => table.name).sort()).toEqual([...sqliteTables.keys()].sort());
    expect(plan.map((table) => table.name).sort()).toEqual([...postgresTables.keys()].sort());
    const position = new Map(plan.map((table, i) => [table.name, i]));
    for (const [name, table] of postgresTables) {
      for (const key of pgTableConfig(table).foreignKeys) {
        const parent = getTableName(key.reference().foreignTable);
        if (parent !== name) expect(position.get(parent), `${parent} before ${name}`).toBeLessThan(position.get(name) ?? -1);
      }
      expect(plan.find((t) => t.name === name)?.columns.map((c) => c.name)).toEqual(pgTableConfig(table).columns.map((c) => c.name));
    }
  });
});

const missing = (() => {
  try {
    const bin = postgresBinDir();
    return ["pg_dump", "pg_restore"].find((tool) => !fs.existsSync(path.join(bin, tool)));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
})();

describe.skipIf(missing !== undefined)(`moving to PostgreSQL${missing ? ` (skipped: PostgreSQL's tools are missing: ${missing})` : ""}`, { timeout: 120_000 }, () => {
  const dataDir = path.join(tmp, "site");
  const file = path.join(dataDir, "app.db");
  let cluster: Awaited<ReturnType<typeof startPostgres>> | undefined;
  let url = "";
  let pool: pg.Pool | undefined;
  const target = () => pgDrizzle(pool as pg.Pool);

  // Starts a PostgreSQL cluster: more than the default 10 s on a busy machine.
  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.createDatabase();
    pool = new pg.Pool({ connectionString: url, max: 2 });
    const seeded = await run(["--input-type=module", "-e", SEED], dataDir);
    expect(seeded, seeded.stderr).toMatchObject({ code: 0 });
    seedByHand(file);
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    cluster?.stop();
  });

  async function counts(): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const name of [...postgresTables.keys(), "content_version"]) {
      const rows = await (pool as pg.Pool).query<{ n: string }>(`select count(*) as n from "${name}"`);
      result[name] = Number(rows.rows[0]?.n);
    }
    const version = await (pool as pg.Pool).query<{ version: string }>("select version from content_version");
    result["content_version.version"] = Number(version.rows[0]?.version);
    return result;
  }

  test("copies every row of every table, values unchanged, and reports the counts", async () => {
    const sqlite = new Database(file, { readonly: true });
    const source = sqliteDrizzle(sqlite);
    for (const name of sqliteTables.keys()) {
      expect(sqlite.prepare(`select count(*) from "${name}"`).pluck().get(...[]), `${name} has rows to copy`).toBeGreaterThan(0);
    }

    const result = await copy(dataDir, url);
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toMatch(/^table\s+SQLite\s+PostgreSQL$/m);
    expect(result.stdout).toMatch(/^stored_files\s+1\s+1$/m);
    expect(result.stdout).toMatch(/^rate_limit_hits\s+1235\s+1235$/m);
    expect(result.stdout).toMatch(/Copied \d+ rows in \d+ tables/);

    for (const [name, table] of sqliteTables) {
      const pgTable = postgresTables.get(name) as PgTable;
      const from = sorted(table, (await source.select().from(table)) as Record<string, unknown>[]);
      const to = sorted(pgTable, (await target().select().from(pgTable)) as Record<string, unknown>[]);
      expect(to.length, name).toBe(from.length);
      expect(to, name).toEqual(from);
    }
    const version = sqlite.prepare("select version from content_version").pluck().get(...[]);
    expect((await counts())["content_version.version"]).toBe(version);
    sqlite.close();

    const stored = await (pool as pg.Pool).query<{ bytes: Buffer }>("select bytes from stored_files");
    expect(Buffer.compare(stored.rows[0]?.bytes ?? Buffer.alloc(0), BYTES)).toBe(0);
    const session = await (pool as pg.Pool).query<{ expires_at: Date; persistent: boolean }>("select expires_at, persistent from sessions where id = 's-1'");
    expect(session.rows[0]?.expires_at.getTime()).toBe(EXPIRES_MS);
    expect(session.rows[0]?.persistent).toBe(true);
    const shortlist = await (pool as pg.Pool).query<{ items: unknown }>("select items from shortlists");
    expect(shortlist.rows[0]?.items).toEqual(SHORTLIST_ITEMS);
  });

  test("refuses a database that is not empty, and changes nothing in it", async () => {
    const before = await counts();
    const result = await copy(dataDir, url);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("is not empty");
    expect(result.stderr).toContain("nothing was written");
    expect(await counts()).toEqual(before);
  });

  test("a new row's id follows the copied ones", async () => {
    const sqlite = new Database(file, { readonly: true });
    const maxima = sqlite.prepare("select (select max(id) from audit_events) as audit, (select max(id) from blog_posts) as posts").get(...[]) as { audit: number; posts: number };
    sqlite.close();
    const [audit] = await target().insert(postgresSchema.auditEvents).values({ kind: "LOGOUT" }).returning({ id: postgresSchema.auditEvents.id });
    expect(audit?.id).toBe(maxima.audit + 1);
    const [post] = await target()
      .insert(postgresSchema.blogPosts)
      .values({ title: "After the move", slug: "after-the-move", content: "<p>New.</p>" })
      .returning({ id: postgresSchema.blogPosts.id });
    expect(post?.id).toBe(maxima.posts + 1);
  });

  test("refuses a SQLite file whose foreign keys point at nothing, writing nothing", async () => {
    const brokenDir = path.join(tmp, "broken");
    fs.mkdirSync(brokenDir, { recursive: true });
    const broken = new Database(path.join(brokenDir, "app.db"));
    migrate(sqliteDrizzle(broken), { migrationsFolder: path.join(ROOT, "drizzle/sqlite") });
    broken.pragma("foreign_keys = OFF");
    broken.prepare("insert into sessions (id, user_id, expires_at) values (?, ?, ?)").run("orphan", "nobody", EXPIRES_MS);
    broken.close();
    const empty = await (cluster as NonNullable<typeof cluster>).createDatabase();

    const result = await copy(brokenDir, empty);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("sessions row 1 points at a missing users row");
    const client = new pg.Client({ connectionString: empty });
    await client.connect();
    const tables = await client.query("select 1 from pg_tables where schemaname = 'public'");
    await client.end();
    expect(tables.rowCount).toBe(0);
  });

  test("db:backup dumps the PostgreSQL database, which pg_restore lists and restores", async () => {
    const dump = path.join(tmp, "backups", "site.dump");
    const result = await run(["app/cli/db-backup.ts", dump], dataDir, { DATABASE_URL: url });
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(`pg_restore --clean --if-exists --no-owner -d ${url} ${dump}`);

    const bin = postgresBinDir();
    const listed = await new Promise<string>((resolve, reject) => {
      execFile(path.join(bin, "pg_restore"), ["--list", dump], (error, stdout) => (error ? reject(error) : resolve(stdout)));
    });
    for (const entry of ["TABLE DATA public stored_files", "TABLE DATA public content_version", "TABLE DATA public users", "TABLE DATA drizzle __drizzle_migrations"]) {
      expect(listed).toContain(entry);
    }

    const restored = await (cluster as NonNullable<typeof cluster>).createDatabase();
    await new Promise<void>((resolve, reject) => {
      execFile(path.join(bin, "pg_restore"), ["--clean", "--if-exists", "--no-owner", "-d", restored, dump], (error, _stdout, stderr) =>
        error ? reject(new Error(stderr)) : resolve(),
      );
    });
    const client = new pg.Client({ connectionString: restored });
    await client.connect();
    const stored = await client.query<{ bytes: Buffer }>("select bytes from stored_files");
    await client.end();
    expect(Buffer.compare(stored.rows[0]?.bytes ?? Buffer.alloc(0), BYTES)).toBe(0);

    const again = await run(["app/cli/db-backup.ts", dump], dataDir, { DATABASE_URL: url });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists");
  });
});
