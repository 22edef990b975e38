/**
 * Operator command: creates an account, or resets the password and role of an existing one, or
 * resets an admin's second factor (a lost phone and no recovery code).
 *   npm run user:create -- --email E --password P --role admin|professional|client|user [--name "Full Name"]
 *   npm run user:create -- --email E --reset-2fa
 */
import { parseArgs } from "node:util";
import { AccountInputError, upsertAccount } from "~/features/auth/upsert-account.server";
import { audit } from "~/platform/audit.server";
import { findUserByEmail } from "~/features/auth/users.data.server";
import { removeTwoFactor } from "~/features/auth/two-factor.server";
import { revokeUserSessions } from "~/features/auth/session.server";
import { openAppDatabase, setDatabaseForTests, withStartupPatience } from "~/platform/db.server";

const USAGE = `Usage: npm run user:create -- --email <email> --password <password> --role <admin|professional|client|user> [--name "Full Name"]
       npm run user:create -- --email <email> --reset-2fa

Creates the account, or, when the email already exists, sets its password and role
(and signs it out everywhere). Passwords need 8-128 characters with a lowercase letter,
an uppercase letter and a number.

--reset-2fa turns off the account's two-factor authentication (its authenticator key and
recovery codes are deleted) and signs it out everywhere; the admin signs in with the password
alone and can enrol again at /admin/security. It can be combined with --password and --role.`;

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
  console.error(`Error: ${message}\n\n${USAGE}`);
  process.exit(1);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
        name: { type: "string" },
        "reset-2fa": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const resetOnly = values["reset-2fa"] === true && values.password === undefined && values.role === undefined && values.name === undefined;
  if (resetOnly) {
    if (values.email === undefined) fail("missing --email");
    await resetTwoFactor(values.email);
    return;
  }
  const missing = (["email", "password", "role"] as const).filter((k) => values[k] === undefined);
  if (missing.length) fail(`missing ${missing.map((k) => `--${k}`).join(", ")}`);

  try {
    const result = await upsertAccount({
      email: values.email ?? "",
      password: values.password ?? "",
      role: values.role ?? "",
      name: values.name,
    });
    if (result.action === "created") {
      await audit({ kind: "ACCOUNT_CREATION", userId: result.userId, email: result.email, detail: `created with user:create as ${result.role}` });
    }
    const verb = result.action === "created" ? "Created" : "Updated";
    console.log(`${verb} ${result.role} account for ${result.email}`);
    if (values["reset-2fa"]) await resetTwoFactor(result.email);
  } catch (error) {
    if (error instanceof AccountInputError) {
      fail(error.issues.map((i) => `--${i.field}: ${i.message}`).join("\n       "));
    }
    fail(error instanceof Error ? error.message : String(error));
  }
}

await openAppDatabase();
// Another process (the server) may hold the write lock for a moment: the command waits for it.
await withStartupPatience(main);
// PostgreSQL's connections would keep the process alive.
await setDatabaseForTests(undefined);
