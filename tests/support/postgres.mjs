// A throwaway PostgreSQL for tests and benchmarks: `startPostgres()` makes a cluster in a temp folder with
// the installed initdb, starts it on a free port (127.0.0.1 only, trust authentication, user postgres) and
// `stop()` stops it and deletes the folder. Plain ESM so Vitest, tests/e2e/run.mjs and the benches share it.
//
// PostgreSQL refuses to run as root: as root, initdb, pg_ctl and the server run as the `postgres` user (the
// Debian package creates it) on a folder it owns. pg_ctl puts the server in a session of its own, so a
// Ctrl-C, a crash or a SIGKILL of the caller would leave it running: a small watchdog, started first, waits
// for the caller's end (its stdin pipe closes when the caller's process ends, however it ends) and then
// stops the server and deletes the folder; stop() does that itself and ends the watchdog.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * @typedef {object} Postgres
 * @property {string} url an empty database of its own (`wealthmatch`) for a server or a bench to use
 * @property {string} adminUrl a superuser connection to the `postgres` database, for CREATE/DROP DATABASE
 * @property {number} port
 * @property {string} socketDir the folder of its unix socket (`.s.PGSQL.<port>`), for a local-socket URL such as `postgres://postgres@/wealthmatch?host=<socketDir>&port=<port>`
 * @property {string} dataDir the cluster's data folder
 * @property {(name?: string) => Promise<string>} createDatabase creates an empty database (a fresh `wm_<pid>_<random>` name when none is given) and returns its URL
 * @property {() => void} stop stops the server and deletes its folder; synchronous, so it also works in an exit handler; a second call does nothing
 */

/** @typedef {{ uid: number, gid: number }} Owner */

const MISSING =
  "PostgreSQL is not installed: no initdb in $PG_BIN, /usr/lib/postgresql/*/bin or PATH. " +
  "Install Debian's postgresql package (`apt-get install postgresql`) or set PG_BIN to the folder holding initdb and pg_ctl.";

const hasTools = (dir) => ["initdb", "pg_ctl"].every((tool) => fs.existsSync(path.join(dir, tool)));

/** The folder with initdb and pg_ctl: $PG_BIN, else the newest /usr/lib/postgresql/<version>/bin, else PATH. */
export function postgresBinDir() {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) {
    if (!hasTools(fromEnv)) throw new Error(`PG_BIN=${fromEnv} holds no initdb and pg_ctl: set it to the folder holding them (such as /usr/lib/postgresql/15/bin).`);
    return fromEnv;
  }
  const debian = "/usr/lib/postgresql";
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((name) => /^\d+(\.\d+)?$/.test(name) && hasTools(path.join(debian, name, "bin")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(debian, versions[0], "bin");
  const onPath = (process.env.PATH ?? "").split(path.delimiter).find((dir) => dir && hasTools(dir));
  if (onPath) return onPath;
  throw new Error(MISSING);
}

/** The `postgres` user's ids when this process is root (PostgreSQL will not run as root), else undefined. */
function ownerFor() {
  if (process.getuid?.() !== 0) return undefined;
  const ids = (flag) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const uid = ids("-u");
  const gid = ids("-g");
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error("PostgreSQL refuses to run as root and there is no `postgres` user to run it as (Debian's postgresql package creates it).");
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** The environment for PostgreSQL's tools: without the caller's PG* variables, which would override nothing we pass but could redirect what we do not. */
function toolEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("PG")));
}

/**
 * Runs a PostgreSQL tool to its end, as `owner` when given. Node's uid/gid options switch user the way
 * `runuser -u postgres` does (libuv also drops the supplementary groups) without needing runuser or a PAM
 * session. The working folder is the cluster's, which postgres can enter (the caller's may be /root).
 * @param {string} file
 * @param {string[]} args
 * @param {{ owner?: Owner, cwd: string }} options
 */
function runTool(file, args, { owner, cwd }) {
  return spawnSync(file, args, { cwd, env: toolEnv(), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...owner });
}

/** "C.UTF-8" when the system has it (Unicode-aware lower()/upper(), code-point order), else "C". */
function clusterLocale() {
  const listed = spawnSync("locale", ["-a"], { encoding: "utf8" });
  return listed.status === 0 && /^c\.utf-?8$/im.test(listed.stdout) ? "C.UTF-8" : "C";
}

/** A TCP port nothing listens on now (127.0.0.1). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const tail = (text, lines = 20) => text.trim().split("\n").slice(-lines).join("\n");
const readLog = (file) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");

/** The same server and user, another database. */
function urlOf(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A database name unique to this process and call: `wm_<pid>_<12 hex>`. */
export function uniqueDatabaseName() {
  return `wm_${process.pid}_${crypto.randomBytes(6).toString("hex")}`;
}

/** @param {string} adminUrl @param {(client: pg.Client) => Promise<void>} work */
async function withClient(adminUrl, work) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database through a superuser (or CREATEDB) connection, empty or a copy of `template` (which
 * no one may be connected to); returns its URL.
 * @param {string} adminUrl
 * @param {string} [name]
 * @param {string} [template]
 */
export async function createDatabase(adminUrl, name = uniqueDatabaseName(), template) {
  for (const plain of [name, template ?? name]) if (!DATABASE_NAME.test(plain)) throw new Error(`not a plain database name: ${plain}`);
  const copy = template ? ` TEMPLATE "${template}"` : "";
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"${copy}`).then(() => undefined));
  return urlOf(adminUrl, name);
}

/**
 * Drops a database. Returns false, leaving it, while connections to it are still open: ending someone
 * else's connections (WITH (FORCE)) would make their idle clients throw in the middle of a test run.
 * @param {string} adminUrl
 * @param {string} name
 */
export async function dropDatabase(adminUrl, name) {
  if (!DATABASE_NAME.test(name)) throw new Error(`not a plain database name: ${name}`);
  let dropped = true;
  await withClient(adminUrl, async (client) => {
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}"`);
    } catch (error) {
      // 55006 object_in_use: "database is being accessed by other users"
      if (/** @type {{ code?: unknown }} */ (error).code !== "55006") throw error;
      dropped = false;
    }
  });
  return dropped;
}

