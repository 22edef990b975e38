// Which migrations this build ships, and the start-up refusal of a database an older build cannot use
// (docs/decisions/066-schema-across-versions.md). Drizzle's migrator applies only the migrations newer
// than the newest it recorded, so an older build on an upgraded database would otherwise start silently
// on a schema it does not know (a column it never writes, a table it never fills).
import fs from "node:fs";
import path from "node:path";
import { StartupError } from "~/platform/config.server";

export type Migration = { tag: string; when: number };

const journals = new Map<string, Migration[]>();

/** The migrations this build ships in `folder` (its meta/_journal.json), oldest first. */
export function shippedMigrations(folder: string): Migration[] {
  let entries = journals.get(folder);
  if (!entries) {
    const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: Migration[] };
    entries = journal.entries.map(({ tag, when }) => ({ tag, when })).sort((a, b) => a.when - b.when);
    journals.set(folder, entries);
  }
  return entries;
}

/** Start-up stops with this one line: no other database error is said in these words. */
export class NewerSchemaError extends StartupError {
  constructor(message: string) {
    super(message);
    this.name = "NewerSchemaError";
  }
}

/**
 * Throws NewerSchemaError when the database records a migration newer than any this build ships.
 * `applied` is the created_at of each row of drizzle's migrations table: the migration's journal time,
 * which is all the table keeps of it (besides a hash of its SQL), so the unknown one is named by date.
 */
export function refuseNewerSchema(applied: readonly unknown[], folder: string): void {
  const shipped = shippedMigrations(folder);
  const known = shipped[shipped.length - 1];
  const newest = known?.when ?? 0;
  const unknown = applied.map(Number).filter((when) => when > newest);
  if (unknown.length === 0) return;
  const latest = new Date(Math.max(...unknown)).toISOString().replace(/\.\d+Z$/, "Z");
  const which = unknown.length === 1 ? `a migration dated ${latest}` : `${unknown.length} migrations, the newest dated ${latest},`;
  throw new NewerSchemaError(
    `The database's schema is newer than this version of WealthMatch (it has ${which} that this build does not know; ` +
      `this build knows up to ${known?.tag ?? "none"}): deploy the newer version, or restore a backup taken before the upgrade.`,
  );
}
