/**
 * The matching engine: a client's answers and the professionals in, a ranked and explained shortlist out.
 * Pure: no database, no clock, no I/O, no randomness. The same input (in any order) gives the same output.
 * The rules are written down in docs/decisions/019-matching-engine.md; this module is their one home.
 */
import {
  WORLDWIDE,
  type FeeModel,
} from "./vocabulary";
import type {
  AUM_RANGES,
  CERTIFICATIONS,
  CLIENT_PROFILES,
  COMMUNICATION_CHANNELS,
  COUNTRIES,
  INVESTMENT_OBJECTIVES,
  NET_WORTH_RANGES,
  SERVICES,
  WEALTH_SOURCES,
} from "./vocabulary";

type Country = (typeof COUNTRIES)[number];
type Objective = (typeof INVESTMENT_OBJECTIVES)[number];
export type Service = (typeof SERVICES)[number];
export type AumRange = (typeof AUM_RANGES)[number];
export type ClientProfile = (typeof CLIENT_PROFILES)[number];
type NetWorth = (typeof NET_WORTH_RANGES)[number];
type WealthSource = (typeof WEALTH_SOURCES)[number];
export type Channel = (typeof COMMUNICATION_CHANNELS)[number];
type Certification = (typeof CERTIFICATIONS)[number];

export type ServedCountry = Exclude<Country, "other"> | typeof WORLDWIDE;

export type ClientAnswers = {
  countryOfResidency: Country;
  investmentObjectives: readonly Objective[];
  netWorth?: NetWorth;
  wealthSource?: readonly WealthSource[];
  preferredCommunication?: Channel;
  /** 'What matters to you in an advisor': every part optional. */
  whatMatters?: {
    feeModel?: FeeModel;
    /** Only `true` is a preference; `false` or absent means 'no preference'. */
    impactInvesting?: boolean;
    /** A language name, compared without regard to case or surrounding spaces. */
    language?: string;
  };
};

export type ProfessionalCandidate = {
  id: number;
  name?: string;
  /** 'Independent', empty or null: a firm of their own. */
  company: string | null;
  verified: boolean;
  /** Shown on the site; never read by the score or the ranking. */
  featured: boolean;
  services: readonly Service[];
  certifications: readonly Certification[];
  aumRange: AumRange | null;
  clientProfiles: readonly ClientProfile[];
  communication: readonly Channel[];
  countriesServed: readonly ServedCountry[];
  experienceYears: number | null;
  disciplinary: { disclosed: boolean; cleared: boolean };
  feeModel: FeeModel | null;
  impactInvesting: boolean;
  languages: readonly string[];
};

// ---------------------------------------------------------------------------------------------------
// The rules, in one place.

/** Points out of 100 when every base factor can be judged. See `scoreOf` for how 'what matters' joins. */
export const WEIGHTS = {
  objectives: 35,
  wealthFit: 25,
  wealthSources: 10,
  country: 10,
  communication: 10,
  experience: 10,
  /** Added on top when the client answered 'What matters'; all weights are then scaled back to 100. */
  whatMatters: 15,
} as const;
export type Factor = keyof typeof WEIGHTS;
const FACTORS = Object.keys(WEIGHTS) as Factor[];

export const FACTOR_LABELS: Record<Factor, string> = {
  objectives: "Your objectives",
  wealthFit: "Wealth fit",
  wealthSources: "Source of wealth",
  country: "Country and jurisdiction",
  communication: "Preferred communication",
  experience: "Experience and certifications",
  whatMatters: "What matters to you",
};

const SHORTLIST_MIN = 3;
export const SHORTLIST_MAX = 5;

