/**
 * The marketing figures the public pages quote ("12 Vetted Professionals"): each is either a count the
 * database keeps or a value an admin set with the day it was true and its source. A page quotes nothing
 * else (docs/decisions/054). Pure: the choice of what a page shows and the warnings the admin dashboard
 * gives are decided here and tested on their own.
 */

/** The one set of figures, in the order the settings page lists them. */
export const STAT_KEYS = [
  "vettedProfessionals",
  "matches",
  "assets",
  "satisfaction",
  "longTermRelationships",
  "renewal",
  "activeClients",
  "averageClientAum",
] as const;
export type StatKey = (typeof STAT_KEYS)[number];

export const FIGURE_SOURCES = ["set", "live"] as const;
export type FigureSource = (typeof FIGURE_SOURCES)[number];

export type Figure = {
  /** The admin's figure ("98%"); empty: none, so nothing is shown. Kept while the figure is live. */
  value: string;
  label: string;
  /** `set`: the admin's value; `live`: the database's count (LIVE_COUNT_OF). */
  source: FigureSource;
  /** The day the set value was true ("2026-11-24"); null when nobody gave one. */
  asOf: string | null;
  /** Where the set value comes from ("Client survey of 212 clients, March 2027"); empty when nobody gave one. */
  citation: string;
};

/** What the database counts honestly, each with an index to count it by. */
export const LIVE_COUNTS = ["verifiedProfessionals", "acceptedIntroductions", "matchedClients"] as const;
export type LiveCount = (typeof LIVE_COUNTS)[number];
export type LiveCounts = Record<LiveCount, number>;

/** The figures that can be live, and the count each then shows. The others (money, percentages) are set only. */
export const LIVE_COUNT_OF: Partial<Record<StatKey, LiveCount>> = {
  vettedProfessionals: "verifiedProfessionals",
  matches: "acceptedIntroductions",
  activeClients: "matchedClients",
};

/** What each live count counts, as the admin reads it beside the choice and a visitor under the figure. */
export const LIVE_COUNT_DESCRIPTIONS: Record<LiveCount, string> = {
  verifiedProfessionals: "verified professionals in the directory",
  acceptedIntroductions: "introductions professionals accepted",
  matchedClients: "clients whose shortlist was released",
};

/** A live count below this is too small to be worth quoting: the figure is left out (setting `figures.minimumLiveCount`). */
export const DEFAULT_MINIMUM_LIVE_COUNT = 10;

export function canBeLive(key: StatKey): boolean {
  return LIVE_COUNT_OF[key] !== undefined;
}

/** "1,234": a live count as the pages show it, exact (no "+": it is not a floor). */
export function formatCount(n: number): string {
  return Math.max(0, Math.trunc(n)).toLocaleString("en-US");
}

const AS_OF = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** "March 24, 2027": the day a set figure was true, as the pages write it. */
export function formatAsOf(asOf: string): string {
  return AS_OF.format(new Date(`${asOf}T00:00:00Z`));
}

/** A figure as a page shows it, with what makes it checkable: the count it is, or its date and source. */
export type ShownFigure = {
  key: StatKey;
  value: string;
  label: string;
  /** "Live count of verified professionals in the directory" or "As of March 24, 2027 · Source: ...". */
  note: string;
  live: boolean;
};

/** Why a figure is not shown, for the admin; null when it is. */
export type HiddenReason = "no-value" | "unproven" | "below-minimum" | "not-counted";

/** What a set figure lacks before a page may quote it: its date, its source, or both (empty when nothing). */
export function missingProof(figure: Figure): ("asOf" | "citation")[] {
  const missing: ("asOf" | "citation")[] = [];
  if (!figure.asOf) missing.push("asOf");
  if (!figure.citation.trim()) missing.push("citation");
  return missing;
}

/**
 * Whether a page quotes a figure, and as what. A live figure is its count once the count reaches
 * `minimum` (and the count could be read); a set figure is its value when it has both the day it was
 * true and its source. Anything else is left out: no launch default, no guess, no stale value.
 */
export function figureToShow(
  key: StatKey,
  figure: Figure,
  live: LiveCounts | null,
  minimum: number,
): { shown: ShownFigure; hidden?: undefined } | { shown?: undefined; hidden: HiddenReason } {
  const count = LIVE_COUNT_OF[key];
  if (figure.source === "live" && count) {
    if (!live) return { hidden: "not-counted" };
    if (live[count] < minimum) return { hidden: "below-minimum" };
    return {
      shown: { key, value: formatCount(live[count]), label: figure.label, note: `Live count of ${LIVE_COUNT_DESCRIPTIONS[count]}`, live: true },
    };
  }
  if (!figure.value.trim()) return { hidden: "no-value" };
  if (!figure.asOf || !figure.citation.trim()) return { hidden: "unproven" };
  return {
    shown: { key, value: figure.value, label: figure.label, note: `As of ${formatAsOf(figure.asOf)} · Source: ${figure.citation.trim()}`, live: false },
  };
}

export type ShownFigures = Partial<Record<StatKey, ShownFigure>>;

/** Every figure a page may quote, by key; the others are absent. */
export function figuresToShow(figures: Record<StatKey, Figure>, live: LiveCounts | null, minimum: number): ShownFigures {
  const shown: ShownFigures = {};
  for (const key of STAT_KEYS) {
    const choice = figureToShow(key, figures[key], live, minimum);
    if (choice.shown) shown[key] = choice.shown;
  }
  return shown;
}

/** The shown figures among `keys`, in that order: a page quotes what is backed and leaves out the rest. */
export function pickFigures(shown: ShownFigures, keys: readonly StatKey[]): ShownFigure[] {
  return keys.flatMap((key) => (shown[key] ? [shown[key]] : []));
}

