import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/platform/config.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-config-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const base = { DATA_DIR: path.join(dir, "data"), UPLOADS_DIR: path.join(dir, "uploads") };

function errorOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error("expected the configuration to be refused");
}

describe("configuration from the environment", () => {
  it("works on a fresh clone with no variables at all: documented defaults", () => {
    const cfg = loadConfig(base);
    expect(cfg.port).toBe(3000);
    expect(cfg.dataDir).toBe(path.resolve(base.DATA_DIR));
    expect(cfg.databasePath).toBe(path.join(path.resolve(base.DATA_DIR), "app.db"));
    expect(cfg.mailDir).toBe(path.join(path.resolve(base.DATA_DIR), "mail"));
    expect(cfg.smtpUrl).toBeUndefined();
    expect(cfg.seedDemo).toBe(true);
    expect(fs.existsSync(cfg.uploadsDir)).toBe(true);
  });

  it("keeps a generated session secret in the data folder, the same on the next start", () => {
    const first = loadConfig(base);
    const second = loadConfig(base);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(fs.readFileSync(path.join(first.dataDir, "session-secret"), "utf8").trim()).toBe(first.sessionSecret);
  });

  it("honours explicit values", () => {
    const cfg = loadConfig({ ...base, PORT: "8080", SEED_DEMO: "0", SMTP_URL: "smtp://mail.example:25", DATABASE_PATH: path.join(dir, "other.db") });
    expect(cfg.port).toBe(8080);
    expect(cfg.seedDemo).toBe(false);
    expect(cfg.smtpUrl).toBe("smtp://mail.example:25");
    expect(cfg.databasePath).toBe(path.join(dir, "other.db"));
  });

  it.each([
    ["PORT", "not-a-number"],
    ["PORT", "70000"],
    ["PORT", "0"],
    ["SEED_DEMO", "yes"],
    ["SMTP_URL", "http://mail.example"],
    ["SESSION_SECRET", "too-short"],
    ["PUBLIC_URL", "not a url"],
  ])("refuses %s=%s with a clear error naming the variable", (name, value) => {
    const message = errorOf({ ...base, [name]: value });
    expect(message).toContain("Invalid environment configuration");
    expect(message).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it("names every bad variable at once", () => {
    const message = errorOf({ ...base, PORT: "x", SEED_DEMO: "2" });
    expect(message).toContain("PORT");
    expect(message).toContain("SEED_DEMO");
  });
});
