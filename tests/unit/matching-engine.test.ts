import { describe, expect, it } from "vitest";
import {
  type ClientAnswers,
  type FactorExplanation,
  clientLines,
  scoreOne,
  type ProfessionalCandidate,
  WEIGHTS,
  createMatcher,
  firmOf,
  match,
} from "~/domain/matching-engine";

/** A professional who fits `client()` on every factor; tests change one thing at a time. */
function pro(id: number, over: Partial<ProfessionalCandidate> = {}): ProfessionalCandidate {
  return {
    id,
    name: `Pro ${id}`,
    company: `Firm ${id}`,
    verified: true,
    featured: false,
    services: ["Investment Management", "Tax Planning"],
    certifications: ["CFA"],
    aumRange: "10-50M",
    clientProfiles: ["HNWI", "Entrepreneurs"],
    communication: ["video", "email"],
    countriesServed: ["US"],
    experienceYears: 15,
    disciplinary: { disclosed: false, cleared: false },
    feeModel: "fee-only",
    impactInvesting: true,
    languages: ["English"],
    ...over,
  };
}

function client(over: Partial<ClientAnswers> = {}): ClientAnswers {
  return {
    countryOfResidency: "US",
    investmentObjectives: ["Growth", "Tax Optimization"],
    netWorth: "5-10M",
    wealthSource: ["Business Ownership"],
    preferredCommunication: "video",
    ...over,
  };
}

const ids = (r: ReturnType<typeof match>) => r.shortlist.map((i) => i.id);
const scoreOf = (c: ClientAnswers, p: ProfessionalCandidate) => {
  const r = match(c, [p]);
  const item = r.shortlist[0];
  if (!item) throw new Error(`excluded: ${JSON.stringify(r.excluded)}`);
  return item;
};

describe("hard filters", () => {
  it("leaves out unverified professionals", () => {
    const r = match(client(), [pro(1), pro(2, { verified: false }), pro(3)]);
    expect(ids(r)).not.toContain(2);
    expect(r.excluded).toEqual([{ id: 2, reasons: ["not-verified"], missing: [] }]);
  });

  it("leaves out professionals who do not serve the client's country", () => {
    const r = match(client({ countryOfResidency: "UK" }), [pro(1), pro(2, { countriesServed: ["UK", "US"] })]);
    expect(ids(r)).toEqual([2]);
    expect(r.excluded[0]?.reasons).toEqual(["country-not-served"]);
  });

  it("lets 'worldwide' serve every country, including clients who chose Other", () => {
    const world = pro(2, { countriesServed: ["worldwide"] });
    expect(ids(match(client({ countryOfResidency: "SG" }), [pro(1), world]))).toEqual([2]);
    expect(ids(match(client({ countryOfResidency: "other" }), [pro(1), world]))).toEqual([2]);
  });

  it("needs at least one service covering one of the client's objectives", () => {
    const lawyer = pro(2, { services: ["Legal Services"] });
    const r = match(client({ investmentObjectives: ["Growth"] }), [pro(1), lawyer]);
    expect(ids(r)).toEqual([1]);
    expect(r.excluded).toEqual([{ id: 2, reasons: ["no-service-for-objectives"], missing: [] }]);
    expect(ids(match(client({ investmentObjectives: ["Estate Planning"] }), [lawyer]))).toEqual([2]);
  });

  it("excludes a disclosed disciplinary action until an admin clears it", () => {
    const disclosed = pro(2, { disciplinary: { disclosed: true, cleared: false } });
    const cleared = pro(3, { disciplinary: { disclosed: true, cleared: true } });
    const r = match(client(), [pro(1), disclosed, cleared]);
    expect(ids(r).sort()).toEqual([1, 3]);
    expect(r.excluded).toEqual([{ id: 2, reasons: ["disciplinary-not-cleared"], missing: [] }]);
  });

  it("leaves out incomplete matching data and names what is missing", () => {
    const r = match(client(), [pro(1, { aumRange: null, languages: [] })]);
    expect(r.excluded).toEqual([{ id: 1, reasons: ["incomplete"], missing: ["aumRange", "languages"] }]);
  });
});

