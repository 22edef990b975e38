import { z } from "zod";
import { LoginSchema } from "~/features/auth/login-schema";

/**
 * The admin sign-in form: the site's e-mail and password rules, and no 'Remember me', since an admin's
 * session ends with the browser (docs/decisions/009-admin-door.md).
 */
export const AdminLoginSchema = LoginSchema.pick({ email: true, password: true, redirectTo: true });

/** The second step of an admin sign-in with two-factor: a code from the app, or a recovery code. */
export const AdminCodeSchema = z.object({
  intent: z.literal("code"),
  code: z
    .string({ message: "Enter the code from your authenticator app" })
    .trim()
    .min(1, "Enter the code from your authenticator app")
    .max(40, "That code is too long"),
});
