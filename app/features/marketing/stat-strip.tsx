import { pickFigures, type ShownFigure } from "~/domain/marketing-figures";

export { pickFigures };

/**
 * The grid for `n` figures: two a row on phones, up to four on desktop. The cells share one background
 * (the 1px gaps are the rules between them), so a row is never left with an empty cell: the last figure
 * spans what its row has left.
 */
function layout(n: number, i: number): { list: string; item: string } {
  // One or two figures keep a figure's width rather than stretching across the page.
  if (n === 1) return { list: "grid-cols-1 sm:max-w-xs", item: "" };
  if (n === 3) return { list: "grid-cols-1 sm:grid-cols-3", item: "" };
  const last = i === n - 1;
  const phone = last && n % 2 === 1 ? "col-span-2" : "";
  const leftOnDesktop = n % 4;
  const desktop = last && n > 4 && leftOnDesktop ? ({ 1: "lg:col-span-4", 2: "lg:col-span-3", 3: "lg:col-span-2" } as const)[leftOnDesktop] : "";
  return { list: n === 2 ? "grid-cols-2 sm:max-w-xl" : "grid-cols-2 lg:grid-cols-4", item: `${phone} ${desktop}`.trim() };
}

/**
 * Figures as a definition list: the label is the term, described by the figure (rendered first) and by what
 * makes it checkable, under the label: what the live count counts, or the date and source of a set value.
 * Each figure sits alone in its element so it can be found by its exact text. No figures, no strip.
 */
export function StatStrip({ stats, tone = "light", label }: { stats: readonly ShownFigure[]; tone?: "light" | "dark"; label: string }) {
  if (!stats.length) return null;
  const dark = tone === "dark";
  return (
    <dl
      aria-label={label}
      className={`grid gap-px overflow-hidden rounded-card border ${layout(stats.length, 0).list} ${
        dark ? "border-ivory-50/10 bg-ivory-50/10" : "border-ink-100 bg-ink-100"
      }`}
    >
      {stats.map((stat, i) => (
        <div
          key={stat.key}
          data-figure={stat.key}
          data-figure-kind={stat.live ? "live" : "set"}
          className={`flex flex-col gap-2 px-5 py-7 sm:px-8 sm:py-9 ${layout(stats.length, i).item} ${dark ? "bg-ink-950" : "bg-white"}`}
        >
          <dt className={`text-sm leading-snug ${dark ? "text-ink-100" : "text-ink-800"}`}>{stat.label}</dt>
          <dd
            data-figure-value
            className={`order-first font-serif text-3xl font-semibold tracking-tight sm:text-[2.5rem] ${dark ? "text-ivory-50" : "text-ink-900"}`}
          >
            {stat.value}
          </dd>
          <dd data-figure-note className={`text-xs leading-relaxed ${dark ? "text-ink-300" : "text-slate-600"}`}>
            {stat.note}
          </dd>
        </div>
      ))}
    </dl>
  );
}
