import { describe, expect, it } from "vitest";
import { figureToShow, figuresToShow, figureWarnings, formatAmount, parseFigure, pickFigures, type Figure, type LiveCounts, type StatKey } from "~/domain/marketing-figures";
import { DEFAULT_SETTINGS } from "~/platform/settings";
import { SettingsFormSchema, SiteSettingsSchema } from "~/platform/settings-schema";

const live = (counts: Partial<LiveCounts> = {}): LiveCounts => ({ verifiedProfessionals: 0, acceptedIntroductions: 0, matchedClients: 0, ...counts });
/** A set figure as an admin gives it: value, date and source. */
const proven = (value: string, citation = "Internal survey of 212 clients", asOf = "2025-03-24"): Partial<Figure> => ({ value, source: "set", asOf, citation });
/** The figures the launch once shipped: set values nobody dated or sourced. */
const LAUNCH: Partial<Record<StatKey, string>> = {
  vettedProfessionals: "500+",
  matches: "1000+",
  assets: "$2B+",
  satisfaction: "98%",
  longTermRelationships: "85%",
  renewal: "95%",
  activeClients: "2,000+",
  averageClientAum: "$2.5M",
};
const launch = (): Record<StatKey, Figure> => {
  const all = structuredClone(DEFAULT_SETTINGS.marketingStats);
  for (const [key, value] of Object.entries(LAUNCH) as [StatKey, string][]) all[key] = { ...all[key], value, source: "set" };
  return all;
};
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
  it("a fresh install: the counts live, shown once they reach the minimum; money and percentages not at all", () => {
    const defaults = DEFAULT_SETTINGS.marketingStats;
    expect(figuresToShow(defaults, live({ verifiedProfessionals: 5, acceptedIntroductions: 0, matchedClients: 0 }), 10)).toEqual({});
    const shown = figuresToShow(defaults, live({ verifiedProfessionals: 1234, acceptedIntroductions: 10, matchedClients: 9 }), 10);
    expect(Object.keys(shown)).toEqual(["vettedProfessionals", "matches"]);
    expect(shown.vettedProfessionals).toEqual({
      key: "vettedProfessionals",
      value: "1,234",
      label: "Vetted Professionals",
      note: "Live count of verified professionals in the directory",
      live: true,
    });
    expect(shown.matches?.value).toBe("10");
  });

  it("the launch's figures, nobody's date or source: none is shown", () => {
    expect(figuresToShow(launch(), live({ verifiedProfessionals: 500, acceptedIntroductions: 1000, matchedClients: 2000 }), 10)).toEqual({});
  });

  it("a set figure is shown with both its date and its source, printed beside it", () => {
    expect(figureToShow("satisfaction", figures({ satisfaction: proven("96%") }).satisfaction, null, 10)).toEqual({
      shown: { key: "satisfaction", value: "96%", label: "Client Satisfaction", note: "As of March 24, 2025 · Source: Internal survey of 212 clients", live: false },
    });
    expect(figureToShow("satisfaction", figures({ satisfaction: { ...proven("96%"), citation: "  " } }).satisfaction, null, 10)).toEqual({ hidden: "unproven" });
    expect(figureToShow("satisfaction", figures({ satisfaction: { ...proven("96%"), asOf: null } }).satisfaction, null, 10)).toEqual({ hidden: "unproven" });
    expect(figureToShow("satisfaction", figures({ satisfaction: proven("") }).satisfaction, null, 10)).toEqual({ hidden: "no-value" });
  });

  it("a live figure whose count could not be read is left out, never replaced by its set value", () => {
    const all = figures({ vettedProfessionals: { ...proven("500+"), source: "live" } });
    expect(figureToShow("vettedProfessionals", all.vettedProfessionals, null, 10)).toEqual({ hidden: "not-counted" });
    expect(figureToShow("vettedProfessionals", all.vettedProfessionals, live({ verifiedProfessionals: 9 }), 10)).toEqual({ hidden: "below-minimum" });
    expect(figureToShow("vettedProfessionals", all.vettedProfessionals, live({ verifiedProfessionals: 9 }), 9).shown?.value).toBe("9");
  });

  it("a set-only figure marked live (a damaged row) is shown as its set value only when proven", () => {
    expect(figureToShow("assets", { ...DEFAULT_SETTINGS.marketingStats.assets, ...proven("$2B+"), source: "live" }, live(), 10).shown?.value).toBe("$2B+");
    expect(figureToShow("assets", { ...DEFAULT_SETTINGS.marketingStats.assets, value: "$2B+", source: "live" }, live(), 10)).toEqual({ hidden: "unproven" });
  });

  it("a page picks what is shown among its keys, in its order", () => {
    const shown = figuresToShow(figures({ satisfaction: proven("96%") }), live({ verifiedProfessionals: 12 }), 10);
    expect(pickFigures(shown, ["assets", "satisfaction", "matches", "vettedProfessionals"]).map((f) => f.key)).toEqual(["satisfaction", "vettedProfessionals"]);
  });
});