describe("weights", () => {
  const c = client();

  it("gives 100 to a professional who fits everything", () => {
    expect(scoreOf(c, pro(1)).score).toBe(100);
  });

  it("weights sum to 100 before 'what matters'", () => {
    const { whatMatters, ...base } = WEIGHTS;
    expect(Object.values(base).reduce((a, b) => a + b, 0)).toBe(100);
    expect(whatMatters).toBe(15);
  });

  it(`objectives covered: ${WEIGHTS.objectives} points, shared among the objectives`, () => {
    // Investment Management covers Growth, not Tax Optimization: half of 35.
    const item = scoreOf(c, pro(1, { services: ["Investment Management"] }));
    expect(item.score).toBe(100 - WEIGHTS.objectives / 2);
    const objectives = item.factors.find((f) => f.factor === "objectives");
    expect(objectives?.fits).toEqual(["Offers services for growth."]);
    expect(objectives?.notes).toEqual(["Tax planning is not among the services they list."]);
  });

  it(`wealth fit: ${WEIGHTS.wealthFit} points, half AUM range and half client profiles`, () => {
    // Net worth 5-10M: AUM 10-50M is a full fit, under-10M a half fit, HNWI the profile.
    // Scores are rounded to one decimal.
    expect(scoreOf(c, pro(1, { aumRange: "under-10M" })).score).toBe(93.8);
    expect(scoreOf(c, pro(1, { clientProfiles: ["Entrepreneurs"] })).score).toBe(100 - WEIGHTS.wealthFit / 2);
    expect(scoreOf(c, pro(1, { aumRange: "50-100M" })).score).toBe(100);
    expect(scoreOf(c, pro(1, { aumRange: "under-10M", clientProfiles: ["Entrepreneurs"] })).score).toBe(81.3);
  });

  it(`wealth sources: ${WEIGHTS.wealthSources} points against typical client profiles`, () => {
    // Business Ownership is known to Entrepreneurs and Family Offices; HNWI alone keeps the wealth fit.
    expect(scoreOf(c, pro(1, { clientProfiles: ["HNWI"] })).score).toBe(100 - WEIGHTS.wealthSources);
  });

  it(`country: ${WEIGHTS.country} points, half when served only through 'worldwide'`, () => {
    expect(scoreOf(c, pro(1, { countriesServed: ["worldwide"] })).score).toBe(100 - WEIGHTS.country / 2);
    expect(scoreOf(c, pro(1, { countriesServed: ["worldwide", "US"] })).score).toBe(100);
    expect(scoreOf(client({ countryOfResidency: "other" }), pro(1, { countriesServed: ["worldwide"] })).score).toBe(100);
  });

  it(`communication: ${WEIGHTS.communication} points for the client's preferred channel`, () => {
    expect(scoreOf(c, pro(1, { communication: ["phone"] })).score).toBe(100 - WEIGHTS.communication);
  });

  it(`experience and certifications: ${WEIGHTS.experience} points, half each`, () => {
    expect(scoreOf(c, pro(1, { certifications: [] })).score).toBe(100 - WEIGHTS.experience / 2);
    // CIMA speaks to Growth; ChFC to none of Growth and Tax Optimization.
    expect(scoreOf(c, pro(1, { certifications: ["CIMA"] })).score).toBe(100);
    expect(scoreOf(c, pro(1, { certifications: ["ChFC"] })).score).toBe(100 - WEIGHTS.experience / 2);
    expect(scoreOf(c, pro(1, { experienceYears: 0 })).score).toBe(100 - WEIGHTS.experience / 2);
    expect(scoreOf(c, pro(1, { experienceYears: 30 })).score).toBe(100);
  });

  it("leaves unanswered optional questions out and keeps the others' proportions", () => {
    const bare = client({ netWorth: undefined, wealthSource: undefined, preferredCommunication: undefined });
    const item = scoreOf(bare, pro(1, { communication: ["phone"] }));
    expect(item.score).toBe(100);
    expect(item.factors.filter((f) => !f.counted).map((f) => f.factor)).toEqual([
      "wealthFit",
      "wealthSources",
      "communication",
      "whatMatters",
    ]);
    // Objectives 35 of the 55 that count.
    expect(item.factors.find((f) => f.factor === "objectives")?.maxPoints).toBe(63.6);
  });

  it(`'what matters' joins with ${WEIGHTS.whatMatters} and everything is scaled back to 100`, () => {
    const wm = client({ whatMatters: { feeModel: "fee-only", impactInvesting: true, language: " english " } });
    expect(scoreOf(wm, pro(1)).score).toBe(100);
    const item = scoreOf(wm, pro(1, { feeModel: "commission" }));
    // One part of three missed: 15 × 1/3 out of 115.
    expect(item.score).toBe(Math.round((1000 * (115 - 5)) / 115) / 10);
    expect(item.factors.find((f) => f.factor === "objectives")?.maxPoints).toBe(30.4);
    const whatMatters = item.factors.find((f) => f.factor === "whatMatters");
    expect(whatMatters?.fits).toEqual(["Offers sustainable and impact investing.", "Works in english."]);
    expect(whatMatters?.notes).toEqual(["Paid by commission, where you preferred fee-only."]);
    // 'No preference' on impact investing is not a preference.
    const noImpact = client({ whatMatters: { impactInvesting: false } });
    expect(scoreOf(noImpact, pro(1, { impactInvesting: false })).factors.find((f) => f.factor === "whatMatters")?.counted).toBe(false);
  });

  it("the points shown add up to the score shown, and the most each factor could give to 100", () => {
    const clients = [
      client({ whatMatters: { language: "French" } }),
      client({ whatMatters: { feeModel: "fee-based", impactInvesting: true } }),
      client({ netWorth: undefined }),
      client(),
    ];
    const pros = [
      pro(1, { services: ["Investment Management"] }),
      pro(2, { aumRange: "under-10M", experienceYears: 7, countriesServed: ["worldwide"] }),
      pro(3, { clientProfiles: ["Retirees"], certifications: [], experienceYears: 2 }),
    ];
    const tenths = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 10);
    for (const c of clients) {
      for (const item of match(c, pros).shortlist) {
        expect(tenths(item.factors.map((f) => f.points))).toBe(Math.round(item.score * 10));
        expect(tenths(item.factors.map((f) => f.maxPoints))).toBe(1000);
        for (const f of item.factors) expect(f.points).toBeLessThanOrEqual(f.maxPoints);
      }
    }
  });
});

