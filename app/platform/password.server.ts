import crypto from "node:crypto";
import fs from "node:fs";
import cluster from "node:cluster";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { data } from "react-router";
import { Piscina } from "piscina";

// bcryptjs is pure JavaScript: on the event loop one hash at cost 12 holds every other request for
// ~250 ms. Hashing and comparing run in a small pool of worker threads instead, with a bounded queue;
// see docs/decisions/012-password-hashing-pool.md.
// Read at each hash, not on import: tests set a cheaper cost after modules are loaded.
const cost = () => Number(process.env.BCRYPT_COST ?? 12);

/** Seconds a refused visitor is asked to wait (the Retry-After of the 503 answer). */
export const BUSY_RETRY_AFTER_SECONDS = 5;
export const BUSY_MESSAGE = "The service is busy. Please try again in a moment.";

/** Every worker is busy and the queue is full: the caller answers 503 instead of waiting. */
export class PasswordHashBusyError extends Error {
  constructor() {
    super("Password hashing is busy: the queue is full");
    this.name = "PasswordHashBusyError";
  }
}

/** How many server processes share this machine: the supervisor tells each worker; otherwise one. */
function serverProcesses(): number {
  return cluster.isWorker ? Math.max(1, Math.trunc(Number(process.env.WEB_CONCURRENCY)) || 1) : 1;
}

export type HashPoolOptions = { threads: number; maxQueue: number; niceIncrement: number };

/**
 * The cores minus one for the event loop, shared among the server's worker processes (WEB_CONCURRENCY,
 * set by the supervisor), at least one thread each; up to 16 waiting per thread. Where the platform
 * allows it, hashing runs at a lower priority so the event loop serving pages wins the CPU when the
 * machine is busy.
 */
export function defaultPoolOptions(cores = os.availableParallelism(), processes = serverProcesses()): HashPoolOptions {
  const threads = Math.max(1, Math.floor((cores - 1) / processes));
  return { threads, maxQueue: threads * 16, niceIncrement: process.platform === "win32" ? 0 : 10 };
}

// The worker is a plain .mjs file. From the sources (Vitest, tsx, dev) it sits beside this module; the
// production build bundles this module into build/server/index.js and copies the worker next to it
// (see vite.config.ts), so the same relative URL finds it in both.
const WORKER_FILE = "password-worker.mjs";
function workerPath(): string {
  const file = fileURLToPath(new URL(`./${WORKER_FILE}`, import.meta.url));
  if (!fs.existsSync(file)) throw new Error(`The password worker is missing: ${file}`);
  return file;
}

let options = defaultPoolOptions();
let pool: Piscina | undefined;

function thePool(): Piscina {
  pool ??= new Piscina({
    filename: workerPath(),
    // The worker is plain JavaScript: it needs none of the parent's loaders (tsx, Vitest), which would
    // only slow its start.
    execArgv: [],
    minThreads: 0,
    maxThreads: options.threads,
    maxQueue: options.maxQueue,
    // Idle workers end after a minute (and never keep the process alive).
    idleTimeout: 60_000,
    niceIncrement: options.niceIncrement,
  });
  return pool;
}

/** True when no more hashing fits: every worker is busy and the queue is full. */
export function hashingBusy(): boolean {
  return pool !== undefined && pool.queueSize >= options.maxQueue;
}

type Task = { op: "hash"; password: string; cost: number } | { op: "compare"; password: string; hash: string };

async function runTask<T>(task: Task): Promise<T> {
  try {
    return (await thePool().run(task)) as T;
  } catch (error) {
    if (error instanceof Error && /task queue/i.test(error.message)) throw new PasswordHashBusyError();
    throw error;
  }
}

export function hashPassword(password: string): Promise<string> {
  return runTask<string>({ op: "hash", password, cost: cost() });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return runTask<boolean>({ op: "compare", password, hash });
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown e-mail cannot be told from a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString("hex")).catch((error: unknown) => {
    dummy = undefined;
    throw error;
  });
  await verifyPassword(password, await dummy);
  return false;
}

/**
 * The answer to a request that needs hashing while the pool is full: 503, which the site's error
 * page shows as BUSY_MESSAGE (entry.server adds Retry-After to every 503). Thrown from actions.
 */
function busyResponse() {
  return data({ error: BUSY_MESSAGE }, BUSY_INIT);
}

// Requests admitted by withHashingRoomOr and not finished yet: each will need one pool slot.
let admitted = 0;

/** The Retry-After header of a busy answer, for a form that answers it itself. */
export const BUSY_INIT = { status: 503, headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) } };

/**
 * Runs the part of an action that hashes or compares one password, if the pool has room for it;
 * otherwise returns `busy()` at once, before anything is counted or written: a form that can answer
 * on the page with what was typed kept (sign-in) does so. Admission counts the requests already let
 * in, so a burst cannot all pass the check and then overflow the queue (a PasswordHashBusyError from
 * elsewhere also becomes `busy()`).
 */
export async function withHashingRoomOr<T, B>(work: () => Promise<T>, busy: () => B): Promise<T | B> {
  if (hashingBusy() || admitted >= options.threads + options.maxQueue) return busy();
  admitted++;
  try {
    return await work();
  } catch (error) {
    if (error instanceof PasswordHashBusyError) return busy();
    throw error;
  } finally {
    admitted--;
  }
}

/** withHashingRoomOr that throws the site's 503 busy page (for actions with no form answer of their own). */
export function withHashingRoom<T>(work: () => Promise<T>): Promise<T> {
  return withHashingRoomOr(work, () => {
    throw busyResponse();
  });
}

/** Stops the workers (server shutdown, tests). The next hash starts a new pool. */
export async function closeHashPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  dummy = undefined;
  await closing?.destroy();
}

/** Tests shrink the pool to see the queue fill up. */
export async function configureHashPoolForTests(next: Partial<HashPoolOptions>): Promise<void> {
  await closeHashPool();
  options = { ...defaultPoolOptions(), ...next };
}