/** Which services cover which objective. A professional must offer at least one for one of the client's. */
const OBJECTIVE_SERVICES: Record<Objective, readonly Service[]> = {
  "Wealth Preservation": ["Investment Management", "Private Banking", "Family Office Services", "Risk Management"],
  "Tax Optimization": ["Tax Planning", "Legal Services", "Family Office Services"],
  "Estate Planning": ["Estate Planning", "Legal Services", "Family Office Services"],
  Growth: ["Investment Management", "Private Banking"],
  "Income Generation": ["Investment Management", "Retirement Planning", "Private Banking"],
  "Risk Management": ["Risk Management", "Investment Management", "Legal Services"],
};

/** Certifications that speak to an objective (for the experience factor). */
const OBJECTIVE_CERTIFICATIONS: Record<Objective, readonly Certification[]> = {
  "Wealth Preservation": ["CFA", "CFP", "CIMA", "ChFC"],
  "Tax Optimization": ["CPA", "Bar/Lawyer", "CFP"],
  "Estate Planning": ["Bar/Lawyer", "CFP", "ChFC"],
  Growth: ["CFA", "CIMA"],
  "Income Generation": ["CFA", "CFP", "CIMA"],
  "Risk Management": ["CFA", "ChFC", "CIMA"],
};

/** A client's net worth against a professional's assets under management: full fit, or half fit. */
const NET_WORTH_AUM: Record<NetWorth, { full: readonly AumRange[]; half: readonly AumRange[] }> = {
  "1-5M": { full: ["under-10M", "10-50M", "50-100M"], half: ["100-500M"] },
  "5-10M": { full: ["10-50M", "50-100M", "100-500M"], half: ["under-10M", "500M+"] },
  "10-25M": { full: ["50-100M", "100-500M"], half: ["10-50M", "500M+"] },
  "25-50M": { full: ["100-500M", "500M+"], half: ["50-100M"] },
  "50M+": { full: ["500M+", "100-500M"], half: ["50-100M"] },
};

/** The typical client profiles a net-worth band belongs to. */
const NET_WORTH_PROFILES: Record<NetWorth, readonly ClientProfile[]> = {
  "1-5M": ["HNWI"],
  "5-10M": ["HNWI"],
  "10-25M": ["HNWI", "UHNWI"],
  "25-50M": ["UHNWI"],
  "50M+": ["UHNWI", "Family Offices"],
};

/** The typical client profiles that know a source of wealth. */
const SOURCE_PROFILES: Record<WealthSource, readonly ClientProfile[]> = {
  "Business Ownership": ["Entrepreneurs", "Family Offices"],
  "Investment Returns": ["HNWI", "UHNWI", "Retirees"],
  Inheritance: ["Family Offices", "UHNWI"],
  "Real Estate": ["Entrepreneurs", "Family Offices"],
  "Technology/IPO": ["Tech Executives", "Entrepreneurs"],
};

/** Years at which experience earns its full half of the experience factor. */
const FULL_EXPERIENCE_YEARS = 15;

// ---------------------------------------------------------------------------------------------------
// Results.

export type ExclusionReason =
  | "not-verified"
  | "incomplete"
  | "country-not-served"
  | "no-service-for-objectives"
  | "disciplinary-not-cleared";

export const EXCLUSION_TEXT: Record<ExclusionReason, string> = {
  "not-verified": "Not verified",
  incomplete: "Matching data incomplete",
  "country-not-served": "Does not serve the client's country",
  "no-service-for-objectives": "Offers no service for the client's objectives",
  "disciplinary-not-cleared": "Disclosed disciplinary action not cleared by an admin",
};

type Exclusion = {
  id: number;
  reasons: ExclusionReason[];
  /** For 'incomplete': the matching fields that are missing. */
  missing: string[];
};

export type FactorExplanation = {
  factor: Factor;
  label: string;
  /** Whether the factor counted for this client (an unanswered question does not). */
  counted: boolean;
  /** 0 to 1. */
  fit: number;
  /** The most this factor could give this client, after rebalancing. */
  maxPoints: number;
  points: number;
  /** The reason in plain words. */
  detail: string;
};

