import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { setDatabaseForTests } from "~/db/db.server";

// Set at load time, before any test file imports modules that read them (bcrypt cost is read on import).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-unit-"));
process.env.DATA_DIR = dataDir;
process.env.UPLOADS_DIR = path.join(dataDir, "uploads");
process.env.BCRYPT_COST = "4";
process.env.SEED_DEMO = "0";
delete process.env.DATABASE_PATH;
delete process.env.MAIL_DIR;

beforeAll(() => {
  resetConfigForTests();
  setDatabaseForTests(undefined);
});

afterAll(() => {
  setDatabaseForTests(undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});
