import { Link } from "react-router";
import type { FigureWarning } from "~/domain/marketing-figures";

/**
 * The admin dashboard's note on the marketing figures: a set figure below or above its live count, or
 * two figures that cannot both be true. Nothing when they agree.
 */
export function FigureWarnings({ warnings }: { warnings: FigureWarning[] }) {
  if (!warnings.length) return null;
  return (
    <section
      aria-labelledby="figure-warnings-heading"
      data-testid="figure-warnings"
      className="mt-6 rounded-card border border-warning-700/25 bg-warning-50 px-5 py-4 text-sm text-ink-900"
    >
      <h2 id="figure-warnings-heading" className="font-sans text-sm font-semibold text-warning-700">
        The public figures need a look
      </h2>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 marker:text-warning-700">
        {warnings.map((w) => (
          <li key={`${w.kind}:${w.keys.join(",")}`} data-kind={w.kind}>
            {w.message}
          </li>
        ))}
      </ul>
      <Link
        to={`/admin/settings#figure-${warnings[0]?.keys[0] ?? "vettedProfessionals"}`}
        className="mt-3 inline-block font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900"
      >
        Review the marketing figures
      </Link>
    </section>
  );
}