export type ShortlistItem = {
  id: number;
  rank: number;
  /** 0 to 100, rounded to one decimal. */
  score: number;
  factors: FactorExplanation[];
  /** Set when an admin added this professional by hand (not the engine's choice). */
  addedByAdmin?: boolean;
  /** The hard filters this professional fails, kept when an admin adds them anyway (shown as a warning). */
  warnings?: ExclusionReason[];
};

export type MatchResult = {
  /** 'too-few': fewer than SHORTLIST_MIN firms passed; the list holds the ones that did, unpadded. */
  status: "ok" | "too-few";
  shortlist: ShortlistItem[];
  /** Set when status is 'too-few'. */
  message: string | null;
  considered: number;
  /** How many passed the hard filters. */
  passed: number;
  excluded: Exclusion[];
  /** Passed, but a better-ranked colleague of the same firm is on the list. */
  sameFirm: number[];
};

// ---------------------------------------------------------------------------------------------------
// The engine.

/** A professional turned into what the score reads, once, so many clients can be matched quickly. */
type Prepared = {
  pro: ProfessionalCandidate;
  services: ReadonlySet<Service>;
  certifications: ReadonlySet<Certification>;
  profiles: ReadonlySet<ClientProfile>;
  communication: ReadonlySet<Channel>;
  countries: ReadonlySet<ServedCountry>;
  languages: ReadonlySet<string>;
  firm: string;
  missing: string[];
};

const normalise = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** The firm a professional counts as for 'one per company': each Independent is a firm of their own. */
export function firmOf(pro: Pick<ProfessionalCandidate, "id" | "company">): string {
  const company = pro.company ? normalise(pro.company) : "";
  return company === "" || company === "independent" ? `#independent-${pro.id}` : company;
}

/** The fields matching needs; a professional missing any of them is left out as 'incomplete'. */
export type MatchingRequired = Pick<
  ProfessionalCandidate,
  "services" | "aumRange" | "clientProfiles" | "communication" | "countriesServed" | "experienceYears" | "feeModel" | "languages"
>;

/** The names of the required matching fields a professional lacks (empty when complete). */
export function missingMatchingData(pro: MatchingRequired): string[] {
  const missing: string[] = [];
  if (pro.services.length === 0) missing.push("services");
  if (pro.aumRange === null) missing.push("aumRange");
  if (pro.clientProfiles.length === 0) missing.push("clientProfiles");
  if (pro.communication.length === 0) missing.push("communication");
  if (pro.countriesServed.length === 0) missing.push("countriesServed");
  if (pro.experienceYears === null) missing.push("experienceYears");
  if (pro.feeModel === null) missing.push("feeModel");
  if (pro.languages.length === 0) missing.push("languages");
  return missing;
}

function prepare(pro: ProfessionalCandidate): Prepared {
  return {
    pro,
    services: new Set(pro.services),
    certifications: new Set(pro.certifications),
    profiles: new Set(pro.clientProfiles),
    communication: new Set(pro.communication),
    countries: new Set(pro.countriesServed),
    languages: new Set(pro.languages.map(normalise)),
    firm: firmOf(pro),
    missing: missingMatchingData(pro),
  };
}

function exclusionsOf(client: ClientAnswers, p: Prepared): ExclusionReason[] {
  const reasons: ExclusionReason[] = [];
  if (!p.pro.verified) reasons.push("not-verified");
  if (p.missing.length > 0) reasons.push("incomplete");
  if (!servesCountry(client.countryOfResidency, p.countries)) reasons.push("country-not-served");
  if (!client.investmentObjectives.some((o) => OBJECTIVE_SERVICES[o].some((s) => p.services.has(s))))
    reasons.push("no-service-for-objectives");
  if (p.pro.disciplinary.disclosed && !p.pro.disciplinary.cleared) reasons.push("disciplinary-not-cleared");
  return reasons;
}

function servesCountry(country: Country, served: ReadonlySet<ServedCountry>): boolean {
  if (served.has(WORLDWIDE)) return true;
  return country !== "other" && served.has(country);
}

