// `npm run test:e2e [-- playwright args]`: builds the production app into a temp folder, serves it from a
// temp data folder on a free port, runs the Playwright specs in tests/e2e against it, stops it, and exits
// with Playwright's code. Nothing is written to ./build, ./data or ./uploads.
// `npm run test:e2e:pg` (E2E_ENGINE=postgres): a throwaway PostgreSQL and TWO app servers on two ports
// sharing it, each with its own data and uploads folder; Playwright runs the specs tagged @two-servers.
import crypto from "node:crypto";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startPostgres } from "../support/postgres.mjs";
import { buildApp } from "./build.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CONFIG = path.join(ROOT, "tests/e2e/playwright.config.ts");
const args = process.argv.slice(2);
const onPostgres = process.env.E2E_ENGINE === "postgres";
if (process.env.E2E_ENGINE && !onPostgres && process.env.E2E_ENGINE !== "sqlite") {
  console.error(`[e2e] E2E_ENGINE must be sqlite or postgres, not ${process.env.E2E_ENGINE}`);
  process.exit(1);
}

function log(message) {
  console.log(`[e2e] ${message}`);
}

// Debian's chromium-headless-shell first: the same engine without the browser around it, it spends about
// half the CPU of a full chromium per page (measured: 1.0 s against 1.8 s for a context and six pages), and
// this suite is bound by the browser's CPU on two cores.
function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].filter(Boolean);
  return candidates.find((file) => fs.existsSync(file));
}

function hasCommand(name) {
  try {
    execFileSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.getuid?.() === 0 && hasCommand("apt-get")) {
    log("chromium not found; installing Debian's chromium-headless-shell with apt-get");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium-headless-shell"], { stdio: "inherit", env });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    "[e2e] Chromium is needed for the end-to-end tests and was not found.\n" +
      "      Install it (Debian: `sudo apt-get install chromium-headless-shell`, or `chromium`) or set CHROMIUM_PATH to a Chromium binary.",
  );
  process.exit(1);
}

async function waitUntilUp(baseUrl, server, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) return false;
    try {
      const res = await fetch(`${baseUrl}/robots.txt`);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

function stop(server) {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.kill("SIGKILL"), 5000);
    server.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill("SIGTERM");
  });
}

const chromium = ensureChromium();
const started = Date.now();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "wm-e2e-"));
const dataDir = path.join(tmp, "data");
const uploadsDir = path.join(dataDir, "uploads");
const mailDir = path.join(dataDir, "mail");
for (const dir of [dataDir, uploadsDir, mailDir]) fs.mkdirSync(dir, { recursive: true });

// `npm test` builds once for both runs (E2E_PREBUILT, tests/run-all.mjs); alone, a run builds its own.
let buildDir = process.env.E2E_PREBUILT;
if (buildDir) {
  log(`serving the production build in ${buildDir}`);
} else {
  log(`building the production app into ${path.join(tmp, "build")}`);
  try {
    buildDir = buildApp(tmp);
  } catch (error) {
    console.error(`[e2e] ${error.message}`);
    fs.rmSync(tmp, { recursive: true, force: true });
    process.exit(1);
  }
}

const postgres = onPostgres ? await startPostgres() : undefined;
if (postgres) log(`PostgreSQL on port ${postgres.port}`);
const serverEnv = { ...process.env };
for (const key of ["DATABASE_PATH", "DATABASE_URL", "SMTP_URL", "SESSION_SECRET", "TWO_FACTOR_KEY", "TWO_FACTOR_PREVIOUS_KEY", "PUBLIC_URL", "MIGRATIONS_DIR"]) delete serverEnv[key];
Object.assign(serverEnv, {
  NODE_ENV: "production",
  BUILD_DIR: buildDir,
  MAIL_DIR: mailDir,
  HOST: "127.0.0.1",
  // Cost 4 instead of the production 12: the suites create and sign in many accounts, and at 12 every
  // hash takes ~250 ms of a 2-core box. The hashing code path is the same.
  BCRYPT_COST: "4",
  // The specs expect the demo posts and professionals a fresh install shows.
  SEED_DEMO: "1",
  // The job loop polls twice a second, so a spec waits for a scheduled mail, not for the 5 s default.
  JOBS_POLL_MS: "500",
});
if (postgres) Object.assign(serverEnv, { DATABASE_URL: postgres.url, SESSION_SECRET: crypto.randomBytes(32).toString("hex"), TWO_FACTOR_KEY: crypto.randomBytes(32).toString("hex") });

