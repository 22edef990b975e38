import Database from "better-sqlite3";

let handle: Database.Database | undefined;

/** The running e2e server's database (WAL, so reading and writing beside the server is safe). */
export function testDb(): Database.Database {
  if (!handle) {
    const file = process.env.E2E_DB_PATH;
    if (!file) throw new Error("E2E_DB_PATH is not set: run the specs with `npm run test:e2e`");
    handle = new Database(file);
    handle.pragma("busy_timeout = 5000");
  }
  return handle;
}

/** The stored JSON value of a site setting, or undefined when the row is absent. */
export function getSetting(key: string): unknown {
  const row = testDb().prepare("SELECT value FROM site_settings WHERE key = ?").get(key) as { value: string } | undefined;
  return row === undefined ? undefined : JSON.parse(row.value);
}

/**
 * Changes one part of a JSON setting in a single statement (so tests running at the same time, each
 * changing a different part, never overwrite each other) and returns the previous value there.
 *   const before = setSettingAt("marketingStats", "$.matches.value", "777+");  ...  setSettingAt("marketingStats", "$.matches.value", before);
 */
export function setSettingAt(key: string, jsonPath: string, value: unknown): unknown {
  return testDb().transaction(() => {
    const row = testDb()
      .prepare("SELECT json_extract(value, ?) AS old FROM site_settings WHERE key = ?")
      .get(jsonPath, key) as { old: unknown } | undefined;
    if (!row) throw new Error(`no site setting "${key}"`);
    testDb()
      .prepare("UPDATE site_settings SET value = json_set(value, ?, json(?)), updated_at = ? WHERE key = ?")
      .run(jsonPath, JSON.stringify(value), Date.now(), key);
    return row.old;
  }).immediate();
}

export type AuditRow = { kind: string; userId: string | null; email: string | null; ip: string | null; detail: string | null };

/** Audit events, newest first, optionally of one kind and/or for one e-mail. */
export function auditEvents(filter: { kind?: string; email?: string } = {}): AuditRow[] {
  const where: string[] = [];
  const params: string[] = [];
  if (filter.kind) {
    where.push("kind = ?");
    params.push(filter.kind);
  }
  if (filter.email) {
    where.push("lower(email) = lower(?)");
    params.push(filter.email);
  }
  const sql =
    "SELECT kind, user_id AS userId, email, ip, detail FROM audit_events" +
    (where.length ? ` WHERE ${where.join(" AND ")}` : "") +
    " ORDER BY id DESC";
  return testDb().prepare(sql).all(...params) as AuditRow[];
}
