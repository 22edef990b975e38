import type { MatchingData, MatchingKey } from "~/domain/matching-engine";
import { experienceWords } from "~/domain/plain-words";
import {
  AUM_OPTIONS,
  CERTIFICATION_OPTIONS,
  CLIENT_PROFILE_OPTIONS,
  COMMUNICATION_OPTIONS,
  FEE_MODEL_OPTIONS,
  answerText,
  LANGUAGE_OPTIONS,
  SERVED_COUNTRY_OPTIONS,
  SERVICE_OPTIONS,
  type Option,
} from "~/domain/vocabulary";

const OPTIONS: Partial<Record<MatchingKey, readonly Option[]>> = {
  services: SERVICE_OPTIONS,
  certifications: CERTIFICATION_OPTIONS,
  aumRange: AUM_OPTIONS,
  clientProfiles: CLIENT_PROFILE_OPTIONS,
  communication: COMMUNICATION_OPTIONS,
  countriesServed: SERVED_COUNTRY_OPTIONS,
  feeModel: FEE_MODEL_OPTIONS,
  languages: LANGUAGE_OPTIONS,
};

/** One matching field's value in words, as the admin and the professional read it. */
export function matchingValueText(key: MatchingKey, value: MatchingData[MatchingKey] | string): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (value === null) return "Not set";
  if (typeof value === "number") return `${value} ${value === 1 ? "year" : "years"}`;
  return answerText(value, OPTIONS[key]) ?? "None";
}

/** One field of a set of matching data in words; experience as it was given (range or exact years). */
export function matchingDataText(data: MatchingData, key: MatchingKey): string {
  if (key === "experienceYears") return data.experienceYears === null ? "Not set" : experienceWords(data.experienceYears, data.experienceRange ?? null);
  return matchingValueText(key, data[key]);
}
