// What `npm run db:backup` writes, read back by `npm run db:verify` and `npm run db:restore` (app/cli/):
// a SQLite file (SQLite's online backup) or a PostgreSQL custom-format dump (pg_dump). Uploaded images
// live in the database (stored_files), so either file is the whole site but for its secrets.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import Database from "better-sqlite3";
import { reasonOf } from "~/platform/config.server";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type BackupKind = "sqlite" | "postgres";

/** What a backup holds, or what is wrong with it. */
export type BackupReport =
  | { ok: true; kind: BackupKind; level: number; migration: string; behind: boolean; counts: Counts }
  | { ok: false; kind: BackupKind | undefined; problem: string };

type Counts = { accounts: number; posts: number; introductions: number; messages: number; images: number };
/** The tables counted in the report, by what an operator calls them. */
const COUNTED: Record<keyof Counts, string> = { accounts: "users", posts: "blog_posts", introductions: "introductions", messages: "messages", images: "stored_files" };

/** Which kind of backup a file is, by its first bytes: SQLite's header or pg_dump's custom format. */
export function backupKind(file: string): BackupKind | undefined {
  const head = Buffer.alloc(16);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString("latin1") === "SQLite format 3\0") return "sqlite";
  if (head.subarray(0, 5).toString("latin1") === "PGDMP") return "postgres";
  return undefined;
}

type Entry = { idx: number; tag: string; when: number };
/** This build's migrations for an engine (drizzle/<engine>/meta/_journal.json), oldest first. */
function journal(kind: BackupKind): Entry[] {
  const file = path.join(ROOT, "drizzle", kind === "sqlite" ? "sqlite" : "postgres", "meta", "_journal.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { entries: Entry[] }).entries.slice().sort((a, b) => a.when - b.when);
}

/**
 * Drizzle's migrator records each migration with its journal time as created_at, and how far a schema has
 * come is the newest one recorded (as GET /readyz reads it): that time, matched against this build's journal.
 */
function level(kind: BackupKind, newest: number | undefined, counts: Counts): BackupReport {
  const entries = journal(kind);
  const latest = entries.at(-1) as Entry;
  if (newest === undefined) return { ok: false, kind, problem: "it records no migration: not a WealthMatch database" };
  if (newest > latest.when) {
    return { ok: false, kind, problem: `it was migrated by a newer release than this build (whose newest migration is ${latest.idx} (${latest.tag})): restore it with that release` };
  }
  const entry = entries.find((e) => e.when === newest);
  if (!entry) return { ok: false, kind, problem: `its newest migration (recorded at ${newest}) is not one of this build's drizzle/${kind} migrations` };
  return { ok: true, kind, level: entry.idx, migration: entry.tag, behind: entry !== latest, counts };
}

function verifySqlite(file: string): BackupReport {
  let sqlite: Database.Database;
  try {
    sqlite = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { ok: false, kind: "sqlite", problem: `SQLite cannot open it: ${reasonOf(error)}` };
  }
  try {
    const problems = (sqlite.pragma("integrity_check") as { integrity_check: string }[]).map((row) => row.integrity_check);
    if (problems[0] !== "ok") return { ok: false, kind: "sqlite", problem: `integrity check failed: ${problems.slice(0, 3).join("; ")}` };
    const dangling = (sqlite.pragma("foreign_key_check") as unknown[]).length;
    if (dangling > 0) return { ok: false, kind: "sqlite", problem: `${dangling} row(s) point at rows that do not exist (PRAGMA foreign_key_check)` };
    // A SQLite file read as such, on either engine's build (hence the explicit empty parameters below).
    const has = (table: string) => sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table) !== undefined;
    const count = (table: string) => (has(table) ? Number(sqlite.prepare(`select count(*) from "${table}"`).pluck().get(...[])) : 0);
    const newest = has("__drizzle_migrations") ? (sqlite.prepare("select max(created_at) from __drizzle_migrations").pluck().get(...[]) as number | null) : null;
    const counts = Object.fromEntries(Object.entries(COUNTED).map(([key, table]) => [key, count(table)])) as Counts;
    return level("sqlite", newest === null ? undefined : Number(newest), counts);
  } catch (error) {
    return { ok: false, kind: "sqlite", problem: `SQLite cannot read it: ${reasonOf(error)}` };
  } finally {
    sqlite.close();
  }
}

/**
 * A custom-format dump has no integrity check of its own: pg_restore reads every entry of it into a
 * script (decompressing each table's data, as a restore would), and the script's COPY blocks give the
 * row counts and drizzle's migrations table. No database is needed.
 */
