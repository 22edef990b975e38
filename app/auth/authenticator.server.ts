import { eq, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db } from "~/platform/db.server";
import { userRoles, users, type Role } from "~/platform/schema";
import { verifyAgainstDummy, verifyPassword } from "./password.server";
import { primaryRole } from "./session.server";

export type AuthenticatedUser = { id: string; email: string; roles: Role[]; role: Role };

/** Thrown by the strategy when the e-mail/password pair does not match an account. */
export class InvalidCredentialsError extends Error {
  constructor(readonly reason: "unknown_email" | "wrong_password" | "malformed") {
    super("Invalid email or password");
    this.name = "InvalidCredentialsError";
  }
}

export const PASSWORD_STRATEGY = "password";

/**
 * Checks one e-mail/password pair. An unknown e-mail still pays for a bcrypt comparison, so the
 * two failure cases take about the same time.
 */
async function verifyCredentials(email: string, password: string): Promise<AuthenticatedUser> {
  const user = db()
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    // Stored addresses keep their case; the unique index is case-insensitive, and so is sign-in.
    .where(sql`${users.email} = ${email} collate nocase`)
    .get();
  if (!user) {
    await verifyAgainstDummy(password);
    throw new InvalidCredentialsError("unknown_email");
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new InvalidCredentialsError("wrong_password");
  }
  const roles = db()
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, user.id))
    .all()
    .map((r) => r.role);
  return { id: user.id, email: user.email, roles, role: primaryRole(roles) };
}

export const authenticator = new Authenticator<AuthenticatedUser>().use(
  new FormStrategy(async ({ form }) => {
    const email = form.get("email");
    const password = form.get("password");
    if (typeof email !== "string" || typeof password !== "string") {
      throw new InvalidCredentialsError("malformed");
    }
    return verifyCredentials(email, password);
  }),
  PASSWORD_STRATEGY,
);