/**
 * Waits for the end of this process (its stdin closes), then stops the cluster if it runs and deletes the
 * folder. Detached: a Ctrl-C meant for the caller's process group does not reach it. As the cluster's
 * owner, it can stop the server and delete the folder.
 * @param {string} pgCtl @param {string} dataDir @param {string} root @param {Owner | undefined} owner
 */
function startWatchdog(pgCtl, dataDir, root, owner) {
  const script = 'cat >/dev/null; [ -f "$2/postmaster.pid" ] && "$1" stop -D "$2" -m immediate -w -t 30; rm -rf "$3"';
  const watchdog = spawn("/bin/sh", ["-c", script, "wm-postgres-watchdog", pgCtl, dataDir, root], {
    cwd: root,
    env: toolEnv(),
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
    ...owner,
  });
  // Neither the watchdog nor its pipe keeps the caller alive.
  watchdog.unref();
  /** @type {net.Socket} */ (watchdog.stdin).unref();
  return watchdog;
}

/**
 * Creates and starts a throwaway cluster. `fast` (the default) turns off fsync, synchronous commit and
 * full-page writes: nothing in it has to survive a crash.
 * @param {{ fast?: boolean }} [options]
 * @returns {Promise<Postgres>}
 */
export async function startPostgres({ fast = true } = {}) {
  const bin = postgresBinDir();
  const pgCtl = path.join(bin, "pg_ctl");
  const owner = ownerFor();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "wm-pg-"));
  const dataDir = path.join(root, "data");
  // Short, to stay under the 107 bytes of a socket's path.
  const socketDir = path.join(root, "s");
  const logFile = path.join(root, "postgres.log");
  fs.mkdirSync(socketDir);
  if (owner) {
    for (const dir of [root, socketDir]) fs.chownSync(dir, owner.uid, owner.gid);
    const reach = spawnSync("test", ["-w", root], owner);
    if (reach.status !== 0) {
      fs.rmSync(root, { recursive: true, force: true });
      throw new Error(`the postgres user cannot write ${root}: set TMPDIR to a folder it can reach (such as /tmp)`);
    }
  }
  const watchdog = startWatchdog(pgCtl, dataDir, root, owner);
  let stopped = false;

  function stop() {
    if (stopped) return;
    stopped = true;
    if (fs.existsSync(path.join(dataDir, "postmaster.pid"))) {
      const graceful = runTool(pgCtl, ["stop", "-D", dataDir, "-m", "fast", "-w", "-t", "30"], { owner, cwd: root });
      if (graceful.status !== 0) runTool(pgCtl, ["stop", "-D", dataDir, "-m", "immediate", "-w", "-t", "30"], { owner, cwd: root });
    }
    try {
      process.kill(-(/** @type {number} */ (watchdog.pid)), "SIGKILL");
    } catch {
      // it has ended already
    }
    fs.rmSync(root, { recursive: true, force: true });
  }

  /** @param {string} message */
  function fail(message) {
    const log = tail(readLog(logFile));
    stop();
    return new Error(log ? `${message}\n--- server log ---\n${log}` : message);
  }

  const init = runTool(
    path.join(bin, "initdb"),
    ["-D", dataDir, "-A", "trust", "-U", "postgres", "--encoding=UTF8", `--locale=${clusterLocale()}`, ...(fast ? ["--no-sync"] : [])],
    { owner, cwd: root },
  );
  if (init.status !== 0) throw fail(`initdb failed (${init.error?.message ?? `exit ${init.status}`}):\n${tail(`${init.stdout}${init.stderr}`)}`);

  const settings = ["-c listen_addresses=127.0.0.1", "-c max_connections=200"];
  if (fast) settings.push("-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off");
  // The port is free when probed and may be taken before the server binds it: another one then.
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    // pg_ctl hands -o to a shell: the socket folder is quoted (a temp folder has no quote in its name).
    const options = [`-p ${port}`, `-k '${socketDir}'`, ...settings].join(" ");
    const start = runTool(pgCtl, ["start", "-w", "-t", "60", "-D", dataDir, "-l", logFile, "-o", options], { owner, cwd: root });
    if (start.status === 0) break;
    const inUse = /already in use|could not bind|could not create any TCP\/IP sockets/i.test(readLog(logFile));
    if (!inUse || attempt === 3) throw fail(`pg_ctl start failed on port ${port}:\n${tail(`${start.stdout}${start.stderr}`)}`);
  }

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let url;
  try {
    url = await createDatabase(adminUrl, "wealthmatch");
  } catch (error) {
    throw fail(`the cluster on port ${port} started but refused CREATE DATABASE: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    url,
    adminUrl,
    port,
    socketDir,
    dataDir,
    createDatabase: (name) => createDatabase(adminUrl, name),
    stop,
  };
}
