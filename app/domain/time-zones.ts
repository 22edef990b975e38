import { rawTimeZones } from "@vvo/tzdb";
import { isTimeZone } from "./slots";

/**
 * Time zones under their current IANA names (docs/decisions/056). Browsers and Node return the names
 * ICU keeps, many of them retired by IANA years ago ("Asia/Calcutta", "Europe/Kiev", "Asia/Saigon",
 * "Africa/Asmera"): those are the links of tzdata's `backward` file. The zone data is @vvo/tzdb's,
 * compiled from each IANA release: one entry per country and clock, named after its most populated
 * current zone, with every name (current or retired) that shows the same time.
 *
 * Every zone that comes in (a form, the browser's zone, a stored value when read) goes through
 * `currentTimeZone`; the selects offer only `timeZoneChoices()`. Pure: runs on the server and in tests;
 * the browser gets the choices (and the few aliases it may meet) from a loader, not this data.
 */

const UTC = "UTC";

/** The names of UTC itself (tzdata's `etcetera` and `backward`): shown and stored as "UTC". */
const UTC_NAMES = ["UTC", "Etc/UTC", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu", "GMT", "Etc/GMT", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0", "GMT0", "GMT+0", "GMT-0", "Etc/Greenwich", "Greenwich"];

/** The regions the choices are grouped in, after the first part of the zone's name. */
const REGIONS: Record<string, string> = {
  Africa: "Africa",
  America: "Americas",
  Antarctica: "Antarctica",
  Arctic: "Arctic",
  Asia: "Asia",
  Atlantic: "Atlantic Ocean",
  Australia: "Australia",
  Europe: "Europe",
  Indian: "Indian Ocean",
  Pacific: "Pacific Ocean",
};

export type TimeZoneOption = { value: string; label: string };
export type TimeZoneGroup = { label: string; options: TimeZoneOption[] };
/** What a zone select needs: the options by region, and the retired names a browser may report, each to its option. */
export type TimeZoneChoices = { groups: TimeZoneGroup[]; aliases: Record<string, string> };

type Index = { byName: Map<string, string>; groups: TimeZoneGroup[] };
let built: Index | null = null;

const cityOf = (zone: string) => (zone.split("/").at(-1) ?? zone).replace(/_/g, " ");

function index(): Index {
  if (built) return built;
  // Entries whose current name this runtime's Intl does not know yet are left out (a zone newer than its ICU).
  const entries = rawTimeZones.filter((z) => isTimeZone(z.name));
  const byName = new Map<string, string>();
  for (const name of UTC_NAMES) byName.set(name.toLowerCase(), UTC);
  for (const entry of entries) {
    for (const name of entry.group) if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), entry.name);
    byName.set(entry.name.toLowerCase(), entry.name);
  }
  const perCountry = new Map<string, number>();
  for (const entry of entries) perCountry.set(entry.countryName, (perCountry.get(entry.countryName) ?? 0) + 1);
  const byRegion = new Map<string, TimeZoneOption[]>();
  for (const entry of entries) {
    const region = REGIONS[entry.name.split("/")[0] ?? ""] ?? "Other";
    // "India, Kolkata" (or "Singapore", named after its country); a country with several clocks says which: "United States, New York (Eastern Time)".
    const several = (perCountry.get(entry.countryName) ?? 0) > 1;
    const city = cityOf(entry.name) === entry.countryName ? "" : cityOf(entry.name);
    const label = `${[entry.countryName, city].filter(Boolean).join(", ")}${several ? ` (${entry.alternativeName})` : ""}`;
    const list = byRegion.get(region) ?? [];
    list.push({ value: entry.name, label });
    byRegion.set(region, list);
  }
  const groups = [...byRegion.entries()]
    .sort(([a], [b]) => a.localeCompare(b, "en"))
    .map(([label, options]) => ({ label, options: options.sort((a, b) => a.label.localeCompare(b.label, "en")) }));
  built = { byName, groups };
  return built;
}

/**
 * The current name of a zone: a retired alias ("Asia/Calcutta") becomes the name people know now
 * ("Asia/Kolkata"), a zone that shares its country's clock becomes that entry's name, the names of UTC
 * become "UTC". A name the data does not know but Intl does (a fixed offset like "Etc/GMT-3", a zone
 * newer than the data) is kept as it is; empty or unknown gives null.
 */
export function currentTimeZone(name: string | null | undefined): string | null {
  const trimmed = name?.trim();
  if (!trimmed || trimmed.length > 64) return null;
  const mapped = index().byName.get(trimmed.toLowerCase());
  if (mapped) return mapped;
  return isTimeZone(trimmed) ? trimmed : null;
}

/**
 * The zone selects' choices: UTC first, then the current zones by region. `aliases` maps every other
 * name this runtime's Intl reports (what a browser's `resolvedOptions().timeZone` says) to its option,
 * so the page can preselect the browser's zone without this module's data.
 */
export function timeZoneChoices(): TimeZoneChoices {
  const { groups } = index();
  const offered = new Set([UTC, ...groups.flatMap((g) => g.options.map((o) => o.value))]);
  const aliases: Record<string, string> = {};
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  for (const name of [...known, ...UTC_NAMES]) {
    const current = currentTimeZone(name);
    if (current && current !== name && offered.has(current)) aliases[name] = current;
  }
  return { groups: [{ label: "Universal", options: [{ value: UTC, label: "UTC (Coordinated Universal Time)" }] }, ...groups], aliases };
}
