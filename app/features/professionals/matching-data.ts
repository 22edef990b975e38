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
export const EXPERIENCE_MESSAGE = `Experience must be a whole number of years from 0 to ${EXPERIENCE_MAX_YEARS}`;

export const matchingFields = {
  services: several(SERVICES).optional(),
  certifications: several(CERTIFICATIONS).optional(),
  experienceYears: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, EXPERIENCE_MESSAGE)
    .transform(Number)
    .refine((n) => n <= EXPERIENCE_MAX_YEARS, EXPERIENCE_MESSAGE)
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
    experienceYears: value.experienceYears ?? null,
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
    experienceYears: pro.experienceYears ?? undefined,
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
  return MATCHING_KEYS.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

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
    experienceYears: data.experienceYears === null ? "" : String(data.experienceYears),
    aumRange: data.aumRange ?? "",
    clientProfiles: data.clientProfiles,
    communication: data.communication,
    countriesServed: data.countriesServed,
    feeModel: data.feeModel ?? "",
    impactInvesting: data.impactInvesting ? "on" : undefined,
    languages: data.languages,
  };
}
