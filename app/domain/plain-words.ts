/**
 * The matching vocabulary in the words a client reads: no industry shorthand ("HNWI", "Bar/Lawyer").
 * The stored values stay those of ./vocabulary; only what is shown is translated here.
 */
import type {
  CERTIFICATIONS,
  CLIENT_PROFILES,
  COMMUNICATION_CHANNELS,
  ExperienceRange,
  FeeModel,
  INVESTMENT_OBJECTIVES,
  WEALTH_SOURCES,
} from "./vocabulary";

type Certification = (typeof CERTIFICATIONS)[number];
type ClientProfile = (typeof CLIENT_PROFILES)[number];
type Channel = (typeof COMMUNICATION_CHANNELS)[number];
type WealthSource = (typeof WEALTH_SOURCES)[number];
type Objective = (typeof INVESTMENT_OBJECTIVES)[number];

export const CERTIFICATION_WORDS: Record<Certification, string> = {
  CFA: "Chartered Financial Analyst (CFA)",
  CFP: "Certified Financial Planner (CFP)",
  CPA: "Certified Public Accountant (CPA)",
  "Bar/Lawyer": "Lawyer admitted to the bar",
  ChFC: "Chartered Financial Consultant (ChFC)",
  CIMA: "Certified Investment Management Analyst (CIMA)",
};

/**
 * Typical clients. The thresholds are the usual industry ones (high net worth from $1M of investable
 * assets, ultra-high from $30M); the engine's bands only approximate them, so the words stay "about".
 */
export const CLIENT_PROFILE_WORDS: Record<ClientProfile, string> = {
  HNWI: "Individuals and families with about $1M to $30M",
  UHNWI: "Individuals and families with more than about $30M",
  Entrepreneurs: "Business owners and founders",
  "Family Offices": "Families with their own family office",
  Retirees: "People in or near retirement",
  "Tech Executives": "Technology executives and early employees",
};

/** How a client's wealth was made, as the end of "wealth from …". */
export const WEALTH_SOURCE_WORDS: Record<WealthSource, string> = {
  "Business Ownership": "owning a business",
  "Investment Returns": "investments",
  Inheritance: "an inheritance",
  "Real Estate": "real estate",
  "Technology/IPO": "technology or a company going public",
};

export const CHANNEL_WORDS: Record<Channel, string> = {
  email: "email",
  phone: "phone calls",
  video: "video calls",
  "in-person": "meetings in person",
  messaging: "messaging",
};

export const FEE_MODEL_WORDS: Record<FeeModel, string> = {
  "fee-only": "Fee-only: paid by their clients alone, never by commissions on products they recommend",
  "fee-based": "Fee-based: paid by their clients, and by some commissions on products",
  commission: "Commission: paid by the providers of the products they arrange",
};

/** The short name of a fee model inside a sentence. */
export const FEE_MODEL_SHORT: Record<FeeModel, string> = {
  "fee-only": "fee-only",
  "fee-based": "fee-based (fees and some commissions)",
  commission: "by commission",
};

export const OBJECTIVE_WORDS: Record<Objective, string> = {
  "Wealth Preservation": "preserving wealth",
  "Tax Optimization": "tax planning",
  "Estate Planning": "estate planning",
  Growth: "growth",
  "Income Generation": "income",
  "Risk Management": "managing risk",
};

/** "a", "a and b", "a, b and c". */
export function plainList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * A noun in the number a count asks for: "client" for 1, "clients" otherwise (0 included). The plural is
 * the noun plus "s" unless given ("entry", "entries"; "client waiting", "clients waiting").
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** A count and its noun: "1 client", "12 clients", "1,250 subscribers". */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${plural(count, one, many)}`;
}

/** Whole US dollars, e.g. "$250,000". */
export function dollars(amount: number): string {
  return `$${Math.round(amount).toLocaleString("en-US")}`;
}

const EXPERIENCE_RANGE_WORDS: Record<ExperienceRange, string> = {
  "0-2": "Fewer than 3 years",
  "3-5": "3 to 5 years",
  "6-10": "6 to 10 years",
  "11-15": "11 to 15 years",
  "16-20": "16 to 20 years",
  "20+": "More than 20 years",
};

/**
 * Years of experience as they were given: the wizard's range in words ("3 to 5 years") or the exact
 * number ("12 years"); unknown is "Not stated", and never "0 years".
 */
export function experienceWords(years: number | null, range: ExperienceRange | null = null): string {
  if (range) return EXPERIENCE_RANGE_WORDS[range];
  if (years === null) return "Not stated";
  if (years === 0) return "Less than a year";
  return years === 1 ? "1 year" : `${years} years`;
}
