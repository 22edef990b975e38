import { COMMUNICATION_CHANNELS, COUNTRIES, FEE_MODELS, INVESTMENT_OBJECTIVES, NET_WORTH_RANGES, WEALTH_SOURCES, listOf, oneOf } from "~/domain/vocabulary";
import type { ClientAnswers } from "~/domain/matching-engine";

/**
 * Where the client's 'What matters to you in an advisor' answers live in registration_answers.answers:
 * the wizard's step 7 and /client-welcome/answers use these names as their field names.
 */
export const WHAT_MATTERS_KEYS = {
  feeModel: "advisorFeeModel",
  impactInvesting: "advisorImpactInvesting",
  language: "advisorLanguage",
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The one conversion from a client's stored wizard answers (a JSON blob written by the wizard and by
 * /client-welcome/answers, possibly by an older version of either) into what the matching engine reads.
 * Values no longer on an option list are dropped; null when the answers cannot be matched (not an
 * object, no country or no objective). It never throws, whatever the blob holds.
 */
export function clientAnswersFrom(stored: unknown): ClientAnswers | null {
  if (!isRecord(stored)) return null;
  const country = oneOf(COUNTRIES, stored.countryOfResidency);
  const objectives = listOf(INVESTMENT_OBJECTIVES, stored.investmentObjectives);
  if (!country || objectives.length === 0) return null;
  const sources = listOf(WEALTH_SOURCES, stored.wealthSource);
  const feeModel = oneOf(FEE_MODELS, stored[WHAT_MATTERS_KEYS.feeModel]);
  const impact = stored[WHAT_MATTERS_KEYS.impactInvesting] === true;
  const rawLanguage = stored[WHAT_MATTERS_KEYS.language];
  const language = typeof rawLanguage === "string" && rawLanguage.trim() !== "" ? rawLanguage.trim().slice(0, 60) : undefined;
  const whatMatters = {
    ...(feeModel ? { feeModel } : {}),
    ...(impact ? { impactInvesting: true } : {}),
    ...(language ? { language } : {}),
  };
  return {
    countryOfResidency: country,
    investmentObjectives: objectives,
    netWorth: oneOf(NET_WORTH_RANGES, stored.netWorth),
    wealthSource: sources.length ? sources : undefined,
    preferredCommunication: oneOf(COMMUNICATION_CHANNELS, stored.preferredCommunication),
    whatMatters: Object.keys(whatMatters).length ? whatMatters : undefined,
  };
}
