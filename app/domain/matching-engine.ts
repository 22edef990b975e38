/**
 * The matching engine: a client's answers and the professionals in, a ranked and explained shortlist out.
 * Pure: no database, no clock, no I/O, no randomness. The same input (in any order) gives the same output.
 * The rules are written down in docs/decisions/019-matching-engine.md; this module is their one home.
 */
import {
  WORLDWIDE,
  type ExperienceRange,
  type FeeModel,
} from "./vocabulary";
import {
  CERTIFICATION_WORDS,
  CHANNEL_WORDS,
  CLIENT_PROFILE_WORDS,
  FEE_MODEL_SHORT,
  OBJECTIVE_WORDS,
  WEALTH_SOURCE_WORDS,
  experienceWords,
  plainList,
} from "./plain-words";
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
  /** Whole years; for an experience given as a range, its lower bound (what the score reads). */
  experienceYears: number | null;
  /** The range the professional chose ("6-10"), shown as such; absent or null for an exact number. */
  experienceRange?: ExperienceRange | null;
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
  /** For the admin: every line below in one text. */
  detail: string;
  /** What speaks for the professional, in plain words (a client's "Why they fit you"). */
  fits: string[];
  /** What does not fit, in neutral plain words (a client's "Worth knowing"). */
  notes: string[];
  /**
   * What fitted, as data rather than words, for the shortlist card's short reasons (app/domain/card-reasons.ts).
   * Absent on shortlists stored before it existed, and when nothing of the factor fitted.
   */
  evidence?: FitEvidence;
};

