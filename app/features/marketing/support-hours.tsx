import type { SiteSettings } from "~/platform/settings";
import { Icon } from "~/platform/ui/icons";

/** "Monday - Friday: 9:00 AM - 6:00 PM EST" shown as day and hours; a line without a colon stays whole. */
function split(line: string) {
  const at = line.indexOf(": ");
  return at === -1 ? { day: line, hours: "" } : { day: line.slice(0, at), hours: line.slice(at + 2) };
}

export function SupportHours({ hours }: { hours: SiteSettings["supportHours"] }) {
  const rows = [hours.weekdays, hours.saturday, hours.sunday].map(split);
  return (
    <div className="rounded-card border border-ink-100 bg-white p-6 sm:p-8">
      <div className="flex items-center gap-3">
        <Icon name="clock" className="h-5 w-5 text-gold-700" />
        <h2 className="font-sans text-xs font-semibold uppercase tracking-[0.14em] text-slate-600">Support hours</h2>
      </div>
      <dl className="mt-5 divide-y divide-ink-100 text-[0.9375rem]">
        {rows.map((row) => (
          <div key={row.day} className="flex flex-wrap justify-between gap-x-6 gap-y-1 py-3 first:pt-0 last:pb-0">
            <dt className="font-medium text-ink-900">{row.day}</dt>
            <dd className="text-slate-600">{row.hours}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-5 border-t border-ink-100 pt-5 text-sm leading-relaxed text-slate-600">
        We reply within 24 hours, including to messages sent outside these hours.
      </p>
    </div>
  );
}
