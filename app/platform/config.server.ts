import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";

const optionalPath = z.string().trim().min(1).optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_PATH: optionalPath,
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//i, "must start with postgres:// or postgresql:// (or be unset for the SQLite file)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  UPLOADS_DIR: z.string().trim().min(1).default("./uploads"),
  MAIL_DIR: optionalPath,
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().trim().min(3).default("WealthMatch <no-reply@wealthmatch.example>"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TWO_FACTOR_KEY: z.string().trim().regex(/^[0-9a-f]{64}$/i, "must be 64 hexadecimal characters (32 random bytes: openssl rand -hex 32)").optional(),
  TWO_FACTOR_PREVIOUS_KEY: z.string().trim().regex(/^[0-9a-f]{64}$/i, "must be 64 hexadecimal characters (the key before TWO_FACTOR_KEY)").optional(),
  SEED_DEMO: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("1"),
  PUBLIC_URL: z.url({ message: "must be an absolute http(s) URL" }).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret or restricted key (sk_live_..., sk_test_..., rk_...)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_\w+$/, "must be the webhook's signing secret (whsec_...)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STRIPE_API_BASE: z
    .url({ message: "must be an absolute http(s) URL" })
    .regex(/^https?:\/\//, "must be an absolute http(s) URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  dataDir: string;
  databasePath: string;
  /** PostgreSQL's address when the app runs on it; undefined for the SQLite file at databasePath. */
  databaseUrl: string | undefined;
  uploadsDir: string;
  mailDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  /** The keys second factors are encrypted with at rest: the current one, and the one before it while they are re-encrypted. */
  twoFactorKeys: { current: Buffer; previous: Buffer | undefined };
  seedDemo: boolean;
  publicUrl: string | undefined;
  /**
   * Billing through Stripe (docs/decisions/041): on when the secret key is set, off otherwise (every
   * verified professional is matched, for a site that bills another way).
   */
  stripe: { secretKey: string; webhookSecret: string | undefined; apiBase: URL | undefined } | undefined;
};

/**
 * A setting that stops start-up. server.ts prints just the message, one line naming the variable
 * and the path, and exits with code 1.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartupError";
  }
}

/** "ENOTDIR: not a directory" from a Node or SQLite error (or the error it wraps), without the call details. */
export function reasonOf(error: unknown): string {
  let inner = error;
  // Drizzle wraps SQLite's error ("Failed to run the query ..."): the cause says what went wrong.
  while (inner instanceof Error && inner.cause instanceof Error && typeof (inner as { code?: unknown }).code !== "string") {
    inner = inner.cause;
  }
  if (!(inner instanceof Error)) return String(inner);
  const code = (inner as { code?: unknown }).code;
  const message = inner.message.split(/[,\n]/)[0]?.replace(/^[A-Z_]+: /, "") ?? "";
  return typeof code === "string" ? `${code}: ${message}` : message;
}

/** Creates `dir` if needed and proves a file can be written there; otherwise stops start-up naming `variable`. */
export function writableFolder(variable: string, dir: string): string {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-check-${process.pid}`);
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
    return dir;
  } catch (error) {
    throw new StartupError(`${variable}: cannot create or write the folder ${dir} (${reasonOf(error)})`);
  }
}

/** Reads and checks the environment once; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = writableFolder("DATA_DIR", path.resolve(e.DATA_DIR));
  const uploadsDir = writableFolder("UPLOADS_DIR", path.resolve(e.UPLOADS_DIR));
  const mailDir = path.resolve(e.MAIL_DIR ?? path.join(dataDir, "mail"));
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    dataDir,
    databasePath: path.resolve(e.DATABASE_PATH ?? path.join(dataDir, "app.db")),
    databaseUrl: e.DATABASE_URL,
    uploadsDir,
    mailDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? sharedSecretRequired("SESSION_SECRET", e.DATABASE_URL) ?? persistentSecret(dataDir, "session-secret"),
    twoFactorKeys: {
      current: Buffer.from(e.TWO_FACTOR_KEY ?? sharedSecretRequired("TWO_FACTOR_KEY", e.DATABASE_URL) ?? persistentSecret(dataDir, "two-factor-key"), "hex"),
      previous: e.TWO_FACTOR_PREVIOUS_KEY ? Buffer.from(e.TWO_FACTOR_PREVIOUS_KEY, "hex") : undefined,
    },
    seedDemo: e.SEED_DEMO === "1",
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
        }
      : undefined,
  };
}

// Several app servers share one PostgreSQL and must sign cookies (and encrypt second factors) alike: a
// secret generated on one box would log people out, or lock their second factor, on the next.
function sharedSecretRequired(variable: string, databaseUrl: string | undefined): undefined {
  if (databaseUrl) throw new StartupError(`${variable}: required with DATABASE_URL (the same value on every app server)`);
  return undefined;
}

// Without SESSION_SECRET (or TWO_FACTOR_KEY) a secret is generated once and kept beside the database,
// so sessions and second factors survive restarts on a fresh clone without any setup.
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= loadConfig();
  return cached;
}

/** Tests point the app at a fresh data folder. */
export function resetConfigForTests() {
  cached = undefined;
}
