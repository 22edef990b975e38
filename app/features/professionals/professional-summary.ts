import { CERTIFICATIONS, FEE_MODELS, FEE_MODEL_OPTIONS, labelOf, listOf, oneOf } from "~/domain/vocabulary";
import { CERTIFICATION_WORDS, dollars } from "~/domain/plain-words";
import type { ShownFacts } from "~/domain/card-reasons";
import { localImage } from "~/platform/local-image";

/**
 * The columns a professional's header shows, on a shortlist card and atop their profile (ProfessionalHeader):
 * read as stored, shown in the words a client reads.
 */
export type SummaryRow = {
  id: number;
  name: string;
  title: string | null;
  company: string | null;
  location: string | null;
  profileImage: string | null;
  certifications: unknown;
  feeModel: string | null;
  feeMinimum: number | null;
  languages: unknown;
};

export type ProfessionalSummary = {
  id: number;
  name: string;
  title: string | null;
  company: string | null;
  /** Where they are based, as they wrote it. */
  location: string | null;
  /** A photo this site serves, else null (initials are shown). */
  photo: string | null;
  /** Their qualifications in words ("Certified Financial Planner (CFP)"). */
  credentials: string[];
  /** "Fee-only"; null when not stated. */
  feeModel: string | null;
  /** "$250,000" a year; null when not stated. */
  feeMinimum: string | null;
  languages: string[];
};

const languagesOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((l): l is string => typeof l === "string" && l.trim() !== "") : [];

export function summaryOf(row: SummaryRow): ProfessionalSummary {
  const feeModel = oneOf(FEE_MODELS, row.feeModel);
  return {
    id: row.id,
    name: row.name,
    title: row.title?.trim() || null,
    company: row.company?.trim() || null,
    location: row.location?.trim() || null,
    photo: localImage(row.profileImage),
    credentials: listOf(CERTIFICATIONS, row.certifications).map((c) => CERTIFICATION_WORDS[c]),
    feeModel: feeModel ? labelOf(FEE_MODEL_OPTIONS, feeModel) : null,
    feeMinimum: row.feeMinimum !== null && row.feeMinimum > 0 ? dollars(row.feeMinimum) : null,
    languages: languagesOf(row.languages),
  };
}

/** What a card's reasons are checked against: the entry as the card shows it today. */
export function shownFactsOf(row: Pick<SummaryRow, "certifications" | "feeModel" | "languages">): ShownFacts {
  return { feeModel: row.feeModel, languages: languagesOf(row.languages), certifications: listOf(CERTIFICATIONS, row.certifications) };
}