export type ParsedFigure = { amount: number; kind: "count" | "money" | "percent"; atLeast: boolean };

const SCALE: Record<string, number> = { k: 1e3, m: 1e6, mm: 1e6, b: 1e9, bn: 1e9, t: 1e12 };
const FIGURE = /^(?<currency>[$€£])?\s*(?<digits>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(?<scale>k|mm|m|bn|b|t)?\s*(?<percent>%)?\s*(?<plus>\+)?$/i;

/** "500+", "2,000+", "$2B+", "$2.5M", "98%": the amount a figure claims; null for text that is not one. */
export function parseFigure(text: string): ParsedFigure | null {
  const match = FIGURE.exec(text.trim());
  if (!match?.groups) return null;
  const { currency, digits, scale, percent, plus } = match.groups;
  if (!digits) return null;
  const amount = Number(digits.replaceAll(",", "")) * (scale ? (SCALE[scale.toLowerCase()] ?? 1) : 1);
  if (!Number.isFinite(amount)) return null;
  return { amount, kind: percent ? "percent" : currency ? "money" : "count", atLeast: Boolean(plus) };
}

/** "$5B", "$2.5M", "2,000": an amount written back the short way, for a warning's sentence. */
export function formatAmount(amount: number, kind: ParsedFigure["kind"]): string {
  if (kind === "percent") return `${amount}%`;
  const prefix = kind === "money" ? "$" : "";
  for (const [suffix, size] of [["T", 1e12], ["B", 1e9], ["M", 1e6]] as const) {
    if (Math.abs(amount) >= size) return `${prefix}${Number((amount / size).toFixed(1)).toLocaleString("en-US")}${suffix}`;
  }
  return `${prefix}${Math.round(amount).toLocaleString("en-US")}`;
}

export type FigureWarning = {
  kind: "unproven" | "below-live" | "above-live" | "contradiction";
  /** The figures concerned, for links to their fields. */
  keys: StatKey[];
  message: string;
};

/** Two amounts that should describe the same thing contradict when one is more than this times the other. */
export const CONTRADICTION_FACTOR = 1.5;

/**
 * What the admin dashboard warns about in the figures:
 * - a set figure with a value but no date or no source: the pages leave it out until it has both,
 * - a set count below its live count (the site undersells itself: the count could be live),
 * - a set count above its live count (the site claims more than the database holds),
 * - among the figures the pages show, two that cannot both be true: active clients times their average
 *   wealth against the assets matched (2,000+ clients at $2.5M average is $5B, not $2B+), and a
 *   percentage above 100.
 */
export function figureWarnings(figures: Record<StatKey, Figure>, live: LiveCounts, minimum: number): FigureWarning[] {
  const warnings: FigureWarning[] = [];
  for (const key of STAT_KEYS) {
    const figure = figures[key];
    if (figure.source !== "set" || !figure.value.trim()) continue;
    const missing = missingProof(figure);
    if (missing.length) {
      const what = missing.length === 2 ? "a date and a source" : missing[0] === "asOf" ? "the date it was true" : "its source";
      warnings.push({
        kind: "unproven",
        keys: [key],
        message: `"${figure.value} ${figure.label}" is not shown: it needs ${what}. Add ${missing.length === 2 ? "them" : "it"}, or clear the figure.`,
      });
    }
  }
  for (const key of STAT_KEYS) {
    const figure = figures[key];
    const source = LIVE_COUNT_OF[key];
    // A figure without its date or source is warned about above; its amount matters once it has them.
    if (figure.source !== "set" || !source || missingProof(figure).length) continue;
    const claimed = parseFigure(figure.value);
    if (!claimed || claimed.kind !== "count") continue;
    const counted = live[source];
    const quoted = `"${figure.value} ${figure.label}"`;
    if (claimed.amount < counted) {
      warnings.push({
        kind: "below-live",
        keys: [key],
        message: `${quoted} is below the live count: the database has ${formatCount(counted)} ${LIVE_COUNT_DESCRIPTIONS[source]}. Set a higher figure or show the live count.`,
      });
    } else if (claimed.amount > counted) {
      warnings.push({
        kind: "above-live",
        keys: [key],
        message: `${quoted} claims more than the database holds: ${formatCount(counted)} ${LIVE_COUNT_DESCRIPTIONS[source]}.`,
      });
    }
  }

  const shown = figuresToShow(figures, live, minimum);
  const amount = (key: StatKey) => {
    const figure = shown[key];
    return figure ? parseFigure(figure.value) : null;
  };
  const clients = amount("activeClients");
  const average = amount("averageClientAum");
  const assets = amount("assets");
  if (clients?.kind === "count" && average?.kind === "money" && assets?.kind === "money" && assets.amount > 0) {
    const implied = clients.amount * average.amount;
    const ratio = implied / assets.amount;
    if (ratio > CONTRADICTION_FACTOR || ratio < 1 / CONTRADICTION_FACTOR) {
      const c = shown.activeClients;
      const a = shown.averageClientAum;
      const m = shown.assets;
      warnings.push({
        kind: "contradiction",
        keys: ["activeClients", "averageClientAum", "assets"],
        message: `${c?.value} ${c?.label} at ${a?.value} ${a?.label} makes about ${formatAmount(implied, "money")}, but ${m?.label} says ${m?.value}.`,
      });
    }
  }
  for (const key of STAT_KEYS) {
    const figure = shown[key];
    const parsed = figure ? parseFigure(figure.value) : null;
    if (figure && parsed?.kind === "percent" && parsed.amount > 100) {
      warnings.push({ kind: "contradiction", keys: [key], message: `"${figure.value} ${figure.label}" is more than 100%.` });
    }
  }
  return warnings;
}
