import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Role } from "~/domain/vocabulary";
import { verifyAgainstDummy, verifyPassword } from "~/platform/password.server";
import { primaryRole } from "~/domain/roles";
import { findUserByEmail, rolesOf } from "~/features/auth/users.data.server";

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
  const user = await findUserByEmail(email);
  if (!user) {
    await verifyAgainstDummy(password);
    throw new InvalidCredentialsError("unknown_email");
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new InvalidCredentialsError("wrong_password");
  }
  const roles = await rolesOf(user.id);
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
