/**
 * The reasons a shortlist card gives, at most three, each a short sentence written for the client ("Works
 * with families of your wealth."), never a list of bands. One per factor that fitted, strongest first (the
 * points the factor gave), read from what the engine recorded as fitting (FitEvidence). A reason that
 * repeats something the card shows beside it (fee model, languages, qualifications) is said only while the
 * professional's entry still says so. The profile gives every such reason (no limit); the engine's own lines (clientLines) only for a
 * shortlist stored without factors.
 */
import type { FactorExplanation, FitEvidence } from "./matching-engine";
import {
  CERTIFICATIONS,
  COMMUNICATION_CHANNELS,
  EXPERIENCE_RANGES,
  FEE_MODELS,
  INVESTMENT_OBJECTIVES,
  WEALTH_SOURCES,
  listOf,
  oneOf,
} from "./vocabulary";
import { CHANNEL_WORDS, FEE_MODEL_SHORT, OBJECTIVE_WORDS, WEALTH_SOURCE_WORDS, experienceWords, plainList } from "./plain-words";

/** How many reasons a card shows. */
export const CARD_REASONS = 3;

/** What the card shows of the professional's entry today, to check a reason that names it against. */
export type ShownFacts = { feeModel: string | null; languages: readonly string[]; certifications: readonly string[] };

const FACTOR_ORDER = ["objectives", "wealthFit", "wealthSources", "country", "communication", "experience", "whatMatters"] as const;
const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six"];
const count = (n: number) => NUMBER_WORDS[n] ?? String(n);
const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function objectivesReason(e: NonNullable<FitEvidence["objectives"]>): string | null {
  const covered = listOf(INVESTMENT_OBJECTIVES, e.covered);
  const of = typeof e.of === "number" && e.of >= covered.length ? e.of : covered.length;
  if (!covered.length) return null;
  const list = plainList(covered.map((o) => OBJECTIVE_WORDS[o]));
  if (covered.length < of) return `Helps with ${list}, ${count(covered.length)} of the ${count(of)} objectives you named.`;
  if (of === 1) return `Helps with ${list}, the objective you named.`;
  if (of === 2) return `Helps with ${list}, both objectives you named.`;
  return `Helps with ${list}: every objective you named.`;
}

function experienceReason(e: NonNullable<FitEvidence["experience"]>, shown?: ShownFacts): string | null {
  const held = listOf(CERTIFICATIONS, e.certifications).filter((c) => !shown || shown.certifications.includes(c));
  const years = typeof e.years === "number" && e.years >= 3 ? experienceWords(e.years, oneOf(EXPERIENCE_RANGES, e.range) ?? null) : null;
  if (years && held.length) return `${years} of experience, with qualifications suited to your objectives.`;
  if (years) return `${years} of experience.`;
  if (held.length) return "Holds qualifications suited to your objectives.";
  return null;
}

function whatMattersReason(e: FitEvidence, shown?: ShownFacts): string | null {
  const parts: string[] = [];
  const fee = oneOf(FEE_MODELS, e.fee);
  if (fee && (!shown || shown.feeModel === fee)) parts.push(`paid ${FEE_MODEL_SHORT[fee]}`);
  if (e.impact === true) parts.push("offers sustainable and impact investing");
  const language = typeof e.language === "string" ? e.language.trim() : "";
  if (language) {
    const theirs = shown ? shown.languages.find((l) => same(l, language)) : language;
    if (theirs) parts.push(`works in ${theirs}`);
  }
  return parts.length ? `${capital(plainList(parts))}, as you asked.` : null;
}

/** One factor's reason from what fitted; null when nothing fitted (or nothing that is still true). */
function fromEvidence(factor: string, e: FitEvidence, shown?: ShownFacts): string | null {
  switch (factor) {
    case "objectives":
      return e.objectives ? objectivesReason(e.objectives) : null;
    case "wealthFit":
      if (e.wealth?.typicalClients) return "Works with families of your wealth.";
      if (e.wealth?.scale) return "Looks after client assets on a scale that suits your wealth.";
      return null;
    case "wealthSources": {
      const sources = listOf(WEALTH_SOURCES, e.sources);
      return sources.length ? `Many of their clients made their wealth as you did, from ${plainList(sources.map((s) => WEALTH_SOURCE_WORDS[s]))}.` : null;
    }
    case "country":
      return e.country === "named" ? "Serves clients in your country." : e.country === "worldwide" ? "Serves clients worldwide, your country included." : null;
    case "communication": {
      const channel = oneOf(COMMUNICATION_CHANNELS, e.channel);
      return channel ? `Works by ${CHANNEL_WORDS[channel]}, as you prefer.` : null;
    }
    case "experience":
      return e.experience ? experienceReason(e.experience, shown) : null;
    case "whatMatters":
      return whatMattersReason(e, shown);
    default:
      return null;
  }
}

/**
 * A shortlist stored before the engine recorded its evidence: only what the factor's fit alone proves.
 * (Half a wealth fit is either the scale or the typical clients, and says nothing; so does experience
 * short of a relevant qualification.)
 */
function fromFit(factor: string, fit: number): string | null {
  if (!(fit > 0)) return null;
  switch (factor) {
    case "objectives":
      return fit >= 1 ? "Helps with every objective you named." : "Helps with some of the objectives you named.";
    case "wealthFit":
      return fit >= 0.75 ? "Works with families of your wealth." : null;
    case "wealthSources":
      return "Many of their clients made their wealth as you did.";
    case "country":
      return fit >= 1 ? "Serves clients in your country." : "Serves clients worldwide, your country included.";
    case "communication":
      return fit >= 1 ? "Works the way you prefer to be contacted." : null;
    case "experience":
      return fit > 0.5 ? "Holds qualifications suited to your objectives." : null;
    case "whatMatters":
      return fit >= 1 ? "Matches what you said matters to you in an advisor." : null;
    default:
      return null;
  }
}

/**
 * The card's reasons (at most `limit`, CARD_REASONS on a card, strongest first) and how many more factors
 * fitted, which the profile shows (it passes Infinity). `shown`: the entry as the card shows it today.
 */
export function cardReasons(
  factors: readonly Pick<FactorExplanation, "factor" | "counted" | "fit" | "points" | "evidence">[] | unknown,
  shown?: ShownFacts,
  limit: number = CARD_REASONS,
): { reasons: string[]; more: number } {
  if (!Array.isArray(factors)) return { reasons: [], more: 0 };
  const all = (factors as Pick<FactorExplanation, "factor" | "counted" | "fit" | "points" | "evidence">[])
    .filter((f) => f && typeof f === "object" && f.counted === true)
    .map((f) => {
      const evidence = f.evidence && typeof f.evidence === "object" ? f.evidence : null;
      const fit = typeof f.fit === "number" ? f.fit : 0;
      return {
        reason: evidence ? fromEvidence(f.factor, evidence, shown) : fromFit(f.factor, fit),
        points: typeof f.points === "number" ? f.points : 0,
        order: FACTOR_ORDER.indexOf(f.factor),
      };
    })
    .filter((r): r is { reason: string; points: number; order: number } => r.reason !== null)
    .sort((a, b) => b.points - a.points || a.order - b.order);
  const reasons = [...new Set(all.map((r) => r.reason))];
  const shownCount = Math.max(0, Math.min(limit, reasons.length));
  return { reasons: reasons.slice(0, shownCount), more: reasons.length - shownCount };
}
