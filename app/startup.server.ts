import { config } from "~/platform/config.server";
import { openAppDatabase, setDatabaseForTests, withStartupPatience } from "~/platform/db.server";
import { followContentVersion } from "~/platform/content-version.server";
import { importImageFolder } from "~/platform/uploads/images.server";
import { seedSettings } from "~/platform/settings.server";
import { seedDemoContent } from "~/features/seed/demo.server";
import { pruneHits } from "~/platform/rate-limit.server";
import { pruneExpiredSessions } from "~/features/auth/session.server";
import { pruneExpiredRecords } from "~/platform/retention.server";
import { closeHashPool } from "~/platform/password.server";
import { mailSettled } from "~/platform/mail.server";
import { publicUrlWarning } from "~/platform/site-url.server";

const HOUR = 60 * 60_000;

async function housekeeping() {
  try {
    await pruneHits();
    await pruneExpiredSessions();
    await pruneExpiredRecords();
  } catch (error) {
    console.error("[housekeeping]", error);
  }
}

let stopFollowing: (() => Promise<void>) | undefined;

/** Runs once before the server listens: schema up to date, settings present, demo content if wanted. */
export async function startup() {
  const cfg = config();
  await openAppDatabase();
  const warning = publicUrlWarning();
  if (warning) console.warn(warning);
  await withStartupPatience(async () => {
    await seedSettings();
    if (cfg.seedDemo) await seedDemoContent();
    await housekeeping();
    const imported = await importImageFolder(cfg.uploadsDir);
    if (imported > 0) console.log(`[uploads] moved ${imported} image files from ${cfg.uploadsDir} into the database`);
  });
  stopFollowing = await followContentVersion();
  // Expired sessions and old rate-limit hits would otherwise grow the database forever, and the
  // privacy page promises how long security records and messages are kept.
  setInterval(() => void housekeeping(), HOUR).unref();
}

/** Runs once when the server stops: the password-hashing workers end, the database connections close. */
export async function shutdown() {
  await Promise.all([closeHashPool(), mailSettled(), stopFollowing?.()]);
  await setDatabaseForTests(undefined);
}