describe("explanations a client reads", () => {
  const lines = (c: ClientAnswers, p: ProfessionalCandidate) => clientLines(scoreOf(c, p));
  const jargon = /HNWI|UHNWI|Bar\/Lawyer|\b0 years|assets under management|far from/;

  it("lists under 'Why they fit you' only what fits, and what does not under 'Worth knowing'", () => {
    const c = client({
      investmentObjectives: ["Growth", "Estate Planning"],
      wealthSource: ["Business Ownership", "Inheritance"],
      whatMatters: { impactInvesting: true, language: "French" },
    });
    const weak = pro(1, {
      services: ["Investment Management"],
      aumRange: "500M+",
      clientProfiles: ["HNWI", "UHNWI"],
      certifications: ["Bar/Lawyer"],
      communication: ["email"],
      experienceYears: 0,
      impactInvesting: false,
    });
    const { reasons, caveats } = lines(c, weak);
    expect(reasons).toEqual([
      "Offers services for growth.",
      "Their typical clients include people with wealth like yours: individuals and families with about $1M to $30M.",
      "Many of their clients made their wealth as you did, from an inheritance.",
      "Serves clients in your country.",
      "Qualifications relevant to your objectives: Lawyer admitted to the bar.",
    ]);
    expect(caveats).toEqual([
      "Estate planning is not among the services they list.",
      "The client assets they look after are on a somewhat different scale from yours.",
      "Wealth from owning a business is less usual among their clients.",
      "Video calls, your preference, are not among the ways they list to work.",
      "Fewer than 3 years of experience.",
      "Sustainable and impact investing is not among the services they list.",
      "French is not among the languages they list.",
    ]);
    for (const line of [...reasons, ...caveats]) expect(line).not.toMatch(jargon);
  });

  it("reads a range of experience by its lower bound and words it as the range", () => {
    const ranged = pro(1, { experienceYears: 6, experienceRange: "6-10" });
    expect(lines(client(), ranged).reasons).toContain("6 to 10 years of experience.");
    expect(scoreOf(client(), ranged).score).toBe(scoreOf(client(), pro(1, { experienceYears: 6 })).score);
    expect(lines(client(), pro(1, { experienceYears: 20, experienceRange: "20+" })).reasons).toContain("More than 20 years of experience.");
    expect(lines(client(), pro(1, { experienceYears: 0, experienceRange: "0-2" })).caveats).toContain("Fewer than 3 years of experience.");
    expect(lines(client(), pro(1, { experienceYears: 2 })).caveats).toContain("Fewer than 3 years of experience.");
    // Ties on score go to more experience: a range counts as its lower bound there too.
    const tie = match(client(), [pro(1, { experienceYears: 3, experienceRange: "3-5" }), pro(2, { experienceYears: 4 })]);
    expect(ids(tie).slice(0, 2)).toEqual([2, 1]);
  });

  it("never says '0 years': unknown experience is 'not stated', and only a fit is a reason", () => {
    expect(lines(client(), pro(1, { experienceYears: 12 })).reasons).toContain("12 years of experience.");
    expect(lines(client(), pro(1, { experienceYears: 0 })).caveats).toContain("Fewer than 3 years of experience.");
    const unknown = scoreOne(client(), pro(1, { experienceYears: null }));
    expect(clientLines(unknown).caveats).toContain("Years of experience: not stated.");
    expect(clientLines(unknown).reasons.join(" ")).not.toMatch(/years/);
  });

  it("a professional who fits everything has nothing under 'Worth knowing'", () => {
    const all = lines(client({ whatMatters: { feeModel: "fee-only", impactInvesting: true, language: "English" } }), pro(1));
    expect(all.caveats).toEqual([]);
    expect(all.reasons).toContain("Paid fee-only, as you prefer.");
  });

  it("keeps a shortlist stored before the lines existed from misfiling a non-fit as a reason", () => {
    const item = scoreOf(client(), pro(1, { communication: ["phone"] }));
    const legacy = { factors: item.factors.map(({ fits: _f, notes: _n, ...rest }) => rest as FactorExplanation) };
    const { reasons, caveats } = clientLines(legacy);
    expect(reasons).not.toContain(item.factors.find((f) => f.factor === "communication")?.detail);
    expect(caveats).toEqual([]);
  });
});

