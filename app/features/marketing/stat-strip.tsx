export type Stat = { value: string; label: string };

/**
 * Figures as a definition list: the label is the term, the figure its description, shown figure first.
 * Each figure sits alone in its element so it can be found by its exact text.
 */
export function StatStrip({ stats, tone = "light", label }: { stats: readonly Stat[]; tone?: "light" | "dark"; label: string }) {
  const dark = tone === "dark";
  return (
    <dl
      aria-label={label}
      className={`grid grid-cols-2 gap-px overflow-hidden rounded-card border lg:grid-cols-4 ${
        dark ? "border-ivory-50/10 bg-ivory-50/10" : "border-ink-100 bg-ink-100"
      }`}
    >
      {stats.map((stat) => (
        <div
          key={stat.label}
          className={`flex flex-col-reverse justify-end gap-2 px-5 py-7 sm:px-8 sm:py-9 ${dark ? "bg-ink-950" : "bg-white"}`}
        >
          <dt className={`text-sm leading-snug ${dark ? "text-ink-200" : "text-slate-600"}`}>{stat.label}</dt>
          <dd className={`font-serif text-3xl font-semibold tracking-tight sm:text-[2.5rem] ${dark ? "text-ivory-50" : "text-ink-900"}`}>
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type MarketingStats = Record<string, Stat>;

/** The chosen figures of the second set, in the order a page wants to quote them. */
export function pickStats<T extends MarketingStats>(stats: T, keys: readonly (keyof T)[]): Stat[] {
  return keys.map((key) => stats[key] as Stat);
}
