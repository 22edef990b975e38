import { describe, expect, it } from "vitest";
import { CARD_REASONS, cardReasons } from "~/domain/card-reasons";
import { match, scoreOne, type ClientAnswers, type FactorExplanation, type ProfessionalCandidate } from "~/domain/matching-engine";

// The reasons a shortlist card gives: at most three, one per factor that fitted, strongest first, each a
// sentence written for a person; never a list of bands, never a claim the data does not back.

function pro(over: Partial<ProfessionalCandidate> = {}): ProfessionalCandidate {
  return {
    id: 1,
    company: "Firm",
    verified: true,
    featured: false,
    services: ["Investment Management", "Tax Planning"],
    certifications: ["CFA"],
    aumRange: "10-50M",
    clientProfiles: ["HNWI", "UHNWI", "Entrepreneurs"],
    communication: ["video", "email"],
    countriesServed: ["US"],
    experienceYears: 15,
    disciplinary: { disclosed: false, cleared: false },
    feeModel: "fee-only",
    impactInvesting: true,
    languages: ["English", "French"],
    ...over,
  };
}

function client(over: Partial<ClientAnswers> = {}): ClientAnswers {
  return {
    countryOfResidency: "US",
    investmentObjectives: ["Growth", "Tax Optimization"],
    netWorth: "10-25M",
    wealthSource: ["Business Ownership"],
    preferredCommunication: "video",
    ...over,
  };
}

const reasonsOf = (c: ClientAnswers, p: ProfessionalCandidate) => cardReasons(scoreOne(c, p).factors);
const GENERATED = /individuals and families with|HNWI|UHNWI|Bar\/Lawyer|\$\d+M/i;

describe("a shortlist card's reasons", () => {
  it("gives the three strongest factors, one sentence each, written for a person", () => {
    const { reasons, more } = reasonsOf(client(), pro());
    expect(CARD_REASONS).toBe(3);
    expect(reasons).toEqual([
      "Helps with growth and tax planning, both objectives you named.",
      "Works with families of your wealth.",
      "Many of their clients made their wealth as you did, from owning a business.",
    ]);
    // Country, communication and experience fitted too: their lines are on the profile.
    expect(more).toBe(3);
    for (const line of reasons) expect(line).not.toMatch(GENERATED);
  });

  it("never lists the wealth bands, however many of the client's their typical clients cover", () => {
    const { reasons } = reasonsOf(client({ netWorth: "10-25M" }), pro({ clientProfiles: ["HNWI", "UHNWI", "Family Offices"] }));
    expect(reasons).toContain("Works with families of your wealth.");
    expect(reasons.join(" ")).not.toMatch(GENERATED);
    // The engine's own line (the profile's) still names them; the card does not.
    const lines = scoreOne(client(), pro()).factors.find((f) => f.factor === "wealthFit")?.fits ?? [];
    expect(lines.join(" ")).toMatch(/individuals and families with/i);
  });

  it("says only what fitted: part of the objectives is said as part, a scale alone is not 'families of your wealth'", () => {
    const partial = reasonsOf(client({ investmentObjectives: ["Growth", "Estate Planning", "Tax Optimization"] }), pro());
    expect(partial.reasons[0]).toBe("Helps with growth and tax planning, two of the three objectives you named.");
    const scaleOnly = reasonsOf(client(), pro({ clientProfiles: ["Retirees"], aumRange: "50-100M" }));
    expect(scaleOnly.reasons).not.toContain("Works with families of your wealth.");
    expect(scaleOnly.reasons).toContain("Looks after client assets on a scale that suits your wealth.");
    const neither = reasonsOf(client(), pro({ clientProfiles: ["Retirees"], aumRange: "500M+" }));
    expect(neither.reasons.join(" ")).not.toMatch(/wealth\.$|scale/);
  });

  it("is at most three, and fewer when fewer factors fit", () => {
    const c: ClientAnswers = { countryOfResidency: "US", investmentObjectives: ["Growth"] };
    const weak = pro({ countriesServed: ["worldwide"], experienceYears: 1, certifications: [] });
    const { reasons, more } = reasonsOf(c, weak);
    expect(reasons).toEqual(["Helps with growth, the objective you named.", "Serves clients worldwide, your country included."]);
    expect(more).toBe(0);
    for (const item of match(client(), [pro(), pro({ id: 2, company: "Other" })]).shortlist) {
      expect(cardReasons(item.factors).reasons.length).toBeLessThanOrEqual(3);
    }
  });

  it("words 'what matters' together, in the professional's spelling of a language, and drops what their entry no longer says", () => {
    const c = client({ investmentObjectives: ["Growth"], netWorth: undefined, wealthSource: [], whatMatters: { feeModel: "fee-only", language: "french" } });
    const factors = scoreOne(c, pro()).factors;
    expect(cardReasons(factors).reasons).toContain("Paid fee-only and works in French, as you asked.");
    // Their entry now says fee-based and English only: neither is claimed any more.
    const changed = cardReasons(factors, { feeModel: "fee-based", languages: ["English"], certifications: ["CFA"] });
    expect(changed.reasons.join(" ")).not.toMatch(/fee-only|French/);
    // Qualifications relevant to the objectives only while they still hold one.
    const years = cardReasons(scoreOne(client(), pro()).factors, { feeModel: "fee-only", languages: ["English"], certifications: [] });
    expect([...years.reasons, ...cardReasons(scoreOne(client(), pro()).factors).reasons].join(" ")).not.toMatch(/undefined|null/);
  });

  it("reads a shortlist stored before the engine recorded what fitted by its fit alone, saying nothing ambiguous", () => {
    const stored = scoreOne(client(), pro({ clientProfiles: ["Retirees"] })).factors.map(({ evidence: _e, ...rest }) => rest as FactorExplanation);
    const { reasons } = cardReasons(stored);
    expect(reasons[0]).toBe("Helps with every objective you named.");
    // Half a wealth fit is the scale or the typical clients: which, the stored item does not say.
    expect(reasons.join(" ")).not.toMatch(/families of your wealth|scale/);
    expect(cardReasons(null)).toEqual({ reasons: [], more: 0 });
    expect(cardReasons([{ factor: "objectives", counted: true, fit: 1, points: 40, evidence: { objectives: { covered: ["Not a goal"], of: 1 } } }])).toEqual({
      reasons: [],
      more: 0,
    });
  });
});
