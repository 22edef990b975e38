import { z } from "zod";
import { emailField, newPasswordField } from "~/domain/fields";

/** /forgot-password: just the address. */
export const ForgotPasswordSchema = z.object({ email: emailField });

/** /reset-password: the token from the link and a new password chosen under the same rules as at registration (app/domain/fields.ts). */
export const ResetPasswordSchema = z
  .object({
    token: z.string({ message: "This reset link is invalid" }).min(1, "This reset link is invalid").max(200),
    password: newPasswordField,
    confirmPassword: z.string({ message: "Please confirm your password" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