async function verifyPostgres(file: string): Promise<BackupReport> {
  let tool: string;
  try {
    tool = postgresTool("pg_restore");
  } catch (error) {
    return { ok: false, kind: "postgres", problem: reasonOf(error) };
  }
  const child = spawn(tool, ["--file", "-", file], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const rows = new Map<string, number>();
  let copying: string | undefined;
  let createdAt = -1;
  let newest: number | undefined;
  for await (const line of readline.createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    if (copying === undefined) {
      const copy = /^COPY ([\w."]+) \(([^)]*)\) FROM stdin;$/.exec(line);
      if (!copy) continue;
      copying = (copy[1] ?? "").replaceAll('"', "");
      createdAt = (copy[2] ?? "").split(", ").map((c) => c.replaceAll('"', "")).indexOf("created_at");
      rows.set(copying, 0);
    } else if (line === "\\.") {
      copying = undefined;
    } else {
      rows.set(copying, (rows.get(copying) ?? 0) + 1);
      if (copying === "drizzle.__drizzle_migrations" && createdAt >= 0) {
        const at = Number(line.split("\t")[createdAt]);
        if (Number.isFinite(at)) newest = Math.max(newest ?? at, at);
      }
    }
  }
  const code: number | null = child.exitCode ?? (await new Promise((resolve) => child.once("close", resolve)));
  if (code !== 0) return { ok: false, kind: "postgres", problem: `pg_restore cannot read it: ${stderr.trim().split("\n")[0] ?? `exit ${code}`}` };
  const counts = Object.fromEntries(Object.entries(COUNTED).map(([key, table]) => [key, rows.get(`public.${table}`) ?? 0])) as Counts;
  return level("postgres", newest, counts);
}

/** Opens a backup and checks it: readable and intact, and at a migration this build knows. */
export async function verifyBackup(file: string): Promise<BackupReport> {
  let kind: BackupKind | undefined;
  try {
    kind = backupKind(file);
  } catch (error) {
    return { ok: false, kind: undefined, problem: `cannot read it: ${reasonOf(error)}` };
  }
  if (kind === "sqlite") return verifySqlite(file);
  if (kind === "postgres") return verifyPostgres(file);
  return { ok: false, kind: undefined, problem: "neither a SQLite database nor a pg_dump custom-format file (what npm run db:backup writes)" };
}

/** The one line an operator reads: "ok, migration level 19 (0019_member_nav), 12 accounts, ...". */
export function describeBackup(report: Extract<BackupReport, { ok: true }>): string {
  const { counts } = report;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return (
    `migration level ${report.level} (${report.migration}), ${plural(counts.accounts, "account")}, ${plural(counts.posts, "post")}, ` +
    `${plural(counts.introductions, "introduction")}, ${plural(counts.messages, "message")}, ${plural(counts.images, "image file")}` +
    (report.behind ? "; this build upgrades it to its newest migration when the app starts on it" : "")
  );
}

/** PostgreSQL's client tools as tests/support/postgres.mjs finds the server's: $PG_BIN, the newest /usr/lib/postgresql/<version>/bin, PATH. */
export function postgresTool(tool: string): string {
  const has = (dir: string) => fs.existsSync(path.join(dir, tool));
  if (process.env.PG_BIN) {
    if (!has(process.env.PG_BIN)) throw new Error(`PG_BIN=${process.env.PG_BIN} holds no ${tool}`);
    return path.join(process.env.PG_BIN, tool);
  }
  const debian = "/usr/lib/postgresql";
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((name) => /^\d+(\.\d+)?$/.test(name) && has(path.join(debian, name, "bin")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(debian, versions[0], "bin", tool);
  const onPath = (process.env.PATH ?? "").split(path.delimiter).find((dir) => dir && has(dir));
  if (onPath) return path.join(onPath, tool);
  throw new Error(`no ${tool}: install PostgreSQL's client tools (Debian: apt-get install postgresql-client) or set PG_BIN to their folder`);
}

/**
 * A database address for a PostgreSQL tool: its password goes in the tool's environment (PGPASSWORD),
 * since on the command line ps would show it; `shown` is the address for messages.
 */
export function postgresToolAddress(url: string): { address: string; shown: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env = { ...process.env };
  const password = parsed.password;
  if (password) env.PGPASSWORD = decodeURIComponent(password);
  parsed.password = "";
  const address = parsed.toString();
  if (password) parsed.password = "****";
  return { address, shown: parsed.toString(), env };
}
