import { parseArgs } from "node:util";
import { AccountInputError, checkAccountInput, type AccountInput } from "~/features/auth/upsert-account.server";

export const USER_CREATE_USAGE = `Usage: npm run user:create -- --email <email> --password <password> --role <admin|professional|client|user> [--name "Full Name"]
       npm run user:create -- --email <email> --reset-2fa

Creates the account, or, when the email already exists, sets its password and role
(and signs it out everywhere). Passwords need 8-128 characters with a lowercase letter,
an uppercase letter and a number.

--reset-2fa turns off the account's two-factor authentication (its authenticator key and
recovery codes are deleted) and signs it out everywhere; the admin signs in with the password
alone and can enrol again at /admin/security. It can be combined with --password and --role.`;

/** What `npm run user:create` was asked to do, or why it cannot: read before any database is opened. */
export type UserCreateRequest =
  | { kind: "help" }
  | { kind: "reset-2fa"; email: string }
  | { kind: "upsert"; input: AccountInput; reset2fa: boolean }
  | { kind: "refused"; message: string };

export function readUserCreateArgs(args: string[]): UserCreateRequest {
  let values;
  try {
    ({ values } = parseArgs({
      args,
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
    return { kind: "refused", message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: "help" };
  const resetOnly = values["reset-2fa"] === true && values.password === undefined && values.role === undefined && values.name === undefined;
  if (resetOnly) return values.email === undefined ? { kind: "refused", message: "missing --email" } : { kind: "reset-2fa", email: values.email };
  const missing = (["email", "password", "role"] as const).filter((k) => values[k] === undefined);
  if (missing.length) return { kind: "refused", message: `missing ${missing.map((k) => `--${k}`).join(", ")}` };
  const input: AccountInput = { email: values.email ?? "", password: values.password ?? "", role: values.role ?? "", name: values.name };
  try {
    checkAccountInput(input);
  } catch (error) {
    if (error instanceof AccountInputError) return { kind: "refused", message: error.issues.map((i) => `--${i.field}: ${i.message}`).join("\n       ") };
    throw error;
  }
  return { kind: "upsert", input, reset2fa: values["reset-2fa"] === true };
}