/** One app server; on PostgreSQL each has its own data and uploads folder, so nothing they share goes through the disk. */
async function startServer(name, ownDataDir) {
  const port = await freePort();
  const ownUploads = path.join(ownDataDir, "uploads");
  fs.mkdirSync(ownUploads, { recursive: true });
  const logFile = path.join(tmp, `${name}.log`);
  const logFd = fs.openSync(logFile, "a");
  const env = { ...serverEnv, DATA_DIR: ownDataDir, UPLOADS_DIR: ownUploads, PORT: String(port) };
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { cwd: ROOT, env, stdio: ["ignore", logFd, logFd] });
  return { name, port, baseUrl: `http://127.0.0.1:${port}`, child, logFile, logFd };
}

const servers = [await startServer("server", dataDir)];
const baseUrl = servers[0].baseUrl;
log(`starting the server on ${baseUrl} (data in ${dataDir})`);
if (postgres) {
  // The first server migrates and seeds; the second starts once it is up, as an operator adds servers.
  if (await waitUntilUp(baseUrl, servers[0].child, 60)) {
    servers.push(await startServer("server-2", path.join(tmp, "data-2")));
    log(`starting a second server on ${servers[1].baseUrl}, sharing the database`);
  }
}

/** Log lines holding a test user's e-mail address (tests/e2e/support/users.ts), a cookie being set or a test password. */
function logLeaks(text) {
  const leak = /[A-Za-z0-9._%+-]+@(?:example\.com|wealthmatch\.com|[A-Za-z0-9-]+\.test)\b|set-cookie|wm_session=|Passw0rd/i;
  return text.split("\n").filter((line) => leak.test(line));
}

function printServerLog() {
  for (const { logFile } of servers) {
    console.log(`\n[e2e] ---- server log (${logFile}) ----`);
    console.log(fs.readFileSync(logFile, "utf8").trimEnd());
    console.log("[e2e] ---- end of server log ----");
  }
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    interrupted = true;
  });
}

let code = 1;
try {
  const up = await Promise.all(servers.map((s) => waitUntilUp(s.baseUrl, s.child, 60)));
  if (up.includes(false) || servers.length !== (postgres ? 2 : 1)) {
    console.error("[e2e] the server did not start");
    printServerLog();
  } else {
    code = await new Promise((resolve) => {
      const only = postgres ? ["--grep", "@two-servers"] : ["--grep-invert", "@two-servers"];
      const child = spawn(path.join(ROOT, "node_modules/.bin/playwright"), ["test", "-c", CONFIG, ...only, ...args], {
        cwd: ROOT,
        stdio: "inherit",
        env: {
          ...process.env,
          CHROMIUM_PATH: chromium,
          E2E_BASE_URL: baseUrl,
          ...(postgres ? { E2E_BASE_URL_2: servers[1].baseUrl, E2E_DATABASE_URL: postgres.url, E2E_SESSION_SECRET: serverEnv.SESSION_SECRET } : {}),
          // Specs that start a server of their own (start-up failures) use the same build.
          E2E_BUILD_DIR: buildDir,
          E2E_DATA_DIR: dataDir,
          E2E_UPLOADS_DIR: uploadsDir,
          E2E_MAIL_DIR: mailDir,
          E2E_DB_PATH: path.join(dataDir, "app.db"),
        },
      });
      child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    });
    if (code !== 0 || interrupted) printServerLog();
  }
} finally {
  await Promise.all(servers.map((s) => stop(s.child)));
  for (const s of servers) fs.closeSync(s.logFd);
  // The server's log after a whole run of sign-ins, registrations, messages and resets: no test user's
  // e-mail address, cookie or password may be in it (docs/decisions/064-structured-logs.md).
  const leaks = servers.flatMap(({ logFile }) => logLeaks(fs.readFileSync(logFile, "utf8")));
  if (leaks.length > 0) {
    console.error(`[e2e] the server log holds what it must never hold (${leaks.length} lines):`);
    for (const line of leaks.slice(0, 20)) console.error(`  ${line.slice(0, 300)}`);
    if (code === 0) code = 1;
  }
  postgres?.stop();
  if (process.env.E2E_KEEP) log(`kept ${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
}
log(`${code === 0 ? "passed" : `FAILED (exit code ${code})`} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(code);
