import { z } from "zod";

export const DELETE_ACCOUNT_MESSAGES = {
  required: "Enter your password to confirm",
  incorrect: "Password is incorrect",
  tooMany: "Too many attempts. Please try again in a few minutes.",
} as const;

/** The deletion step asks for the password again: shared by the form (client validation) and the action. */
export const DeleteAccountSchema = z.object({
  password: z.string({ message: DELETE_ACCOUNT_MESSAGES.required }).min(1, DELETE_ACCOUNT_MESSAGES.required).max(128, DELETE_ACCOUNT_MESSAGES.incorrect),
});
