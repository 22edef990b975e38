import { z } from "zod";
import { phoneField } from "~/domain/fields";
import { matchingFields } from "~/features/professionals/matching-data";

/**
 * What a professional may change about their own listing: never name, e-mail, verified, featured or the
 * disciplinary disclosure, which are what an admin checks and vouches for.
 */
export const OWN_PROFILE_LIMITS = {
  title: 100,
  location: 100,
  company: 100,
  bio: 2000,
  /** Characters of one specialty (an area of focus, in their words). */
  specialtyMin: 2,
  specialty: 40,
  /** How many specialties. */
  specialties: 10,
  /** The comma-separated text they arrive in. */
  specialtiesText: 600,
  /** US dollars a year. */
  feeMinimum: 100_000_000,
  feeSchedule: 600,
} as const;

export const OWN_PROFILE_MESSAGES = {
  title: `Title must be less than ${OWN_PROFILE_LIMITS.title} characters`,
  location: `Location must be less than ${OWN_PROFILE_LIMITS.location} characters`,
  company: `Company name must be less than ${OWN_PROFILE_LIMITS.company} characters`,
  bio: `Bio must be less than ${OWN_PROFILE_LIMITS.bio} characters`,
  specialty: `Each specialty must be ${OWN_PROFILE_LIMITS.specialtyMin} to ${OWN_PROFILE_LIMITS.specialty} characters of letters, digits, spaces and & ' . / ( ) + -`,
  specialties: `Please list at most ${OWN_PROFILE_LIMITS.specialties} specialties`,
  feeMinimum: "Enter the minimum as a whole number of US dollars, without commas or a $ sign (e.g. 250000)",
  feeSchedule: `Keep the fee schedule to ${OWN_PROFILE_LIMITS.feeSchedule} characters or fewer`,
} as const;

export const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

/** Letters and digits of any script, spaces and a little punctuation; a letter or digit first. */
const SPECIALTY_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}\p{M} &'’./()+-]*$/u;

/**
 * Specialties typed as one comma-separated text: each trimmed with its inner spaces collapsed, blanks
 * dropped, repeats in any letter case dropped (the first spelling wins).
 */
export function specialtyTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ");
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

export const isSpecialty = (tag: string) =>
  tag.length >= OWN_PROFILE_LIMITS.specialtyMin && tag.length <= OWN_PROFILE_LIMITS.specialty && SPECIALTY_PATTERN.test(tag);

/** The specialties' text as the form shows it. */
export const specialtiesText = (tags: readonly string[]) => tags.join(", ");

/**
 * The professional's own areas of focus ("cross-border tax", "founder liquidity"): free text, not the fixed
 * list of services that matching reads. Up to 10, each 2 to 40 characters. Several values (a form of an
 * older page that ticked boxes) are read as one list.
 */
export const specialtiesField = z
  .preprocess(
    (value) => (Array.isArray(value) ? value.filter((v) => typeof v === "string").join(",") : value),
    z
      .string()
      .max(OWN_PROFILE_LIMITS.specialtiesText, OWN_PROFILE_MESSAGES.specialties)
      .transform((text, ctx) => {
        const tags = specialtyTags(text);
        if (tags.some((t) => !isSpecialty(t))) ctx.addIssue({ code: "custom", message: OWN_PROFILE_MESSAGES.specialty });
        else if (tags.length > OWN_PROFILE_LIMITS.specialties) ctx.addIssue({ code: "custom", message: OWN_PROFILE_MESSAGES.specialties });
        return tags;
      }),
  )
  .optional();

/** How they are paid beyond the fee model (which matching reads; these it does not): a yearly minimum and a schedule in their words. */
export const feeFields = {
  feeMinimum: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, OWN_PROFILE_MESSAGES.feeMinimum)
    .transform(Number)
    .refine((n) => n <= OWN_PROFILE_LIMITS.feeMinimum, OWN_PROFILE_MESSAGES.feeMinimum)
    .optional(),
  feeSchedule: optionalText(OWN_PROFILE_LIMITS.feeSchedule, OWN_PROFILE_MESSAGES.feeSchedule),
};

/** The listing's words, which the professional and an admin both edit, with the same limits. */
export const profileTextFields = {
  title: optionalText(OWN_PROFILE_LIMITS.title, OWN_PROFILE_MESSAGES.title),
  company: optionalText(OWN_PROFILE_LIMITS.company, OWN_PROFILE_MESSAGES.company),
  location: optionalText(OWN_PROFILE_LIMITS.location, OWN_PROFILE_MESSAGES.location),
  phone: phoneField.optional(),
  bio: optionalText(OWN_PROFILE_LIMITS.bio, OWN_PROFILE_MESSAGES.bio),
  specialties: specialtiesField,
  ...feeFields,
};

export const OwnProfileSchema = z.object({
  ...profileTextFields,
  // What matching reads, except the disciplinary disclosure (the admin's alone). A verified
  // professional's change to it waits for an admin's approval (docs/decisions/021).
  ...matchingFields,
  removeImage: z.boolean().optional(),
});
