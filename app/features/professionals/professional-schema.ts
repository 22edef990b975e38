import { z } from "zod";
import { emailField } from "~/domain/fields";
import {
  mergeSpecialties,
  optionalText,
  OWN_PROFILE_LIMITS,
  OWN_PROFILE_MESSAGES,
  profileTextFields,
} from "~/features/professionals/own-profile-schema";
import { EXPERIENCE_MAX_YEARS, EXPERIENCE_MESSAGE, matchingFields } from "./matching-data";

/** The limits of the admin's professional form; the shared ones are the professional's own form's. */
export const PROFESSIONAL_LIMITS = {
  ...OWN_PROFILE_LIMITS,
  name: 100,
  company: 100,
  experienceYears: EXPERIENCE_MAX_YEARS,
  /** US dollars a year. */
  feeMinimum: 100_000_000,
  feeSchedule: 600,
  disciplinaryNote: 1000,
} as const;

export const PROFESSIONAL_MESSAGES = {
  ...OWN_PROFILE_MESSAGES,
  name: "Name is required",
  nameMax: `Name must be less than ${PROFESSIONAL_LIMITS.name} characters`,
  company: "Company name must be less than 100 characters",
  experienceYears: EXPERIENCE_MESSAGE,
  emailTaken: "A professional with this email already exists",
  noAccount: "No account uses this email address, so there is nothing to link to",
  accountTaken: "That account is already linked to another professional entry",
  feeMinimum: "Enter the minimum as a whole number of US dollars, without commas or a $ sign (e.g. 250000)",
  feeSchedule: `Keep the fee schedule to ${PROFESSIONAL_LIMITS.feeSchedule} characters or fewer`,
  disciplinaryNote: `Keep the note to ${PROFESSIONAL_LIMITS.disciplinaryNote} characters or fewer`,
} as const;


/**
 * Every field of a directory entry, shared by the admin's add and edit forms and their
 * action. `linkAccount` is the admin's explicit choice to link the entry to the account with its
 * e-mail (decision 010): nothing is linked without it, and unticking it unlinks.
 */
export const AdminProfessionalSchema = z
  .object({
    name: z
      .string({ message: PROFESSIONAL_MESSAGES.name })
      .trim()
      .min(1, PROFESSIONAL_MESSAGES.name)
      .max(PROFESSIONAL_LIMITS.name, PROFESSIONAL_MESSAGES.nameMax),
    // Title, location, phone, bio and specialties: as the professional's own form has them.
    ...profileTextFields,
    company: optionalText(PROFESSIONAL_LIMITS.company, PROFESSIONAL_MESSAGES.company),
    email: emailField,
    // Matching data (experience among it); the disclosure and its clearance are the admin's alone.
    ...matchingFields,
    feeMinimum: z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, PROFESSIONAL_MESSAGES.feeMinimum)
      .transform(Number)
      .refine((n) => n <= PROFESSIONAL_LIMITS.feeMinimum, PROFESSIONAL_MESSAGES.feeMinimum)
      .optional(),
    feeSchedule: optionalText(PROFESSIONAL_LIMITS.feeSchedule, PROFESSIONAL_MESSAGES.feeSchedule),
    disciplinaryDisclosed: z.boolean().optional(),
    disciplinaryCleared: z.boolean().optional(),
    disciplinaryNote: optionalText(PROFESSIONAL_LIMITS.disciplinaryNote, PROFESSIONAL_MESSAGES.disciplinaryNote),
    verified: z.boolean().optional(),
    featured: z.boolean().optional(),
    linkAccount: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (mergeSpecialties([], value.otherSpecialties).some((s) => s.length > PROFESSIONAL_LIMITS.specialty)) {
      ctx.addIssue({ code: "custom", path: ["otherSpecialties"], message: PROFESSIONAL_MESSAGES.specialty });
    }
    if (mergeSpecialties(value.specialties, value.otherSpecialties).length > PROFESSIONAL_LIMITS.specialties) {
      ctx.addIssue({ code: "custom", path: ["specialties"], message: PROFESSIONAL_MESSAGES.specialties });
    }
  });

export type AdminProfessionalInput = z.infer<typeof AdminProfessionalSchema>;
