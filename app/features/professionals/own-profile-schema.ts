import { z } from "zod";
import { phoneField } from "~/domain/fields";
import { matchingFields } from "~/features/professionals/matching-data";

/**
 * What a professional may change about their own listing: never name, e-mail, company, verified,
 * featured or the disciplinary disclosure, which are what an admin checks and vouches for.
 */
export const OWN_PROFILE_LIMITS = {
  title: 100,
  location: 100,
  bio: 2000,
  specialty: 60,
  specialties: 12,
  otherSpecialties: 300,
} as const;

export const OWN_PROFILE_MESSAGES = {
  title: `Title must be less than ${OWN_PROFILE_LIMITS.title} characters`,
  location: `Location must be less than ${OWN_PROFILE_LIMITS.location} characters`,
  bio: `Bio must be less than ${OWN_PROFILE_LIMITS.bio} characters`,
  specialty: `Each specialty must be less than ${OWN_PROFILE_LIMITS.specialty} characters`,
  specialties: `Please choose at most ${OWN_PROFILE_LIMITS.specialties} specialties`,
  otherSpecialties: `Please keep this under ${OWN_PROFILE_LIMITS.otherSpecialties} characters`,
} as const;

export const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

/** The listing's words, which the professional and an admin both edit, with the same limits. */
export const profileTextFields = {
  title: optionalText(OWN_PROFILE_LIMITS.title, OWN_PROFILE_MESSAGES.title),
  location: optionalText(OWN_PROFILE_LIMITS.location, OWN_PROFILE_MESSAGES.location),
  phone: phoneField.optional(),
  bio: optionalText(OWN_PROFILE_LIMITS.bio, OWN_PROFILE_MESSAGES.bio),
  // Free text rather than a fixed list: an admin may have listed specialties beyond the fixed list of services.
  specialties: z
    .array(z.string().trim().max(OWN_PROFILE_LIMITS.specialty, OWN_PROFILE_MESSAGES.specialty))
    .max(OWN_PROFILE_LIMITS.specialties * 2, OWN_PROFILE_MESSAGES.specialties)
    .optional(),
  otherSpecialties: optionalText(OWN_PROFILE_LIMITS.otherSpecialties, OWN_PROFILE_MESSAGES.otherSpecialties),
};

/**
 * The ticked specialties followed by the comma-separated extra ones, trimmed, without blanks and
 * without repeats in any letter case (the first spelling wins).
 */
export function mergeSpecialties(ticked: readonly string[] = [], other = ""): string[] {
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const raw of [...ticked, ...other.split(",")]) {
    const value = raw.trim().replace(/\s+/g, " ");
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    merged.push(value);
  }
  return merged;
}

export const OwnProfileSchema = z
  .object({
    ...profileTextFields,
    // What matching reads, except the disciplinary disclosure (the admin's alone). A verified
    // professional's change to it waits for an admin's approval (docs/decisions/021).
    ...matchingFields,
  })
  .superRefine((value, ctx) => {
    const added = mergeSpecialties([], value.otherSpecialties);
    if (added.some((s) => s.length > OWN_PROFILE_LIMITS.specialty)) {
      ctx.addIssue({ code: "custom", path: ["otherSpecialties"], message: OWN_PROFILE_MESSAGES.specialty });
    }
    if (mergeSpecialties(value.specialties, value.otherSpecialties).length > OWN_PROFILE_LIMITS.specialties) {
      ctx.addIssue({ code: "custom", path: ["specialties"], message: OWN_PROFILE_MESSAGES.specialties });
    }
  });
