import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { resetConfigForTests } from "~/platform/config.server";
import { setDatabaseForTests } from "~/platform/db.server";
import { closeHashPool, configureHashPoolForTests } from "~/platform/password.server";
import { mailSettled } from "~/platform/mail.server";

// Runs before each test file (each in its own process). Set at load time, before the test file imports
// modules that read them (the bcrypt cost is read on import). Cost 4 keeps hashing fast; the code path is the same.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-unit-"));
process.env.NODE_ENV = "test";
process.env.DATA_DIR = dataDir;
process.env.UPLOADS_DIR = path.join(dataDir, "uploads");
process.env.MAIL_DIR = path.join(dataDir, "mail");
process.env.BCRYPT_COST = "4";
process.env.SEED_DEMO = "0";
for (const key of ["DATABASE_PATH", "SMTP_URL", "SESSION_SECRET", "PUBLIC_URL", "PORT"]) delete process.env[key];

beforeAll(async () => {
  // db() opens (and migrates) a new database in dataDir on first use.
  resetConfigForTests();
  setDatabaseForTests(undefined);
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
  setDatabaseForTests(undefined);
  resetConfigForTests();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
