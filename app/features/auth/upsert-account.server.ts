import { eq } from "drizzle-orm";
import { z } from "zod";
import { transaction } from "~/platform/db.server";
import { ROLES, type Role } from "~/domain/vocabulary";
import { profiles, sessions, userRoles, users } from "~/platform/schema";
import { hashPassword } from "~/platform/password.server";
import { emailField, nameField, newPasswordField } from "~/domain/fields";
import { findUserByEmail, insertAccount } from "./users.data.server";

const AccountInputSchema = z.object({
  email: emailField,
  password: newPasswordField,
  role: z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(", ")}` }),
  name: nameField.optional(),
});
/** Unchecked input (from argv, a form, a test): upsertAccount validates it. */
export type AccountInput = { email: string; password: string; role: string; name?: string };

export class AccountInputError extends Error {
  constructor(readonly issues: { field: string; message: string }[]) {
    super(issues.map((i) => `${i.field}: ${i.message}`).join("\n"));
    this.name = "AccountInputError";
  }
}

/** The input as upsertAccount takes it, or AccountInputError naming each field that is wrong (before any database is opened). */
export function checkAccountInput(input: AccountInput): z.infer<typeof AccountInputSchema> {
  const parsed = AccountInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new AccountInputError(parsed.error.issues.map((i) => ({ field: i.path.join(".") || "input", message: i.message })));
  }
  return parsed.data;
}

export type AccountResult = { action: "created" | "updated"; userId: string; email: string; role: Role };

/**
 * Creates an account (user, profile, one role) or, when the e-mail is already registered in any
 * letter case, sets a new password and replaces its roles with the given one. A changed password
 * ends every session of that person. All of it happens in one transaction.
 */
export async function upsertAccount(input: AccountInput): Promise<AccountResult> {
  const { email, password, role, name } = checkAccountInput(input);
  // Hash outside the transaction: bcrypt is slow and the write lock should be held briefly.
  const passwordHash = await hashPassword(password);

  return transaction(async (tx): Promise<AccountResult> => {
    const existing = await findUserByEmail(email, tx);
    if (!existing) {
      // The operator typed the address: it counts as confirmed (docs/decisions/023). An update leaves
      // the state as it was: a new password says nothing about who reads the mail.
      const userId = await insertAccount(tx, { email, passwordHash, fullName: name ?? null, role, emailConfirmedAt: new Date() });
      return { action: "created", userId, email, role };
    }

    const userId = existing.id;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.insert(userRoles).values({ userId, role });
    await tx
      .insert(profiles)
      .values({ userId, email, fullName: name ?? null })
      .onConflictDoUpdate({
        target: profiles.userId,
        set: name === undefined ? { email } : { email, fullName: name },
      });
    // Anyone holding a session under the old password is signed out.
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return { action: "updated", userId, email, role };
  });
}
