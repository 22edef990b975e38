import { z } from "zod";
import { emailField, phoneField } from "~/domain/fields";
import { mergeSpecialties, OWN_PROFILE_LIMITS, OWN_PROFILE_MESSAGES } from "~/features/professionals/own-profile-schema";
import { EXPERIENCE_MAX_YEARS, EXPERIENCE_MESSAGE, matchingFields } from "./matching-data";

/** The limits of the admin's professional form; the shared ones are the professional's own form's. */
export const PROFESSIONAL_LIMITS = { ...OWN_PROFILE_LIMITS, name: 100, company: 100, experienceYears: EXPERIENCE_MAX_YEARS } as const;

export const PROFESSIONAL_MESSAGES = {
  ...OWN_PROFILE_MESSAGES,
  name: "Name is required",
  nameMax: `Name must be less than ${PROFESSIONAL_LIMITS.name} characters`,
  company: "Company name must be less than 100 characters",
  experienceYears: EXPERIENCE_MESSAGE,
  emailTaken: "A professional with this email already exists",
  noAccount: "No account uses this email address, so there is nothing to link to",
  accountTaken: "That account is already linked to another professional entry",
} as const;

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

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
    title: optionalText(PROFESSIONAL_LIMITS.title, PROFESSIONAL_MESSAGES.title),
    company: optionalText(PROFESSIONAL_LIMITS.company, PROFESSIONAL_MESSAGES.company),
    email: emailField,
    phone: phoneField.optional(),
    location: optionalText(PROFESSIONAL_LIMITS.location, PROFESSIONAL_MESSAGES.location),
    // Matching data (experience among it); the disclosure and its clearance are the admin's alone.
    ...matchingFields,
    disciplinaryDisclosed: z.boolean().optional(),
    disciplinaryCleared: z.boolean().optional(),
    bio: optionalText(PROFESSIONAL_LIMITS.bio, PROFESSIONAL_MESSAGES.bio),
    specialties: z
      .array(z.string().trim().max(PROFESSIONAL_LIMITS.specialty, PROFESSIONAL_MESSAGES.specialty))
      .max(PROFESSIONAL_LIMITS.specialties * 2, PROFESSIONAL_MESSAGES.specialties)
      .optional(),
    otherSpecialties: optionalText(PROFESSIONAL_LIMITS.otherSpecialties, PROFESSIONAL_MESSAGES.otherSpecialties),
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
