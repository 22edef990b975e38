import { CodeStepSchema } from "~/features/auth/two-factor-schema";
import { LoginSchema } from "~/features/auth/login-schema";

/**
 * The admin sign-in form: the site's e-mail and password rules, and no 'Remember me', since an admin's
 * session ends with the browser (docs/decisions/009-admin-access.md).
 */
export const AdminLoginSchema = LoginSchema.pick({ email: true, password: true, redirectTo: true });

/** The second step of an admin sign-in with two-factor: a code from the app, or a recovery code. */
export const AdminCodeSchema = CodeStepSchema;
