/**
 * The marketing figures the public pages quote ("500+ Vetted Professionals"): each is either a value an
 * admin set (with the date it was true) or a count the database keeps. Pure: the choice of what a page
 * shows and the warnings the admin dashboard gives are decided here and tested on their own.
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
  value: string;
  label: string;
  /** `set`: the admin's value; `live`: the database's count (LIVE_COUNT_OF), `value` kept for when it goes back. */
  source: FigureSource;
  /** The day the set value was true ("2026-11-24"); null for the seeded defaults, which nobody confirmed. */
  asOf: string | null;
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

/** What each live count counts, as the admin reads it beside the choice. */
export const LIVE_COUNT_DESCRIPTIONS: Record<LiveCount, string> = {
  verifiedProfessionals: "verified professionals in the directory",
  acceptedIntroductions: "introductions professionals accepted",
  matchedClients: "clients whose shortlist was released",
};

export function canBeLive(key: StatKey): boolean {
  return LIVE_COUNT_OF[key] !== undefined;
}

/** "1,234": a live count as the pages show it, exact (no "+": it is not a floor). */
export function formatCount(n: number): string {
  return Math.max(0, Math.trunc(n)).toLocaleString("en-US");
}

/** The figure a page shows: the live count when chosen and known, else the set value. */
export function shownValue(key: StatKey, figure: Figure, live: LiveCounts | null): string {
  const source = LIVE_COUNT_OF[key];
  if (figure.source !== "live" || !source || !live) return figure.value;
  return formatCount(live[source]);
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
  kind: "below-live" | "above-live" | "contradiction";
  /** The figures concerned, for links to their fields. */
  keys: StatKey[];
  message: string;
};

/** Two amounts that should describe the same thing contradict when one is more than this times the other. */
export const CONTRADICTION_FACTOR = 1.5;

/**
 * What the admin dashboard warns about in the figures the site shows now:
 * - a set figure below its live count (the site undersells itself: the count could be live),
 * - a set figure above its live count (the site claims more than the database holds),
 * - two figures that cannot both be true: active clients times their average wealth against the assets
 *   matched (2,000+ clients at $2.5M average is $5B, not $2B+), and a percentage above 100.
 */
export function figureWarnings(figures: Record<StatKey, Figure>, live: LiveCounts): FigureWarning[] {
  const warnings: FigureWarning[] = [];
  for (const key of STAT_KEYS) {
    const figure = figures[key];
    const source = LIVE_COUNT_OF[key];
    if (figure.source !== "set" || !source) continue;
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

  const shown = (key: StatKey) => parseFigure(shownValue(key, figures[key], live));
  const clients = shown("activeClients");
  const average = shown("averageClientAum");
  const assets = shown("assets");
  if (clients?.kind === "count" && average?.kind === "money" && assets?.kind === "money" && assets.amount > 0) {
    const implied = clients.amount * average.amount;
    const ratio = implied / assets.amount;
    if (ratio > CONTRADICTION_FACTOR || ratio < 1 / CONTRADICTION_FACTOR) {
      const c = figures.activeClients;
      const a = figures.averageClientAum;
      const m = figures.assets;
      warnings.push({
        kind: "contradiction",
        keys: ["activeClients", "averageClientAum", "assets"],
        message: `${shownValue("activeClients", c, live)} ${c.label} at ${a.value} ${a.label} makes about ${formatAmount(implied, "money")}, but ${m.label} says ${m.value}.`,
      });
    }
  }
  for (const key of STAT_KEYS) {
    const parsed = parseFigure(figures[key].value);
    if (figures[key].source === "set" && parsed?.kind === "percent" && parsed.amount > 100) {
      warnings.push({ kind: "contradiction", keys: [key], message: `"${figures[key].value} ${figures[key].label}" is more than 100%.` });
    }
  }
  return warnings;
}
