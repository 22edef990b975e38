import { z } from "zod";
import { emailField } from "~/domain/fields";
import { optionalText, OWN_PROFILE_LIMITS, OWN_PROFILE_MESSAGES, profileTextFields } from "~/features/professionals/own-profile-schema";
import { EXPERIENCE_MAX_YEARS, EXPERIENCE_MESSAGE, matchingFields } from "./matching-data";

/** The limits of the admin's professional form; the shared ones are the professional's own form's. */
export const PROFESSIONAL_LIMITS = {
  ...OWN_PROFILE_LIMITS,
  name: 100,
  experienceYears: EXPERIENCE_MAX_YEARS,
  disciplinaryNote: 1000,
} as const;

export const PROFESSIONAL_MESSAGES = {
  ...OWN_PROFILE_MESSAGES,
  name: "Name is required",
  nameMax: `Name must be less than ${PROFESSIONAL_LIMITS.name} characters`,
  experienceYears: EXPERIENCE_MESSAGE,
  emailTaken: "A professional with this email already exists",
  noAccount: "No account uses this email address, so there is nothing to link to",
  accountTaken: "That account is already linked to another professional entry",
  disciplinaryNote: `Keep the note to ${PROFESSIONAL_LIMITS.disciplinaryNote} characters or fewer`,
} as const;


/**
 * Every field of a directory entry, shared by the admin's add and edit forms and their
 * action. `linkAccount` is the admin's explicit choice to link the entry to the account with its
 * e-mail (decision 010): nothing is linked without it, and unticking it unlinks.
 */
export const AdminProfessionalSchema = z.object({
  name: z
    .string({ message: PROFESSIONAL_MESSAGES.name })
    .trim()
    .min(1, PROFESSIONAL_MESSAGES.name)
    .max(PROFESSIONAL_LIMITS.name, PROFESSIONAL_MESSAGES.nameMax),
  // Title, company, location, phone, bio, specialties and fees: as the professional's own form has them.
  ...profileTextFields,
  email: emailField,
  // Matching data (experience among it); the disclosure and its clearance are the admin's alone.
  ...matchingFields,
  disciplinaryDisclosed: z.boolean().optional(),
  disciplinaryCleared: z.boolean().optional(),
  disciplinaryNote: optionalText(PROFESSIONAL_LIMITS.disciplinaryNote, PROFESSIONAL_MESSAGES.disciplinaryNote),
  verified: z.boolean().optional(),
  featured: z.boolean().optional(),
  linkAccount: z.boolean().optional(),
});

export type AdminProfessionalInput = z.infer<typeof AdminProfessionalSchema>;