type Fit = { counted: boolean; fit: number };
type Fits = Record<Factor, Fit>;
const NOT_COUNTED: Fit = { counted: false, fit: 0 };

const share = (hits: number, of: number) => (of === 0 ? 0 : hits / of);

function fitsOf(client: ClientAnswers, p: Prepared): Fits {
  const objectives = client.investmentObjectives;
  const covered = objectives.filter((o) => OBJECTIVE_SERVICES[o].some((s) => p.services.has(s))).length;

  let wealthFit = NOT_COUNTED;
  if (client.netWorth) {
    const band = NET_WORTH_AUM[client.netWorth];
    const aum = p.pro.aumRange;
    const aumFit = aum !== null && band.full.includes(aum) ? 1 : aum !== null && band.half.includes(aum) ? 0.5 : 0;
    const profileFit = NET_WORTH_PROFILES[client.netWorth].some((x) => p.profiles.has(x)) ? 1 : 0;
    wealthFit = { counted: true, fit: (aumFit + profileFit) / 2 };
  }

  const sources = client.wealthSource ?? [];
  const sourcesFit: Fit =
    sources.length === 0
      ? NOT_COUNTED
      : { counted: true, fit: share(sources.filter((s) => SOURCE_PROFILES[s].some((x) => p.profiles.has(x))).length, sources.length) };

  // A named country is local knowledge, 'worldwide' half. (Only a professional an admin added by hand can
  // reach here without serving the country at all: nothing then.)
  const country = client.countryOfResidency;
  const countryFit = !servesCountry(country, p.countries)
    ? 0
    : country !== "other" && p.countries.has(country)
      ? 1
      : country === "other"
        ? 1
        : 0.5;

  const communication: Fit = client.preferredCommunication
    ? { counted: true, fit: p.communication.has(client.preferredCommunication) ? 1 : 0 }
    : NOT_COUNTED;

  const years = p.pro.experienceYears ?? 0;
  const relevantCert = objectives.some((o) => OBJECTIVE_CERTIFICATIONS[o].some((c) => p.certifications.has(c)));
  const experienceFit = Math.min(years, FULL_EXPERIENCE_YEARS) / FULL_EXPERIENCE_YEARS / 2 + (relevantCert ? 0.5 : 0);

  return {
    objectives: { counted: true, fit: share(covered, objectives.length) },
    wealthFit,
    wealthSources: sourcesFit,
    country: { counted: true, fit: countryFit },
    communication,
    experience: { counted: true, fit: experienceFit },
    whatMatters: whatMattersFit(client, p),
  };
}

type WhatMattersParts = { fee?: boolean; impact?: boolean; language?: boolean };

function whatMattersParts(client: ClientAnswers, p: Prepared): WhatMattersParts {
  const wm = client.whatMatters;
  const parts: WhatMattersParts = {};
  if (!wm) return parts;
  if (wm.feeModel) parts.fee = p.pro.feeModel === wm.feeModel;
  if (wm.impactInvesting === true) parts.impact = p.pro.impactInvesting;
  if (wm.language && normalise(wm.language) !== "") parts.language = p.languages.has(normalise(wm.language));
  return parts;
}

function whatMattersFit(client: ClientAnswers, p: Prepared): Fit {
  const parts = Object.values(whatMattersParts(client, p));
  if (parts.length === 0) return NOT_COUNTED;
  return { counted: true, fit: share(parts.filter(Boolean).length, parts.length) };
}

/**
 * The score: 100 × Σ(weight × fit) / Σ(weight), both sums over the factors that count for this client.
 * An unanswered optional question leaves its weight out, so the other factors keep their proportions;
 * 'What matters' (15) joins the base 100 when answered, so every factor is scaled by 100/115.
 */
