import { describe, expect, it } from "vitest";
import { figureWarnings, formatAmount, parseFigure, shownValue, type Figure, type LiveCounts, type StatKey } from "~/domain/marketing-figures";
import { DEFAULT_SETTINGS } from "~/platform/settings";
import { SiteSettingsSchema } from "~/platform/settings-schema";

const live = (counts: Partial<LiveCounts> = {}): LiveCounts => ({ verifiedProfessionals: 0, acceptedIntroductions: 0, matchedClients: 0, ...counts });
const figures = (changes: Partial<Record<StatKey, Partial<Figure>>> = {}): Record<StatKey, Figure> => {
  const all = structuredClone(DEFAULT_SETTINGS.marketingStats);
  for (const [key, change] of Object.entries(changes) as [StatKey, Partial<Figure>][]) all[key] = { ...all[key], ...change };
  return all;
};

describe("reading a figure", () => {
  it.each([
    ["500+", { amount: 500, kind: "count", atLeast: true }],
    ["2,000+", { amount: 2000, kind: "count", atLeast: true }],
    ["$2B+", { amount: 2e9, kind: "money", atLeast: true }],
    ["$2.5M", { amount: 2.5e6, kind: "money", atLeast: false }],
    ["98%", { amount: 98, kind: "percent", atLeast: false }],
    ["1000+", { amount: 1000, kind: "count", atLeast: true }],
    [" 12 ", { amount: 12, kind: "count", atLeast: false }],
  ] as const)("%s", (text, parsed) => {
    expect(parseFigure(text)).toEqual(parsed);
  });

  it.each(["", "many", "2,00", "$", "five hundred", "1.2.3"])("'%s' is not a figure", (text) => {
    expect(parseFigure(text)).toBeNull();
  });

  it("writes amounts back the short way", () => {
    expect(formatAmount(5e9, "money")).toBe("$5B");
    expect(formatAmount(2.5e6, "money")).toBe("$2.5M");
    expect(formatAmount(2000, "count")).toBe("2,000");
  });
});

describe("what a page shows", () => {
  it("is the set value, or the live count (exact, no '+') for a figure set to live", () => {
    const all = figures({ vettedProfessionals: { source: "live" } });
    expect(shownValue("vettedProfessionals", all.vettedProfessionals, live({ verifiedProfessionals: 1234 }))).toBe("1,234");
    expect(shownValue("matches", all.matches, live({ acceptedIntroductions: 7 }))).toBe("1000+");
    // Counts not known (the database did not answer): the set value stands.
    expect(shownValue("vettedProfessionals", all.vettedProfessionals, null)).toBe("500+");
  });

  it("a set-only figure marked live (a damaged row) still shows its set value", () => {
    expect(shownValue("assets", { ...DEFAULT_SETTINGS.marketingStats.assets, source: "live" }, live())).toBe("$2B+");
  });
});

describe("the dashboard's warnings", () => {
  it("the spec's defaults against a directory of eight: claims above the counts, and clients x average wealth against assets", () => {
    const warnings = figureWarnings(figures(), live({ verifiedProfessionals: 8, acceptedIntroductions: 3, matchedClients: 5 }));
    expect(warnings.map((w) => [w.kind, w.keys])).toEqual([
      ["above-live", ["vettedProfessionals"]],
      ["above-live", ["matches"]],
      ["above-live", ["activeClients"]],
      ["contradiction", ["activeClients", "averageClientAum", "assets"]],
    ]);
    expect(warnings[0]?.message).toBe('"500+ Vetted Professionals" claims more than the database holds: 8 verified professionals in the directory.');
    expect(warnings[3]?.message).toBe("2,000+ Active Clients at $2.5M Average Client AUM makes about $5B, but Assets Matched says $2B+.");
  });

  it("a set figure below its live count", () => {
    const warnings = figureWarnings(figures({ vettedProfessionals: { value: "10+" } }), live({ verifiedProfessionals: 12, acceptedIntroductions: 1000, matchedClients: 2000 }));
    expect(warnings).toEqual([
      {
        kind: "below-live",
        keys: ["vettedProfessionals"],
        message:
          '"10+ Vetted Professionals" is below the live count: the database has 12 verified professionals in the directory. Set a higher figure or show the live count.',
      },
      expect.objectContaining({ kind: "contradiction" }),
    ]);
  });

  it("nothing when the figures agree: live figures, and assets close to clients x average", () => {
    const agreeing = figures({
      vettedProfessionals: { source: "live" },
      matches: { source: "live" },
      activeClients: { source: "live" },
      assets: { value: "$5B+" },
    });
    expect(figureWarnings(agreeing, live({ verifiedProfessionals: 8, acceptedIntroductions: 3, matchedClients: 2000 }))).toEqual([]);
    // The live count of clients is what the product is checked with: 4 clients at $2.5M are $10M, not $5B.
    expect(figureWarnings(agreeing, live({ verifiedProfessionals: 8, acceptedIntroductions: 3, matchedClients: 4 })).map((w) => w.kind)).toEqual(["contradiction"]);
  });

  it("a percentage above 100", () => {
    expect(figureWarnings(figures({ satisfaction: { value: "120%" }, assets: { value: "$5B" } }), live({ verifiedProfessionals: 500, acceptedIntroductions: 1000, matchedClients: 2000 }))).toEqual([
      { kind: "contradiction", keys: ["satisfaction"], message: '"120% Client Satisfaction" is more than 100%.' },
    ]);
  });

  it("figures that are not amounts ('Many') are left alone", () => {
    const wordy = figures({ vettedProfessionals: { value: "Many" }, assets: { value: "Billions" } });
    expect(figureWarnings(wordy, live({ acceptedIntroductions: 1000, matchedClients: 2000 }))).toEqual([]);
  });
});

describe("the figures' rules (settings schema)", () => {
  const stats = SiteSettingsSchema.shape.marketingStats;

  it("reads a row saved before the choice existed as set values without a date", () => {
    const old = Object.fromEntries(Object.entries(DEFAULT_SETTINGS.marketingStats).map(([k, { value, label }]) => [k, { value, label }]));
    expect(stats.parse(old)).toEqual(DEFAULT_SETTINGS.marketingStats);
  });

  it("takes live for a figure that has a count, and a date as YYYY-MM-DD (empty is none)", () => {
    const next = structuredClone(DEFAULT_SETTINGS.marketingStats);
    next.vettedProfessionals = { ...next.vettedProfessionals, source: "live" };
    const parsed = stats.parse({ ...next, assets: { ...next.assets, asOf: "2026-11-24" }, matches: { ...next.matches, asOf: "" } });
    expect(parsed.vettedProfessionals.source).toBe("live");
    expect(parsed.assets.asOf).toBe("2026-11-24");
    expect(parsed.matches.asOf).toBeNull();
  });

  it.each([
    ["live for a figure without a count", { assets: { ...DEFAULT_SETTINGS.marketingStats.assets, source: "live" } }, "This figure has no live count"],
    ["an unknown source", { matches: { ...DEFAULT_SETTINGS.marketingStats.matches, source: "guess" } }, "Choose a set value or the live count"],
    ["a date that is not one", { matches: { ...DEFAULT_SETTINGS.marketingStats.matches, asOf: "2026-13-45" } }, "Enter the date as YYYY-MM-DD"],
  ])("refuses %s with its message", (_, change, message) => {
    const result = stats.safeParse({ ...DEFAULT_SETTINGS.marketingStats, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });
});
