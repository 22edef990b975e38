/**
 * Operator command: encrypts every stored second-factor secret with TWO_FACTOR_KEY.
 *   TWO_FACTOR_PREVIOUS_KEY=<old> TWO_FACTOR_KEY=<new> npm run two-factor:rekey
 * To rotate the key: set the old key as TWO_FACTOR_PREVIOUS_KEY and a new one (openssl rand -hex 32)
 * as TWO_FACTOR_KEY on every app server, restart them (start-up re-encrypts too), or run this, then
 * remove TWO_FACTOR_PREVIOUS_KEY. Secrets kept in plain text by an older version are encrypted as well.
 */
import { resealTwoFactorSecrets } from "~/features/auth/two-factor.server";
import { openAppDatabase, setDatabaseForTests, withStartupPatience } from "~/platform/db.server";

try {
  await openAppDatabase();
  // Another process (the server) may hold the write lock for a moment: the command waits for it.
  const { resealed, unreadable } = await withStartupPatience(resealTwoFactorSecrets);
  console.log(`Encrypted ${resealed} second-factor secret${resealed === 1 ? "" : "s"} with TWO_FACTOR_KEY.`);
  if (unreadable > 0) {
    console.error(`Error: ${unreadable} secret${unreadable === 1 ? " is" : "s are"} sealed with a key that is neither TWO_FACTOR_KEY nor TWO_FACTOR_PREVIOUS_KEY; set the key they were sealed with as TWO_FACTOR_PREVIOUS_KEY and run this again.`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  // PostgreSQL's connections would keep the process alive.
  await setDatabaseForTests(undefined);
}
