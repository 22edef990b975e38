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
import { JOB_DEFAULTS, startJobLoop } from "~/platform/jobs.server";
import { registerOutcomeJobs } from "~/features/outcomes/outcome-jobs.server";
import { registerNewsletterJobs } from "~/features/newsletter/newsletter-jobs.server";
import { enqueueRenewalNotices, registerVettingJobs } from "~/features/vetting/renewal-jobs.server";
import { registerRecheckJobs } from "~/features/registers/recheck.server";
import { registerBillingJobs } from "~/features/billing/billing-jobs.server";
import { registerContactJobs } from "~/features/contact/acknowledgement.server";
import { registerSubmissionJobs } from "~/features/admin/submissions/reply-mail.server";
import { resealTwoFactorSecrets } from "~/features/auth/two-factor.server";
import { log } from "~/platform/log.server";

const HOUR = 60 * 60_000;

async function housekeeping() {
  try {
    await pruneHits();
    await pruneExpiredSessions();
    await pruneExpiredRecords();
    // Verifications given before renewal notices existed (and the demo's) get theirs; a queued one stays as it is.
    await enqueueRenewalNotices(new Date());
  } catch (error) {
    log.error({ part: "housekeeping", err: error }, "housekeeping failed");
  }
}

let stopFollowing: (() => Promise<void>) | undefined;
let stopJobs: (() => Promise<void>) | undefined;

/** How often the job loop looks for due work: JOBS_POLL_MS (the end-to-end server polls fast), 0 to run none in this process. */
function jobsPollMs(): number {
  const raw = process.env.JOBS_POLL_MS;
  const ms = raw === undefined || raw === "" ? JOB_DEFAULTS.pollMs : Number(raw);
  return Number.isFinite(ms) && ms >= 0 ? ms : JOB_DEFAULTS.pollMs;
}

/** Runs once before the server listens: schema up to date, settings present, demo content if wanted. */
export async function startup() {
  const cfg = config();
  await openAppDatabase();
  const warning = publicUrlWarning();
  if (warning) log.warn({ part: "config" }, warning);
  await withStartupPatience(async () => {
    await seedSettings();
    // Second factors kept in plain text before they were encrypted, or under TWO_FACTOR_PREVIOUS_KEY.
    const keys = await resealTwoFactorSecrets();
    if (keys.resealed > 0) log.info({ part: "two-factor", count: keys.resealed }, "encrypted second-factor secrets with TWO_FACTOR_KEY");
    if (keys.unreadable > 0) log.warn({ part: "two-factor", count: keys.unreadable }, "second-factor secrets are sealed with a key that is neither TWO_FACTOR_KEY nor TWO_FACTOR_PREVIOUS_KEY: their owners cannot sign in with a code");
    if (cfg.seedDemo) await seedDemoContent();
    await housekeeping();
    const imported = await importImageFolder(cfg.uploadsDir);
    if (imported > 0) log.info({ part: "uploads", count: imported, folder: cfg.uploadsDir }, "moved image files into the database");
  });
  stopFollowing = await followContentVersion();
  // Scheduled work (docs/decisions/034-job-loop.md): every worker and server polls; a lease in the jobs
  // table keeps two from running one job. Unit tests start loops of their own.
  registerOutcomeJobs();
  registerNewsletterJobs();
  registerVettingJobs();
  registerRecheckJobs();
  registerBillingJobs();
  registerContactJobs();
  registerSubmissionJobs();
  const pollMs = jobsPollMs();
  if (cfg.nodeEnv !== "test" && pollMs > 0) stopJobs = startJobLoop({ pollMs });
  // Expired sessions and old rate-limit hits would otherwise grow the database forever, and the
  // privacy page promises how long security records and messages are kept.
  setInterval(() => void housekeeping(), HOUR).unref();
}

/** Runs once when the server stops: the password-hashing workers end, the database connections close. */
export async function shutdown() {
  // The job loop first: a run in progress finishes (its mail sent, its done mark written) before the database closes.
  await stopJobs?.();
  await Promise.all([closeHashPool(), mailSettled(), stopFollowing?.()]);
  await setDatabaseForTests(undefined);
}