function scoreOf(fits: Fits): number {
  let total = 0;
  let weight = 0;
  for (const factor of FACTORS) {
    const f = fits[factor];
    if (!f.counted) continue;
    total += WEIGHTS[factor] * f.fit;
    weight += WEIGHTS[factor];
  }
  return weight === 0 ? 0 : (100 * total) / weight;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

type Scored = { p: Prepared; fits: Fits; score: number };

/** Higher score first; then more objectives covered; then more experience; then the lower id. Never featured. */
function compare(a: Scored, b: Scored): number {
  return (
    b.score - a.score ||
    b.fits.objectives.fit - a.fits.objectives.fit ||
    (b.p.pro.experienceYears ?? 0) - (a.p.pro.experienceYears ?? 0) ||
    a.p.pro.id - b.p.pro.id
  );
}

/** Prepare the professionals once; the returned function matches one client at a time. */
export function createMatcher(professionals: readonly ProfessionalCandidate[]): (client: ClientAnswers) => MatchResult {
  const prepared = professionals.map(prepare);
  return (client) => matchPrepared(client, prepared);
}

/** Match one client against the professionals. */
export function match(client: ClientAnswers, professionals: readonly ProfessionalCandidate[]): MatchResult {
  return createMatcher(professionals)(client);
}

/**
 * One professional scored and explained for one client, whatever the hard filters say: for an admin who
 * adds a professional to a shortlist by hand. `reasons` lists the filters they fail (empty when none).
 */
export function scoreOne(
  client: ClientAnswers,
  professional: ProfessionalCandidate,
): { score: number; factors: FactorExplanation[]; reasons: ExclusionReason[]; missing: string[] } {
  const p = prepare(professional);
  const reasons = exclusionsOf(client, p);
  const fits = fitsOf(client, p);
  const s: Scored = { p, fits, score: scoreOf(fits) };
  return { score: round1(s.score), factors: explain(client, s), reasons, missing: reasons.includes("incomplete") ? p.missing : [] };
}

function matchPrepared(client: ClientAnswers, prepared: readonly Prepared[]): MatchResult {
  const excluded: Exclusion[] = [];
  const scored: Scored[] = [];
  for (const p of prepared) {
    const reasons = exclusionsOf(client, p);
    if (reasons.length > 0) {
      excluded.push({ id: p.pro.id, reasons, missing: reasons.includes("incomplete") ? p.missing : [] });
      continue;
    }
    const fits = fitsOf(client, p);
    scored.push({ p, fits, score: scoreOf(fits) });
  }
  scored.sort(compare);
  excluded.sort((a, b) => a.id - b.id);

  const firms = new Set<string>();
  const chosen: Scored[] = [];
  const sameFirm: number[] = [];
  for (const s of scored) {
    if (firms.has(s.p.firm)) {
      sameFirm.push(s.p.pro.id);
      continue;
    }
    if (chosen.length < SHORTLIST_MAX) {
      firms.add(s.p.firm);
      chosen.push(s);
    }
  }
  sameFirm.sort((a, b) => a - b);

  const tooFew = chosen.length < SHORTLIST_MIN;
  return {
    status: tooFew ? "too-few" : "ok",
    shortlist: chosen.map((s, i) => ({
      id: s.p.pro.id,
      rank: i + 1,
      score: round1(s.score),
      factors: explain(client, s),
    })),
    message: tooFew
      ? `Only ${chosen.length} ${chosen.length === 1 ? "professional matches" : "professionals match"} this client's answers (at least ${SHORTLIST_MIN} firms are needed); the list is not padded.`
      : null,
    considered: prepared.length,
    passed: scored.length,
    excluded,
    sameFirm,
  };
}

// ---------------------------------------------------------------------------------------------------
// Explanations, written only for the professionals on the list.

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

function explain(client: ClientAnswers, s: Scored): FactorExplanation[] {
  const { p, fits } = s;
  const weight = FACTORS.reduce((sum, f) => sum + (fits[f].counted ? WEIGHTS[f] : 0), 0);
  return FACTORS.map((factor) => {
    const f = fits[factor];
    const maxPoints = f.counted ? round1((100 * WEIGHTS[factor]) / weight) : 0;
    return {
      factor,
      label: FACTOR_LABELS[factor],
      counted: f.counted,
      fit: f.fit,
      maxPoints,
      points: f.counted ? round1((100 * WEIGHTS[factor] * f.fit) / weight) : 0,
      detail: f.counted ? detailOf(factor, client, p) : "Not answered, so not counted.",
    };
  });
}

function detailOf(factor: Factor, client: ClientAnswers, p: Prepared): string {
  const pro = p.pro;
  switch (factor) {
    case "objectives": {
      const covered = client.investmentObjectives.filter((o) => OBJECTIVE_SERVICES[o].some((x) => p.services.has(x)));
      const missed = client.investmentObjectives.filter((o) => !covered.includes(o));
      if (covered.length === 0) return "Offers no service for your objectives.";
      return `Offers services for ${list(covered)}${missed.length ? `; not for ${list(missed)}` : ""}.`;
    }
    case "wealthFit": {
      const nw = client.netWorth;
      if (!nw) return "";
      const band = NET_WORTH_AUM[nw];
      const aum = pro.aumRange;
      const aumText =
        aum !== null && band.full.includes(aum)
          ? "assets under management suit your net worth"
          : aum !== null && band.half.includes(aum)
            ? "assets under management are close to your net worth"
            : "assets under management are far from your net worth";
      const profiles = NET_WORTH_PROFILES[nw].filter((x) => p.profiles.has(x));
      return `Their ${aumText}; ${profiles.length ? `they typically serve ${list(profiles)} clients` : "clients like you are not their typical profile"}.`;
    }
    case "wealthSources": {
      const sources = client.wealthSource ?? [];
      const known = sources.filter((x) => SOURCE_PROFILES[x].some((y) => p.profiles.has(y)));
      return known.length
        ? `Their typical clients share your wealth from ${list(known)}.`
        : "Their typical clients have other sources of wealth.";
    }
    case "country": {
      const c = client.countryOfResidency;
      if (!servesCountry(c, p.countries)) return "Does not serve clients in your country.";
      if (c === "other") return "Serves clients worldwide.";
      return p.countries.has(c) ? "Serves clients in your country." : "Serves clients worldwide, not your country specifically.";
    }
    case "communication":
      return client.preferredCommunication && p.communication.has(client.preferredCommunication)
        ? "Works the way you prefer to communicate."
        : "Prefers other ways to communicate.";
    case "experience": {
      const relevant = pro.certifications.filter((c) =>
        client.investmentObjectives.some((o) => OBJECTIVE_CERTIFICATIONS[o].includes(c)),
      );
      const years = pro.experienceYears ?? 0;
      return `${years} ${years === 1 ? "year" : "years"} of experience; ${relevant.length ? `holds ${list(relevant)}` : "no certification relevant to your objectives"}.`;
    }
    case "whatMatters": {
      const parts = whatMattersParts(client, p);
      const said: string[] = [];
      if (parts.fee !== undefined) said.push(parts.fee ? "is paid the way you prefer" : "is paid another way");
      if (parts.impact !== undefined)
        said.push(parts.impact ? "offers sustainable and impact investing" : "does not offer impact investing");
      if (parts.language !== undefined) said.push(parts.language ? "works in your language" : "does not work in your language");
      const text = list(said);
      return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : "";
    }
  }
}

/** The fields of a professional that matching reads; the admin's and the professional's forms edit them. */
export const MATCHING_KEYS = [
  "services",
  "certifications",
  "experienceYears",
  "aumRange",
  "clientProfiles",
  "communication",
  "countriesServed",
  "feeModel",
  "impactInvesting",
  "languages",
] as const;
export type MatchingKey = (typeof MATCHING_KEYS)[number];

type Mutable<T> = T extends readonly (infer U)[] ? U[] : T;
export type MatchingData = { [K in MatchingKey]: Mutable<ProfessionalCandidate[K]> };
/** A verified professional's edit waiting for an admin (professionals.pending_matching). */
export type PendingMatching = MatchingData;