describe("the dashboard's warnings", () => {
  it("the launch's figures against a directory of eight: each is not shown until dated and sourced", () => {
    const warnings = figureWarnings(launch(), live({ verifiedProfessionals: 8, acceptedIntroductions: 3, matchedClients: 5 }), 10);
    expect(warnings.map((w) => [w.kind, w.keys])).toEqual(Object.keys(LAUNCH).map((key) => ["unproven", [key]]));
    expect(warnings[0]?.message).toBe('"500+ Vetted Professionals" is not shown: it needs a date and a source. Add them, or clear the figure.');
  });

  it("a fresh install: nothing to warn about", () => {
    expect(figureWarnings(DEFAULT_SETTINGS.marketingStats, live({ verifiedProfessionals: 5 }), 10)).toEqual([]);
  });

  it("a figure missing only its source or only its date says which", () => {
    const warnings = figureWarnings(figures({ satisfaction: { ...proven("96%"), citation: "" }, renewal: { ...proven("90%"), asOf: null } }), live(), 10);
    expect(warnings.map((w) => w.message)).toEqual([
      '"96% Client Satisfaction" is not shown: it needs its source. Add it, or clear the figure.',
      '"90% Professional Renewal Rate" is not shown: it needs the date it was true. Add it, or clear the figure.',
    ]);
  });

  it("a proven set count above or below its live count", () => {
    const counts = live({ verifiedProfessionals: 8, acceptedIntroductions: 1000 });
    const warnings = figureWarnings(figures({ vettedProfessionals: proven("500+"), matches: proven("10+") }), counts, 10);
    expect(warnings).toEqual([
      { kind: "above-live", keys: ["vettedProfessionals"], message: '"500+ Vetted Professionals" claims more than the database holds: 8 verified professionals in the directory.' },
      {
        kind: "below-live",
        keys: ["matches"],
        message: '"10+ Successful Matches" is below the live count: the database has 1,000 introductions professionals accepted. Set a higher figure or show the live count.',
      },
    ]);
  });

  it("shown figures that contradict: clients x average wealth against assets (the live count of clients included)", () => {
    const money = { averageClientAum: proven("$2.5M"), assets: proven("$2B+") };
    const warnings = figureWarnings(figures({ ...money, activeClients: proven("2,000+") }), live({ matchedClients: 2000 }), 10);
    expect(warnings).toEqual([
      {
        kind: "contradiction",
        keys: ["activeClients", "averageClientAum", "assets"],
        message: "2,000+ Active Clients at $2.5M Average Client AUM makes about $5B, but Assets Matched says $2B+.",
      },
    ]);
    // 800 live clients at $2.5M are $2B: they agree.
    expect(figureWarnings(figures(money), live({ matchedClients: 800 }), 10)).toEqual([]);
    // Below the minimum the clients are not shown, so nothing is quoted to contradict.
    expect(figureWarnings(figures(money), live({ matchedClients: 4 }), 10)).toEqual([]);
  });

  it("a percentage above 100", () => {
    expect(figureWarnings(figures({ satisfaction: proven("120%") }), live(), 10)).toEqual([
      { kind: "contradiction", keys: ["satisfaction"], message: '"120% Client Satisfaction" is more than 100%.' },
    ]);
  });

  it("figures that are not amounts ('Many') are left alone", () => {
    const wordy = figures({ vettedProfessionals: proven("Many"), assets: proven("Billions") });
    expect(figureWarnings(wordy, live({ acceptedIntroductions: 1000, matchedClients: 2000 }), 10)).toEqual([]);
  });
});

