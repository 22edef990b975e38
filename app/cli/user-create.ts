/**
 * Operator command: creates an account, or resets the password and role of an existing one, or
 * resets an admin's second factor (a lost phone and no recovery code).
 *   npm run user:create -- --email E --password P --role admin|professional|client|user [--name "Full Name"]
 *   npm run user:create -- --email E --reset-2fa
 * The arguments are checked first (user-create-args.ts): a mistyped command opens no database.
 */
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { audit } from "~/platform/audit.server";
import { findUserByEmail } from "~/features/auth/users.data.server";
import { removeTwoFactor } from "~/features/auth/two-factor.server";
import { revokeUserSessions } from "~/features/auth/session.server";
import { openAppDatabase, setDatabaseForTests, withStartupPatience } from "~/platform/db.server";
import { readUserCreateArgs, USER_CREATE_USAGE } from "./user-create-args";

/** --reset-2fa: the second factor goes, and every session of the account with it. */
async function resetTwoFactor(email: string) {
  const user = await findUserByEmail(email.trim());
  if (!user) fail(`no account with the email ${email}`);
  const had = await removeTwoFactor(user.id);
  await revokeUserSessions(user.id);
  await audit({ kind: "ADMIN_ACTION", userId: user.id, email: user.email, detail: `two-factor authentication reset with user:create${had ? "" : " (it was off)"}` });
  console.log(had ? `Reset two-factor authentication for ${user.email}` : `Two-factor authentication was not on for ${user.email}; signed it out everywhere`);
}

function fail(message: string): never {
  console.error(`Error: ${message}\n\n${USER_CREATE_USAGE}`);
  process.exit(1);
}

const request = readUserCreateArgs(process.argv.slice(2));
if (request.kind === "refused") fail(request.message);
if (request.kind === "help") {
  console.log(USER_CREATE_USAGE);
  process.exit(0);
}

async function main() {
  if (request.kind === "reset-2fa") {
    await resetTwoFactor(request.email);
    return;
  }
  if (request.kind !== "upsert") return;
  try {
    const result = await upsertAccount(request.input);
    if (result.action === "created") {
      await audit({ kind: "ACCOUNT_CREATION", userId: result.userId, email: result.email, detail: `created with user:create as ${result.role}` });
    }
    const verb = result.action === "created" ? "Created" : "Updated";
    console.log(`${verb} ${result.role} account for ${result.email}`);
    if (request.reset2fa) await resetTwoFactor(result.email);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

await openAppDatabase();
// Another process (the server) may hold the write lock for a moment: the command waits for it.
await withStartupPatience(main);
// PostgreSQL's connections would keep the process alive.
await setDatabaseForTests(undefined);
