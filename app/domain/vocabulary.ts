/**
 * The option lists of the forms. Values are what the database stores (a change needs a migration of the
 * rows that hold them); labels are what people read.
 */
export type Option<V extends string = string> = { value: V; label: string };

const plain = <const V extends string>(values: readonly V[]): Option<V>[] =>
  values.map((value) => ({ value, label: value }));

/** How a professional is paid. The wizard's 'What matters to you' question offers the same list. */
export const FEE_MODELS = ["fee-only", "fee-based", "commission"] as const;
export type FeeModel = (typeof FEE_MODELS)[number];

/** A professional may serve every country; that also covers clients who chose 'Other'. */
export const WORLDWIDE = "worldwide";

export const ROLES = ["admin", "professional", "client", "user"] as const;
export type Role = (typeof ROLES)[number];

export const SUBMISSION_STATUSES = ["new", "in-progress", "resolved"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const USER_TYPES = ["client", "professional"] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_TYPE_OPTIONS: (Option<UserType> & { description: string })[] = [
  {
    value: "client",
    label: "Wealth Creator",
    description: "I want to find trusted professionals to preserve and grow my wealth.",
  },
  {
    value: "professional",
    label: "Financial Professional",
    description: "I advise high-net-worth clients and want to join the network.",
  },
];

export const COUNTRIES = ["US", "UK", "CA", "CH", "SG", "AU", "other"] as const;
export const COUNTRY_OPTIONS: Option<(typeof COUNTRIES)[number]>[] = [
  { value: "US", label: "United States" },
  { value: "UK", label: "United Kingdom" },
  { value: "CA", label: "Canada" },
  { value: "CH", label: "Switzerland" },
  { value: "SG", label: "Singapore" },
  { value: "AU", label: "Australia" },
  { value: "other", label: "Other" },
];

export const INVESTMENT_OBJECTIVES = [
  "Wealth Preservation",
  "Tax Optimization",
  "Estate Planning",
  "Growth",
  "Income Generation",
  "Risk Management",
] as const;
export const INVESTMENT_OBJECTIVE_OPTIONS = plain(INVESTMENT_OBJECTIVES);

export const NET_WORTH_RANGES = ["1-5M", "5-10M", "10-25M", "25-50M", "50M+"] as const;
export const NET_WORTH_OPTIONS: Option<(typeof NET_WORTH_RANGES)[number]>[] = [
  { value: "1-5M", label: "$1M – $5M" },
  { value: "5-10M", label: "$5M – $10M" },
  { value: "10-25M", label: "$10M – $25M" },
  { value: "25-50M", label: "$25M – $50M" },
  { value: "50M+", label: "$50M+" },
];

export const WEALTH_SOURCES = [
  "Business Ownership",
  "Investment Returns",
  "Inheritance",
  "Real Estate",
  "Technology/IPO",
] as const;
export const WEALTH_SOURCE_OPTIONS = plain(WEALTH_SOURCES);

export const EXPERIENCE_RANGES = ["0-2", "3-5", "6-10", "11-15", "16-20", "20+"] as const;
export type ExperienceRange = (typeof EXPERIENCE_RANGES)[number];
export const EXPERIENCE_OPTIONS: Option<ExperienceRange>[] = EXPERIENCE_RANGES.map((value) => ({
  value,
  label: `${value} years`,
}));

/**
 * The dashboard and the directory show experience as a number of years. A range becomes its lower
 * bound: "6-10" is stored as 6, so a listing never claims more experience than the person stated.
 */
export function experienceYearsFromRange(range: ExperienceRange): number {
  const lower = Number.parseInt(range, 10);
  return Number.isFinite(lower) ? lower : 0;
}

export const CERTIFICATIONS = ["CFA", "CFP", "CPA", "Bar/Lawyer", "ChFC", "CIMA"] as const;
export const CERTIFICATION_OPTIONS = plain(CERTIFICATIONS);

export const SERVICES = [
  "Investment Management",
  "Tax Planning",
  "Estate Planning",
  "Retirement Planning",
  "Risk Management",
  "Private Banking",
  "Family Office Services",
  "Legal Services",
] as const;
export const SERVICE_OPTIONS = plain(SERVICES);

export const AUM_RANGES = ["under-10M", "10-50M", "50-100M", "100-500M", "500M+"] as const;
export const AUM_OPTIONS: Option<(typeof AUM_RANGES)[number]>[] = [
  { value: "under-10M", label: "Under $10M" },
  { value: "10-50M", label: "$10M – $50M" },
  { value: "50-100M", label: "$50M – $100M" },
  { value: "100-500M", label: "$100M – $500M" },
  { value: "500M+", label: "$500M+" },
];

export const CLIENT_PROFILES = [
  "HNWI",
  "UHNWI",
  "Entrepreneurs",
  "Family Offices",
  "Retirees",
  "Tech Executives",
] as const;
export const CLIENT_PROFILE_OPTIONS: Option<(typeof CLIENT_PROFILES)[number]>[] = [
  { value: "HNWI", label: "HNWI (high-net-worth individuals)" },
  { value: "UHNWI", label: "UHNWI (ultra-high-net-worth individuals)" },
  { value: "Entrepreneurs", label: "Entrepreneurs" },
  { value: "Family Offices", label: "Family Offices" },
  { value: "Retirees", label: "Retirees" },
  { value: "Tech Executives", label: "Tech Executives" },
];

export const COMMUNICATION_CHANNELS = ["email", "phone", "video", "in-person", "messaging"] as const;
export const COMMUNICATION_OPTIONS: Option<(typeof COMMUNICATION_CHANNELS)[number]>[] = [
  { value: "email", label: "Email" },
  { value: "phone", label: "Phone" },
  { value: "video", label: "Video call" },
  { value: "in-person", label: "In person" },
  { value: "messaging", label: "Messaging" },
];

/** The countries a professional may serve: each named country, or every country ('worldwide' also covers 'Other'). */
export const SERVED_COUNTRIES = ["US", "UK", "CA", "CH", "SG", "AU", WORLDWIDE] as const satisfies readonly (
  | Exclude<(typeof COUNTRIES)[number], "other">
  | typeof WORLDWIDE
)[];
export const SERVED_COUNTRY_OPTIONS: Option<(typeof SERVED_COUNTRIES)[number]>[] = [
  ...COUNTRY_OPTIONS.filter((o) => o.value !== "other").map((o) => ({ value: o.value as Exclude<typeof o.value, "other">, label: o.label })),
  { value: WORLDWIDE, label: "Worldwide" },
];

/** How a professional is paid (FEE_MODELS, with the words a visitor reads). */
export const FEE_MODEL_OPTIONS: Option<FeeModel>[] = [
  { value: "fee-only", label: "Fee-only" },
  { value: "fee-based", label: "Fee-based (fees and some commissions)" },
  { value: "commission", label: "Commission" },
];

/** A client's preferred fee model: one of the professional's, or none. Only a fee model counts in matching. */
const NO_PREFERENCE = "no-preference";
export const ADVISOR_FEE_CHOICES = [...FEE_MODELS, NO_PREFERENCE] as const;
export const ADVISOR_FEE_OPTIONS: Option<(typeof ADVISOR_FEE_CHOICES)[number]>[] = [
  ...FEE_MODEL_OPTIONS,
  { value: NO_PREFERENCE, label: "No preference" },
];

/**
 * The languages professionals work in and clients may ask for: one fixed list, so both sides' answers
 * compare exactly. English first, then alphabetical.
 */
export const LANGUAGES = [
  "English",
  "Arabic",
  "Cantonese",
  "Dutch",
  "French",
  "German",
  "Hebrew",
  "Hindi",
  "Italian",
  "Japanese",
  "Korean",
  "Mandarin",
  "Portuguese",
  "Russian",
  "Spanish",
  "Swedish",
  "Tamil",
] as const;
export const LANGUAGE_OPTIONS = plain(LANGUAGES);

/** The human label of a stored value, for the summary. */
export function labelOf(options: readonly Option[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}

/** A stored answer (one value or several) in words, with its options' labels, joined by commas; null when nothing was given. */
export function answerText(value: unknown, options?: readonly Option[]): string | null {
  const list = (Array.isArray(value) ? value : value === undefined || value === null || value === "" ? [] : [value]).map(String);
  return list.length ? list.map((v) => (options ? labelOf(options, v) : v)).join(", ") : null;
}

/** Whether a stored value is still on an option list (old or tampered values are not). */
const isOneOf = <T extends string>(allowed: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (allowed as readonly string[]).includes(value);

/** A stored value when it is still on the option list, else undefined. */
export const oneOf = <T extends string>(allowed: readonly T[], value: unknown): T | undefined =>
  isOneOf(allowed, value) ? value : undefined;

/** The values of a stored list that are still on the option list, once each; anything else is dropped. */
export function listOf<T extends string>(allowed: readonly T[], value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((v): v is T => isOneOf(allowed, v)))];
}
