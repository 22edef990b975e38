import { Link } from "react-router";
import { AdminIcon, type AdminIconName } from "~/features/admin/shell/admin-icons";

/** One dashboard figure: a total, a breakdown in words, and the way to its section. */
export function StatCard({
  label,
  total,
  breakdown,
  icon,
  to,
  linkLabel,
}: {
  label: string;
  total: number;
  breakdown: { label: string; value: number; emphasis?: boolean }[];
  icon: AdminIconName;
  to: string;
  linkLabel: string;
}) {
  const id = `stat-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="flex flex-col rounded-card border border-ink-100 bg-white">
      <div className="flex items-start justify-between gap-3 px-5 pt-5">
        <h2 id={id} className="font-sans text-sm font-medium tracking-normal text-slate-600">
          {label}
        </h2>
        <span className="flex h-8 w-8 items-center justify-center rounded-md bg-ivory-100 text-ink-700">
          <AdminIcon name={icon} className="h-4 w-4" />
        </span>
      </div>
      <p className="px-5 pt-1 font-serif text-4xl font-semibold tabular-nums text-ink-900" data-testid={`${id}-total`}>
        {total.toLocaleString("en-US")}
      </p>
      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 px-5 text-sm">
        {breakdown.map((b) => (
          <div key={b.label} className="flex items-baseline gap-1.5">
            <dt className="text-slate-600">{b.label}</dt>
            <dd className={`tabular-nums ${b.emphasis && b.value > 0 ? "font-semibold text-gold-700" : "font-medium text-ink-900"}`}>
              {b.value.toLocaleString("en-US")}
            </dd>
          </div>
        ))}
      </dl>
      <Link
        to={to}
        className="mt-5 flex items-center justify-between border-t border-ink-100 px-5 py-3 text-sm font-medium text-ink-800 hover:bg-ivory-50 hover:text-ink-900"
      >
        {linkLabel}
        <AdminIcon name="arrow" className="h-4 w-4" />
      </Link>
    </section>
  );
}
