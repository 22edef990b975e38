import { LoginSchema } from "~/auth/login-schema";

/** The admin sign-in form (spec §5 "Admin login"): the site's e-mail and password rules, no 'Remember me'. */
export const AdminLoginSchema = LoginSchema.pick({ email: true, password: true, redirectTo: true });