describe("the figures' rules (settings schema)", () => {
  const stats = SiteSettingsSchema.shape.marketingStats;

  it("reads a row saved before the choice, the date or the source existed as set values without them (so not shown)", () => {
    const old = Object.fromEntries(Object.entries(launch()).map(([k, { value, label }]) => [k, { value, label }]));
    const parsed = stats.parse(old);
    expect(parsed.assets).toEqual({ value: "$2B+", label: "Assets Matched", source: "set", asOf: null, citation: "" });
    expect(figuresToShow(parsed, live({ verifiedProfessionals: 600 }), 10)).toEqual({});
  });

  it("takes live for a figure that has a count, and a date as YYYY-MM-DD (empty is none)", () => {
    const next = structuredClone(DEFAULT_SETTINGS.marketingStats);
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

  describe("what the form may save", () => {
    const withFigure = (key: StatKey, figure: Partial<Figure>) => {
      const next = structuredClone(DEFAULT_SETTINGS);
      next.marketingStats[key] = { ...next.marketingStats[key], ...figure };
      return next;
    };
    const errors = (value: unknown) => {
      const result = SettingsFormSchema.safeParse(value);
      return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
    };

    it("the defaults, a cleared figure and a proven one", () => {
      expect(errors(DEFAULT_SETTINGS)).toEqual([]);
      expect(errors(withFigure("satisfaction", proven("96%")))).toEqual([]);
      expect(errors(withFigure("satisfaction", { value: "", citation: "", asOf: null }))).toEqual([]);
      // A live figure's kept value needs nothing: it is not shown.
      expect(errors(withFigure("matches", { value: "1000+", source: "live" }))).toEqual([]);
    });

    it("a set figure without its source or date is refused under each field", () => {
      expect(errors(withFigure("assets", { value: "$2B+" }))).toEqual([
        ["marketingStats.assets.asOf", "Add the date this figure was true, or clear the figure"],
        ["marketingStats.assets.citation", "Add the source of this figure, or clear the figure"],
      ]);
      expect(errors(withFigure("assets", { ...proven("$2B+"), citation: " " }))).toEqual([
        ["marketingStats.assets.citation", "Add the source of this figure, or clear the figure"],
      ]);
    });

    it("a figure left as the form showed it (an earlier version's, without date or source) does not stop a save; changed, it must have both", () => {
      const legacy = withFigure("assets", { value: "$2B+" });
      const baseline = JSON.stringify(legacy);
      expect(errors({ ...legacy, baseline })).toEqual([]);
      expect(errors({ ...withFigure("assets", { value: "$3B+" }), baseline })).toEqual([
        ["marketingStats.assets.asOf", "Add the date this figure was true, or clear the figure"],
        ["marketingStats.assets.citation", "Add the source of this figure, or clear the figure"],
      ]);
      // A baseline that cannot be read proves nothing.
      expect(errors({ ...legacy, baseline: "{" })).toHaveLength(2);
    });

    it("a date in the future is refused", () => {
      expect(errors(withFigure("assets", proven("$2B+", "Audited accounts", "2999-01-01")))).toEqual([["marketingStats.assets.asOf", "The date cannot be in the future"]]);
    });

    it.each([
      [0, "Minimum must be at least 1"],
      [2.5, "Minimum must be a whole number"],
      [100_001, "Minimum must be at most 100,000"],
    ])("a minimum live count of %s is refused", (minimumLiveCount, message) => {
      expect(errors({ ...DEFAULT_SETTINGS, figures: { minimumLiveCount } })).toEqual([["figures.minimumLiveCount", message]]);
    });
  });
});
