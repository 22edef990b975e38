/**
 * Operator command: creates an account, or resets the password and role of an existing one.
 *   npm run user:create -- --email E --password P --role admin|professional|client|user [--name "Full Name"]
 */
import { parseArgs } from "node:util";
import { AccountInputError, upsertAccount } from "~/users/upsert-account.server";
import { audit } from "~/platform/audit.server";

const USAGE = `Usage: npm run user:create -- --email <email> --password <password> --role <admin|professional|client|user> [--name "Full Name"]

Creates the account, or, when the e-mail already exists, sets its password and role
(and signs it out everywhere). Passwords need 8-128 characters with a lowercase letter,
an uppercase letter and a number.`;

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
      audit({ kind: "ACCOUNT_CREATION", userId: result.userId, email: result.email, detail: `created with user:create as ${result.role}` });
    }
    const verb = result.action === "created" ? "Created" : "Updated";
    console.log(`${verb} ${result.role} account for ${result.email}`);
  } catch (error) {
    if (error instanceof AccountInputError) {
      fail(error.issues.map((i) => `--${i.field}: ${i.message}`).join("\n       "));
    }
    fail(error instanceof Error ? error.message : String(error));
  }
}

await main();
