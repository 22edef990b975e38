import { useEffect, useRef, type SelectHTMLAttributes } from "react";
import type { TimeZoneChoices } from "~/domain/time-zones";
import { SelectOptions, inputClass } from "./field";

/**
 * The browser's zone under the name the select offers: browsers report ICU's names, many of them retired
 * ("Asia/Calcutta"), which the loader's `aliases` turn into the current one ("Asia/Kolkata").
 */
export function browserTimeZone(choices: Pick<TimeZoneChoices, "aliases">): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? (choices.aliases[zone] ?? zone) : null;
}

/**
 * A time-zone select: UTC, then the current zones by region (`<optgroup>`), from the loader. With no zone
 * saved yet, JavaScript chooses the browser's; without it the person picks from the list.
 */
export function TimeZoneSelect({
  choices,
  current,
  placeholder = "Choose your time zone",
  className = inputClass,
  ...select
}: {
  choices: TimeZoneChoices;
  current: string | null;
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "defaultValue" | "value" | "children">) {
  const ref = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || current || el.value) return;
    const browser = browserTimeZone(choices);
    if (browser && [...el.options].some((o) => o.value === browser)) el.value = browser;
  }, [current, choices]);
  return (
    <select ref={ref} defaultValue={current ?? ""} className={className} {...select}>
      <option value="">{placeholder}</option>
      <SelectOptions groups={choices.groups} />
    </select>
  );
}
