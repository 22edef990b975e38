import { z } from "zod";
import { LoginSchema } from "~/features/auth/login-schema";

/** The admin sign-in form (spec §5 "Admin login"): the site's e-mail and password rules, no 'Remember me'. */
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
