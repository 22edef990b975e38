import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { resetConfigForTests } from "~/platform/config.server";
import { openAppDatabase, setDatabaseForTests } from "~/platform/db.server";
import { closeHashPool, configureHashPoolForTests } from "~/platform/password.server";
import { mailSettled } from "~/platform/mail.server";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../support/postgres.mjs";
import { onPostgres } from "./engine";
import { NO_DATABASE_FILES } from "./no-database-files.mjs";

// Runs before each test file (each in its own process). Set at load time, before the test file imports
// modules that read them (the bcrypt cost is read on import). Cost 4 keeps hashing fast; the code path is the same.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-unit-"));
process.env.NODE_ENV = "test";
process.env.DATA_DIR = dataDir;
process.env.UPLOADS_DIR = path.join(dataDir, "uploads");
process.env.MAIL_DIR = path.join(dataDir, "mail");
process.env.BCRYPT_COST = "4";
process.env.SEED_DEMO = "0";
for (const key of ["DATABASE_PATH", "SMTP_URL", "SESSION_SECRET", "TWO_FACTOR_KEY", "TWO_FACTOR_PREVIOUS_KEY", "PUBLIC_URL", "PORT"]) delete process.env[key];

// On PostgreSQL (`npm run test:unit:pg`, tests/unit/global-setup.ts started the cluster) each test file
// gets a database of its own, as it gets a SQLite file of its own: created here, before the test file's
// modules load, and used from the first open (the app reads DATABASE_URL from its config, lazily). The
// modules imported above have seen the cluster's URL already, which only picked the engine.
const adminUrl = process.env.TEST_POSTGRES_ADMIN_URL;
if (onPostgres && !adminUrl) throw new Error("DATABASE_URL is a PostgreSQL URL: run the unit tests on PostgreSQL with `npm run test:unit:pg`");
const databaseName = onPostgres ? uniqueDatabaseName() : undefined;
if (adminUrl && databaseName) {
  // A copy of the database global-setup.ts migrated: opening it finds every migration applied.
  process.env.DATABASE_URL = await createDatabase(adminUrl, databaseName, process.env.TEST_POSTGRES_TEMPLATE);
  // The app requires a session secret beside DATABASE_URL (servers sharing a database sign alike).
  process.env.SESSION_SECRET = crypto.randomBytes(32).toString("hex");
  process.env.TWO_FACTOR_KEY = crypto.randomBytes(32).toString("hex");
}

beforeAll(async () => {
  // db() opens (and migrates) a new database in dataDir on first use.
  resetConfigForTests();
  await setDatabaseForTests(undefined);
  // PostgreSQL connects (and migrates) asynchronously: the database is open before the first db().
  if (onPostgres) await openAppDatabase();
  // Some tests call the sign-in check directly in bursts (70 at once) with no admission in front, as
  // the routes have: a roomy queue keeps those about rate limits. The production bound is tested in
  // password-hash.test.ts and hashing-busy-routes.test.ts, which set their own. Test files run in
  // parallel on a busy machine: hashing keeps normal priority so timing tests are not starved.
  await configureHashPoolForTests({ maxQueue: 256, niceIncrement: 0 });
});

afterAll(async () => {
  // Mails sent after an answer (password resets) finish writing before their folder goes.
  await mailSettled();
  await closeHashPool();
  // Ends PostgreSQL's pool: a database with open connections cannot be dropped.
  await setDatabaseForTests(undefined);
  resetConfigForTests();
  if (adminUrl && databaseName && !(await dropDatabase(adminUrl, databaseName))) {
    // The cluster goes at the end of the run anyway; what matters is the connection left open.
    console.warn(`[setup] ${databaseName} still has connections open after the app's database was closed; left for the cluster's teardown`);
  }
  const opened = fs.existsSync(path.join(dataDir, "app.db"));
  fs.rmSync(dataDir, { recursive: true, force: true });
  // SQLite creates the file at the first db(): a file listed as never opening one runs on one engine only.
  const file = path.relative(process.cwd(), expect.getState().testPath ?? "");
  if (!onPostgres && opened && NO_DATABASE_FILES.includes(file)) {
    throw new Error(`${file} opens the database: remove it from tests/unit/no-database-files.mjs so it runs on PostgreSQL too`);
  }
});
