import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { createCookie } from "react-router";
import { COOKIES } from "../../../app/platform/http/cookies";
import { testDb } from "./db";
import { onPostgres, pgQuery } from "./pg";

// A session made the way the sign-in action makes one (a row in `sessions`, its id in the signed
// wm_session cookie), for specs whose subject is not the sign-in form: tests/e2e/accounts-signin.spec.ts
// and the two-factor specs sign in through the form.

const BROWSER_SESSION_MS = 12 * 60 * 60_000;

/** The running server's cookie secret: the shared one on PostgreSQL, else the one it keeps in its data folder. */
function sessionSecret(): string {
  const shared = process.env.E2E_SESSION_SECRET;
  if (shared) return shared;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the specs with `npm run test:e2e`");
  return fs.readFileSync(path.join(dataDir, "session-secret"), "utf8").trim();
}

/** Signs `userId` in for every page of `context`, as a browser that has just passed the sign-in form. */
export async function addSession(context: BrowserContext, userId: string, baseURL: string): Promise<void> {
  const id = crypto.randomBytes(32).toString("hex");
  const expiresAt = Date.now() + BROWSER_SESSION_MS;
  if (onPostgres()) {
    await pgQuery("INSERT INTO sessions (id, user_id, expires_at, persistent) VALUES ($1, $2, $3, false)", [id, userId, new Date(expiresAt)]);
  } else {
    testDb().prepare("INSERT INTO sessions (id, user_id, expires_at, persistent) VALUES (?, ?, ?, 0)").run(id, userId, expiresAt);
  }
  // React Router's own cookie signs the value as the server's does (same name, same secret).
  const header = await createCookie(COOKIES.session.name, { secrets: [sessionSecret()] }).serialize(id);
  const value = header.slice(header.indexOf("=") + 1, header.indexOf(";"));
  await context.addCookies([{ name: COOKIES.session.name, value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}
