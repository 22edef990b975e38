import { z } from "zod";
import { currentPasswordField, emailField } from "~/domain/fields";

/** The sign-in form, shared by the form (conform) and the action. */
export const LoginSchema = z.object({
  email: emailField,
  password: currentPasswordField,
  // A checkbox posts "on" when ticked and nothing otherwise; conform turns "on" into true.
  remember: z.boolean().optional(),
  redirectTo: z.string().optional(),
});
