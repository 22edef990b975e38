import { z } from "zod";
import {
  MATCHING_KEYS,
  missingMatchingData,
  type MatchingData,
  type MatchingKey,
  type ProfessionalCandidate,
} from "~/domain/matching-engine";
import { choice, several } from "~/domain/fields";
import {
  EXPERIENCE_RANGES,
  experienceYearsFromRange,
  type ExperienceRange,
  AUM_RANGES,
  CERTIFICATIONS,
  CLIENT_PROFILES,
  COMMUNICATION_CHANNELS,
  FEE_MODELS,
  LANGUAGES,
  SERVED_COUNTRIES,
  SERVICES,
} from "~/domain/vocabulary";

/**
 * A professional's matching data (what app/domain/matching-engine.ts reads), as the admin's form and the
 * professional's own form edit it. One schema for both forms and their actions; the disclosure and its
 * clearance are the admin's alone and live in the admin's schema.
 */
export const MATCHING_LABELS: Record<MatchingKey, string> = {
  services: "Services offered",
  certifications: "Certifications",
  experienceYears: "Years of experience",
  aumRange: "Assets under management",
  clientProfiles: "Typical client profiles",
  communication: "Communication",
  countriesServed: "Countries served",
  feeModel: "How they are paid",
  impactInvesting: "Sustainable and impact investing",
  languages: "Languages",
};

export const EXPERIENCE_MAX_YEARS = 70;
export const EXPERIENCE_MESSAGE = `Experience must be a whole number of years from 0 to ${EXPERIENCE_MAX_YEARS}, or one of the ranges ${EXPERIENCE_RANGES.join(", ")}`;

/** Experience as stored: whole years (a range's lower bound, which matching reads) and the range if one was given. */
export type Experience = { years: number; range: ExperienceRange | null };

/**
 * "12" is 12 exact years; "6-10" (also "6 - 10", "6–10", "6 to 10") and "20+" are the wizard's ranges.
 * Anything else is null.
 */
export function parseExperience(text: string): Experience | null {
  const compact = text.trim().toLowerCase().replace(/\s*(?:to|–|—|-)\s*/g, "-").replace(/\s+\+/, "+").replace(/\s*years?$/, "");
  if (/^\d{1,2}$/.test(compact)) {
    const years = Number(compact);
    return years <= EXPERIENCE_MAX_YEARS ? { years, range: null } : null;
  }
  const range = EXPERIENCE_RANGES.find((r) => r === compact);
  return range ? { years: experienceYearsFromRange(range), range } : null;
}

/** The form's text for stored experience: the range as the wizard wrote it, else the number. */
export const experienceText = (years: number | null, range: ExperienceRange | null): string =>
  range ?? (years === null ? "" : String(years));

export const matchingFields = {
  services: several(SERVICES).optional(),
  certifications: several(CERTIFICATIONS).optional(),
  // One field for both: the wizard's range or an exact number of years.
  experienceYears: z
    .string()
    .max(40, EXPERIENCE_MESSAGE)
    .transform((raw, ctx) => {
      const experience = parseExperience(raw);
      if (experience) return experience;
      ctx.addIssue({ code: "custom", message: EXPERIENCE_MESSAGE });
      return z.NEVER;
    })
    .optional(),
  aumRange: choice(AUM_RANGES).optional(),
  clientProfiles: several(CLIENT_PROFILES).optional(),
  communication: several(COMMUNICATION_CHANNELS).optional(),
  countriesServed: several(SERVED_COUNTRIES).optional(),
  feeModel: choice(FEE_MODELS).optional(),
  impactInvesting: z.boolean().optional(),
  languages: several(LANGUAGES).optional(),
};
export type MatchingInput = z.infer<z.ZodObject<typeof matchingFields>>;

/** The chosen values in the option list's order, without repeats, so two equal choices compare equal. */
const inOrder = <T extends string>(allowed: readonly T[], chosen: readonly T[] | undefined): T[] =>
  allowed.filter((v) => chosen?.includes(v));

/** Validated form input as stored matching data. */
export function matchingDataFrom(value: MatchingInput): MatchingData {
  return {
    services: inOrder(SERVICES, value.services),
    certifications: inOrder(CERTIFICATIONS, value.certifications),
    experienceYears: value.experienceYears?.years ?? null,
    experienceRange: value.experienceYears?.range ?? null,
    aumRange: value.aumRange ?? null,
    clientProfiles: inOrder(CLIENT_PROFILES, value.clientProfiles),
    communication: inOrder(COMMUNICATION_CHANNELS, value.communication),
    countriesServed: inOrder(SERVED_COUNTRIES, value.countriesServed),
    feeModel: value.feeModel ?? null,
    impactInvesting: value.impactInvesting ?? false,
    languages: inOrder(LANGUAGES, value.languages as (typeof LANGUAGES)[number][] | undefined),
  };
}

/** A professional as the engine reads it, reduced to its matching data in the same order as the forms. */
export function matchingDataOf(pro: ProfessionalCandidate): MatchingData {
  const languages = pro.languages.filter((l): l is (typeof LANGUAGES)[number] => (LANGUAGES as readonly string[]).includes(l));
  return matchingDataFrom({
    services: [...pro.services],
    certifications: [...pro.certifications],
    experienceYears: pro.experienceYears === null ? undefined : { years: pro.experienceYears, range: pro.experienceRange ?? null },
    aumRange: pro.aumRange ?? undefined,
    clientProfiles: [...pro.clientProfiles],
    communication: [...pro.communication],
    countriesServed: [...pro.countriesServed],
    feeModel: pro.feeModel ?? undefined,
    impactInvesting: pro.impactInvesting,
    languages,
  });
}

/** The fields whose value differs between two sets of matching data. */
export function changedMatchingKeys(before: MatchingData, after: MatchingData): MatchingKey[] {
  return MATCHING_KEYS.filter((k) => JSON.stringify(compared(before, k)) !== JSON.stringify(compared(after, k)));
}

/** Experience is the years with their range: "3-5" and exactly 3 years differ. A change saved before ranges existed has none. */
const compared = (data: MatchingData, key: MatchingKey) =>
  key === "experienceYears" ? [data.experienceYears, data.experienceRange ?? null] : data[key];

const VERIFY_INCOMPLETE = "Complete the matching data before verifying.";

/** The engine's 'incomplete' (its one definition), in words after `lead`: null when the data is complete. */
export function missingMatchingText(data: MatchingData, lead: string = VERIFY_INCOMPLETE): string | null {
  const missing = missingMatchingData(data);
  if (missing.length === 0) return null;
  const names = missing.map((k) => (k in MATCHING_LABELS ? MATCHING_LABELS[k as MatchingKey] : k).toLowerCase());
  return `${lead} Missing: ${names.join(", ")}.`;
}

/** Form values (conform's initial values) of stored matching data. */
export function matchingFormValues(data: MatchingData) {
  return {
    services: data.services,
    certifications: data.certifications,
    experienceYears: experienceText(data.experienceYears, data.experienceRange ?? null),
    aumRange: data.aumRange ?? "",
    clientProfiles: data.clientProfiles,
    communication: data.communication,
    countriesServed: data.countriesServed,
    feeModel: data.feeModel ?? "",
    impactInvesting: data.impactInvesting ? "on" : undefined,
    languages: data.languages,
  };
}