/** The facts behind a factor's fit; each factor sets only its own keys, and only for what fitted. */
export type FitEvidence = {
  /** objectives: the client's objectives their services cover, and how many the client named. */
  objectives?: { covered: Objective[]; of: number };
  /** wealthFit: their typical clients include the client's band; their assets' scale suits it fully. */
  wealth?: { typicalClients: boolean; scale: boolean };
  /** wealthSources: the client's sources of wealth common among their clients. */
  sources?: WealthSource[];
  /** country: they serve the client's country by name, or worldwide. */
  country?: "named" | "worldwide";
  /** communication: the client's preferred channel, which they offer. */
  channel?: Channel;
  /** experience: three years or more (as given), and certifications relevant to the client's objectives. */
  experience?: { years: number | null; range: ExperienceRange | null; certifications: Certification[] };
  /** whatMatters: the client's preferred fee model they use, impact investing, a language they work in (their spelling). */
  fee?: FeeModel;
  impact?: true;
  language?: string;
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

/**
 * Rounds `raw` to steps of 1/`per` (tenths by default) so that the rounded parts add up to `totalSteps`
 * steps exactly (largest remainder): the points an admin reads beside each factor then sum to the score
 * shown, not 0.1 (or 1) off.
 */
function apportion(raw: readonly number[], totalSteps: number, caps?: readonly number[], per = 10): number[] {
  const steps = raw.map((r) => Math.floor(r * per + 1e-9));
  let left = totalSteps - steps.reduce((a, b) => a + b, 0);
  const order = raw
    .map((r, i) => ({ i, rest: r * per - Math.floor(r * per + 1e-9) }))
    .filter((x) => raw[x.i]! > 0)
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  // A factor never shows more points than the most it could give (`caps`, in points).
  while (left > 0) {
    const room = order.filter((x) => caps === undefined || steps[x.i]! < Math.round(caps[x.i]! * per));
    if (room.length === 0) break;
    for (const x of room) {
      if (left === 0) break;
      steps[x.i]! += 1;
      left--;
    }
  }
  return steps.map((t) => t / per);
}

/**
 * A shortlist item's score and factor points in whole numbers, for a person to read: the score rounded,
 * the most each factor could give adding up to 100, and the points adding up to the score (none above its
 * most). The stored item keeps its tenths, which the ranking used.
 */
export function inWholePoints(item: Pick<ShortlistItem, "score" | "factors">): { score: number; factors: FactorExplanation[] } {
  const score = Math.round(item.score);
  const counted = item.factors.some((f) => f.counted);
  const maxPoints = apportion(item.factors.map((f) => (f.counted ? f.maxPoints : 0)), counted ? 100 : 0, undefined, 1);
  const points = apportion(item.factors.map((f) => (f.counted ? f.points : 0)), score, maxPoints, 1);
  return { score, factors: item.factors.map((f, i) => ({ ...f, maxPoints: maxPoints[i]!, points: points[i]! })) };
}

function explain(client: ClientAnswers, s: Scored): FactorExplanation[] {
  const { p, fits } = s;
  const weight = FACTORS.reduce((sum, f) => sum + (fits[f].counted ? WEIGHTS[f] : 0), 0);
  const rawMax = FACTORS.map((f) => (fits[f].counted && weight > 0 ? (100 * WEIGHTS[f]) / weight : 0));
  const rawPoints = FACTORS.map((f, i) => rawMax[i]! * fits[f].fit);
  const maxPoints = apportion(rawMax, weight > 0 ? 1000 : 0);
  const points = apportion(rawPoints, Math.round(round1(s.score) * 10), maxPoints);
  return FACTORS.map((factor, i) => {
    const f = fits[factor];
    const lines: Lines = f.counted ? linesOf(factor, client, p) : { fits: [], notes: [] };
    return {
      factor,
      label: FACTOR_LABELS[factor],
      counted: f.counted,
      fit: f.fit,
      maxPoints: maxPoints[i]!,
      points: points[i]!,
      detail: f.counted ? [...lines.fits, ...lines.notes].join(" ") : "Not answered, so not counted.",
      fits: lines.fits,
      notes: lines.notes,
      ...(lines.evidence && Object.keys(lines.evidence).length ? { evidence: lines.evidence } : {}),
    };
  });
}

type Lines = { fits: string[]; notes: string[]; evidence?: FitEvidence };

const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

function linesOf(factor: Factor, client: ClientAnswers, p: Prepared): Lines {
  const pro = p.pro;
  const fits: string[] = [];
  const notes: string[] = [];
  const evidence: FitEvidence = {};
  switch (factor) {
    case "objectives": {
      const covered = client.investmentObjectives.filter((o) => OBJECTIVE_SERVICES[o].some((x) => p.services.has(x)));
      const missed = client.investmentObjectives.filter((o) => !covered.includes(o));
      if (covered.length) {
        fits.push(sentence(`offers services for ${plainList(covered.map((o) => OBJECTIVE_WORDS[o]))}`));
        evidence.objectives = { covered, of: client.investmentObjectives.length };
      }
      if (missed.length)
        notes.push(sentence(`${plainList(missed.map((o) => OBJECTIVE_WORDS[o]))} ${missed.length === 1 ? "is" : "are"} not among the services they list`));
      break;
    }
    case "wealthFit": {
      const nw = client.netWorth;
      if (!nw) break;
      const band = NET_WORTH_AUM[nw];
      const aum = pro.aumRange;
      if (aum !== null && band.full.includes(aum)) fits.push("They look after client assets on a scale that suits your wealth.");
      else if (aum !== null && band.half.includes(aum)) notes.push("The client assets they look after are on a somewhat different scale from yours.");
      else notes.push("The client assets they look after are on a different scale from yours.");
      const profiles = NET_WORTH_PROFILES[nw].filter((x) => p.profiles.has(x));
      const scale = aum !== null && band.full.includes(aum);
      if (scale || profiles.length) evidence.wealth = { typicalClients: profiles.length > 0, scale };
      if (profiles.length) fits.push(`Their typical clients include people with wealth like yours: ${plainList(profiles.map((x) => lowerFirst(CLIENT_PROFILE_WORDS[x])))}.`);
      else notes.push("People with wealth like yours are not the bulk of their clients.");
      break;
    }
    case "wealthSources": {
      const sources = client.wealthSource ?? [];
      const known = sources.filter((x) => SOURCE_PROFILES[x].some((y) => p.profiles.has(y)));
      const other = sources.filter((x) => !known.includes(x));
      if (known.length) {
        fits.push(`Many of their clients made their wealth as you did, from ${plainList(known.map((x) => WEALTH_SOURCE_WORDS[x]))}.`);
        evidence.sources = known;
      }
      if (other.length) notes.push(`Wealth from ${plainList(other.map((x) => WEALTH_SOURCE_WORDS[x]))} is less usual among their clients.`);
      break;
    }
    case "country": {
      const c = client.countryOfResidency;
      if (!servesCountry(c, p.countries)) notes.push("Your country is not among those they list as serving.");
      else if (c === "other") {
        fits.push("Serves clients worldwide.");
        evidence.country = "worldwide";
      } else if (p.countries.has(c)) {
        fits.push("Serves clients in your country.");
        evidence.country = "named";
      } else {
        fits.push("Serves clients worldwide, including your country.");
        evidence.country = "worldwide";
      }
      break;
    }
    case "communication": {
      const channel = client.preferredCommunication;
      if (!channel) break;
      if (p.communication.has(channel)) {
        fits.push(sentence(`works by ${CHANNEL_WORDS[channel]}, as you prefer`));
        evidence.channel = channel;
      }
      else notes.push(sentence(`${CHANNEL_WORDS[channel]}, your preference, ${channel === "messaging" ? "is" : "are"} not among the ways they list to work`));
      break;
    }
    case "experience": {
      const years = pro.experienceYears;
      if (years === null) notes.push("Years of experience: not stated.");
      else if (years < 3) notes.push("Fewer than 3 years of experience.");
      else fits.push(`${experienceWords(years, pro.experienceRange ?? null)} of experience.`);
      const relevant = pro.certifications.filter((c) => client.investmentObjectives.some((o) => OBJECTIVE_CERTIFICATIONS[o].includes(c)));
      const enough = years !== null && years >= 3;
      if (enough || relevant.length)
        evidence.experience = { years: enough ? years : null, range: enough ? (pro.experienceRange ?? null) : null, certifications: relevant };
      if (relevant.length) fits.push(`Qualifications relevant to your objectives: ${plainList(relevant.map((c) => CERTIFICATION_WORDS[c]))}.`);
      else if (pro.certifications.length) notes.push("Their qualifications are not specific to your objectives.");
      else notes.push("No professional qualification listed.");
      break;
    }
    case "whatMatters": {
      const parts = whatMattersParts(client, p);
      const wm = client.whatMatters;
      if (parts.fee !== undefined && wm?.feeModel) {
        if (parts.fee) {
          fits.push(sentence(`paid ${FEE_MODEL_SHORT[wm.feeModel]}, as you prefer`));
          evidence.fee = wm.feeModel;
        }
        else notes.push(
          pro.feeModel
            ? sentence(`paid ${FEE_MODEL_SHORT[pro.feeModel]}, where you preferred ${FEE_MODEL_SHORT[wm.feeModel]}`)
            : `How they are paid is not stated; you preferred ${FEE_MODEL_SHORT[wm.feeModel]}.`,
        );
      }
      if (parts.impact !== undefined) {
        if (parts.impact) {
          fits.push("Offers sustainable and impact investing.");
          evidence.impact = true;
        }
        else notes.push("Sustainable and impact investing is not among the services they list.");
      }
      if (parts.language !== undefined && wm?.language) {
        const language = wm.language.trim();
        if (parts.language) {
          fits.push(`Works in ${language}.`);
          // Their own spelling of it ("French"), not however the client typed it.
          evidence.language = pro.languages.find((l) => normalise(l) === normalise(language)) ?? language;
        }
        else notes.push(`${language} is not among the languages they list.`);
      }
      break;
    }
  }
  return { fits, notes, evidence };
}

/**
 * The lines a client reads for one shortlisted professional: what fits ("Why they fit you") and, apart,
 * what does not ("Worth knowing"). A shortlist stored before the lines existed has only `detail`, which
 * may mix both: it is kept for a factor that fits fully and otherwise left out rather than misfiled.
 */
export function clientLines(item: Pick<ShortlistItem, "factors">): { reasons: string[]; caveats: string[] } {
  const reasons: string[] = [];
  const caveats: string[] = [];
  for (const f of item.factors) {
    if (!f.counted) continue;
    if (Array.isArray(f.fits) && Array.isArray(f.notes)) {
      reasons.push(...f.fits);
      caveats.push(...f.notes);
    } else if (f.fit >= 1 && f.detail) reasons.push(f.detail);
  }
  return { reasons, caveats };
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
/**
 * `experienceRange` travels with `experienceYears` (one field for the forms and the approval of changes),
 * so it is not a key of its own.
 */
export type MatchingData = { [K in MatchingKey]: Mutable<ProfessionalCandidate[K]> } & { experienceRange: ExperienceRange | null };
/** A verified professional's edit waiting for an admin (professionals.pending_matching). */
export type PendingMatching = MatchingData;
