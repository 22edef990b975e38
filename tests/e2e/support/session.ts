import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import Database from "better-sqlite3";
import { createCookie } from "react-router";
import { COOKIES } from "../../../app/platform/http/cookies";
import { testDb } from "./db";
import { onPostgres, pgQuery } from "./pg";

// A session made the way the sign-in action makes one (a row in `sessions`, its id in the signed
// wm_session cookie), for specs whose subject is not the sign-in form: tests/e2e/accounts-signin.spec.ts
// and the two-factor specs sign in through the form.

const BROWSER_SESSION_MS = 12 * 60 * 60_000;

/** A spec's own server (support/own-server.ts): its data folder and database file. */
export type OnServer = { baseURL: string; dataDir: string; dbPath: string };

/** The server's cookie secret: the shared one on PostgreSQL, else the one it keeps in its data folder. */
function sessionSecret(on?: OnServer): string {
  const shared = process.env.E2E_SESSION_SECRET;
  if (shared && !on) return shared;
  const dataDir = on?.dataDir ?? process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the specs with `npm run test:e2e`");
  return fs.readFileSync(path.join(dataDir, "session-secret"), "utf8").trim();
}

/** Signs `userId` in for every page of `context`, as a browser that has just passed the sign-in form (on `on`, a spec's own server). */
export async function addSession(context: BrowserContext, userId: string, baseURL: string, on?: OnServer): Promise<void> {
  const id = crypto.randomBytes(32).toString("hex");
  const expiresAt = Date.now() + BROWSER_SESSION_MS;
  const insert = "INSERT INTO sessions (id, user_id, expires_at, persistent) VALUES (?, ?, ?, 0)";
  if (on) {
    const own = new Database(on.dbPath);
    try {
      own.pragma("busy_timeout = 5000");
      own.prepare(insert).run(id, userId, expiresAt);
    } finally {
      own.close();
    }
  } else if (onPostgres()) {
    await pgQuery("INSERT INTO sessions (id, user_id, expires_at, persistent) VALUES ($1, $2, $3, false)", [id, userId, new Date(expiresAt)]);
  } else {
    testDb().prepare(insert).run(id, userId, expiresAt);
  }
  // React Router's own cookie signs the value as the server's does (same name, same secret).
  const header = await createCookie(COOKIES.session.name, { secrets: [sessionSecret(on)] }).serialize(id);
  const value = header.slice(header.indexOf("=") + 1, header.indexOf(";"));
  await context.addCookies([{ name: COOKIES.session.name, value, url: on?.baseURL ?? baseURL, httpOnly: true, sameSite: "Lax" }]);
}
