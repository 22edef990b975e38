import { config } from "~/platform/config.server";
import { db, withStartupPatience } from "~/platform/db.server";
import { seedSettings } from "~/platform/settings.server";
import { seedDemoContent } from "~/features/seed/demo.server";
import { pruneHits } from "~/platform/rate-limit.server";
import { pruneExpiredSessions } from "~/features/auth/session.server";
import { pruneExpiredRecords } from "~/platform/retention.server";
import { closeHashPool } from "~/platform/password.server";
import { mailSettled } from "~/platform/mail.server";
import { publicUrlWarning } from "~/platform/site-url.server";

const HOUR = 60 * 60_000;

function housekeeping() {
  try {
    pruneHits();
    pruneExpiredSessions();
    pruneExpiredRecords();
  } catch (error) {
    console.error("[housekeeping]", error);
  }
}

/** Runs once before the server listens: schema up to date, settings present, demo content if wanted. */
export function startup() {
  const cfg = config();
  db();
  const warning = publicUrlWarning();
  if (warning) console.warn(warning);
  withStartupPatience(() => {
    seedSettings();
    if (cfg.seedDemo) seedDemoContent();
    housekeeping();
  });
  // Expired sessions and old rate-limit hits would otherwise grow the database forever, and the
  // privacy page promises how long security records and messages are kept.
  setInterval(housekeeping, HOUR).unref();
}

/** Runs once when the server stops: the password-hashing workers end. */
export async function shutdown() {
  await Promise.all([closeHashPool(), mailSettled()]);
}
