import { z } from "zod";
import { currentPasswordField, emailField, firstNameField, lastNameField, newPasswordField, timeZoneField } from "~/domain/fields";

/** The forms of /account, told apart by `intent`; each schema is shared by its form (conform) and the action. */
export const NameSchema = z.object({ intent: z.literal("name"), firstName: firstNameField, lastName: lastNameField });

export const EmailChangeSchema = z.object({ intent: z.literal("email"), newEmail: emailField, password: currentPasswordField });

/** The new password follows the registration and reset rules (app/domain/fields.ts). */
export const PasswordChangeSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: currentPasswordField,
    password: newPasswordField,
    confirmPassword: z.string({ message: "Please confirm your new password" }).min(1, "Please confirm your new password").max(1024),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

/** The zone the member reads times in (calls, messages; an admin's lists). */
export const TimeZoneSchema = z.object({ intent: z.literal("time-zone"), timeZone: timeZoneField });

export const SignOutEverywhereSchema = z.object({ intent: z.literal("sign-out-everywhere") });

export const ACCOUNT_MESSAGES = {
  nameSaved: "Your name is saved.",
  timeZoneSaved: (zone: string) => `Times are shown in ${zone.replace(/_/g, " ")}.`,
  wrongPassword: "That password is not correct.",
  tooManyPasswords: "Too many wrong passwords. Please try again in a few minutes.",
  sameEmail: "That is already your email address.",
  emailSent: (to: string) =>
    `We have sent a link to ${to}. Your address changes when you open it and confirm (within 24 hours); until then, keep signing in with your current address.`,
  noPendingEmail: "No change of email address is waiting: there is nothing to send or cancel.",
  emailChangeCancelled: (current: string) => `The change is cancelled and its link no longer works. You keep signing in with ${current}.`,
  tooManyEmails: "You have asked for several links in a short time. Please use the newest link we sent, or try again later.",
  passwordChanged: (to: string) =>
    `Your password is changed. Every other device you were signed in on has been signed out, and we have emailed ${to} to say so.`,
  signedOutEverywhere: "You have been signed out on every device, this one included.",
  linkInvalid: "This link is no longer valid: it was used already, a newer one was sent, or it expired. Your address has not changed.",
  addressTaken: "That address now belongs to another account, so your address has not changed.",
} as const;
