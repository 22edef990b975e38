/**
 * Operator command: opens a backup and says whether it would restore.
 *   npm run db:verify -- <backup-file>
 * A SQLite backup gets SQLite's integrity and foreign-key checks; a PostgreSQL dump is read whole by
 * pg_restore (no database needed). Either way its migration level is matched against this build's
 * drizzle/ migrations. Prints "ok, migration level N (name), M accounts, ..." or what is wrong (exit 1).
 */
import fs from "node:fs";
import path from "node:path";
import { describeBackup, verifyBackup } from "~/platform/backup-files.server";

const [target, ...extra] = process.argv.slice(2);
if (!target || extra.length > 0 || target.startsWith("-")) {
  console.error("Error: give exactly one backup file path\n\nUsage: npm run db:verify -- <backup-file>");
  process.exit(1);
}
const file = path.resolve(target);
if (!fs.existsSync(file)) {
  console.error(`Error: no file at ${file}`);
  process.exit(1);
}
const report = await verifyBackup(file);
if (report.ok) {
  console.log(`ok, ${describeBackup(report)} (${report.kind === "sqlite" ? "SQLite file" : "PostgreSQL dump"} ${file})`);
} else {
  console.error(`Error: ${file}: ${report.problem}`);
  process.exitCode = 1;
}
