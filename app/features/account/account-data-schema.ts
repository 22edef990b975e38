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

/** What a deletion answers, from either entry point (the person's own page, or an admin's). */
export const DELETE_MESSAGES = {
  notFound: "This account no longer exists.",
  lastAdmin: "This is the last admin account: it cannot be deleted until another account is made an admin.",
  self: "You cannot delete your own account here. Use 'Delete my account' on your own page.",
  done: "Your account has been deleted.",
} as const;

/** The name a directory entry keeps once its professional deleted their account (everything personal is erased). */
export const DELETED_PROFESSIONAL_NAME = "Former professional";