describe("ranking", () => {
  it("never lets featured status change a score or a rank", () => {
    const pros = [pro(1), pro(2, { communication: ["phone"] }), pro(3, { certifications: [] }), pro(4, { aumRange: "500M+" })];
    const plain = match(client(), pros);
    const featured = match(client(), pros.map((p) => ({ ...p, featured: p.id !== 1 })));
    expect(featured.shortlist).toEqual(plain.shortlist);
    const weaker = match(client(), [pro(1), pro(2, { communication: ["phone"], featured: true })]);
    expect(ids(weaker)).toEqual([1, 2]);
  });

  it("ranks by score, then objectives covered, then experience, then id", () => {
    const pros = [
      pro(5, { experienceYears: 20 }),
      pro(3, { experienceYears: 15 }),
      pro(9, { communication: ["phone"] }),
      pro(1, { experienceYears: 15 }),
    ];
    expect(ids(match(client(), pros))).toEqual([5, 1, 3, 9]);
  });

  it("keeps at most one professional per company; each Independent is a firm of their own", () => {
    const pros = [
      pro(1, { company: "Acme Wealth" }),
      pro(2, { company: " acme  wealth ", communication: ["phone"] }),
      pro(3, { company: "Independent" }),
      pro(4, { company: "independent" }),
      pro(5, { company: null }),
    ];
    const r = match(client(), pros);
    expect(ids(r)).toEqual([1, 3, 4, 5]);
    expect(r.sameFirm).toEqual([2]);
    expect(firmOf({ id: 3, company: "Independent" })).not.toBe(firmOf({ id: 4, company: "Independent" }));
  });

  it("lists 3 to 5 professionals", () => {
    const many = Array.from({ length: 12 }, (_, i) => pro(i + 1));
    const r = match(client(), many);
    expect(r.status).toBe("ok");
    expect(ids(r)).toEqual([1, 2, 3, 4, 5]);
    expect(r.shortlist.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(match(client(), many.slice(0, 3)).shortlist).toHaveLength(3);
  });

  it("says so when fewer than three firms pass, without padding", () => {
    const r = match(client(), [pro(1), pro(2, { company: "Firm 1" }), pro(3, { verified: false })]);
    expect(r.status).toBe("too-few");
    expect(ids(r)).toEqual([1]);
    expect(r.message).toMatch(/^Only 1 professional matches/);
    expect(r.passed).toBe(2);
    const none = match(client(), []);
    expect(none.status).toBe("too-few");
    expect(none.shortlist).toEqual([]);
    expect(match(client(), [pro(1), pro(2), pro(3)]).message).toBeNull();
  });

  it("gives the same result whatever the order of the professionals", () => {
    const pros = Array.from({ length: 40 }, (_, i) =>
      pro(i + 1, {
        company: `Firm ${i % 7}`,
        communication: i % 3 ? ["email"] : ["video"],
        aumRange: (["under-10M", "10-50M", "500M+"] as const)[i % 3] ?? null,
        experienceYears: i % 11,
        countriesServed: i % 5 ? ["US"] : ["worldwide"],
      }),
    );
    const c = client({ whatMatters: { feeModel: "fee-based" } });
    const first = match(c, pros);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let round = 0; round < 10; round++) {
      const shuffled = [...pros];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j] as ProfessionalCandidate, shuffled[i] as ProfessionalCandidate];
      }
      expect(match(c, shuffled)).toEqual(first);
    }
    expect(createMatcher(pros)(c)).toEqual(first);
  });
});
