import { z } from "zod";
import { currentPasswordField } from "~/domain/fields";

/**
 * The two-factor forms (an admin's /admin/security, a member's /account), told apart by `intent`; each
 * is shared by the form (conform) and the action.
 */
const codeField = z
  .string({ message: "Enter the code from your authenticator app" })
  .trim()
  .min(1, "Enter the code from your authenticator app")
  .max(40, "That code is too long");

const appCodeField = codeField.regex(/^\d{3}\s?\d{3}$/, "Enter the 6-digit code your authenticator app shows");

export const ConfirmEnrolmentSchema = z.object({ intent: z.literal("confirm"), code: appCodeField });
export const RegenerateCodesSchema = z.object({ intent: z.literal("regenerate"), code: appCodeField });
export const DisableTwoFactorSchema = z.object({ intent: z.literal("disable"), password: currentPasswordField, code: codeField });

/** The second step of a sign-in with two-factor (either sign-in page): a code from the app, or a recovery code. */
export const CodeStepSchema = z.object({ intent: z.literal("code"), code: codeField });

export type SecurityIntent = "start" | "cancel" | "confirm" | "regenerate" | "disable";
export const SECURITY_INTENTS: readonly SecurityIntent[] = ["start", "cancel", "confirm", "regenerate", "disable"];
