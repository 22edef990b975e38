import { Link } from "react-router";
import type { PendingOutcome } from "./outcomes.data.server";

const DAY = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });

/** On both home pages: each ended call this person has not yet said anything about, linking to its two questions. */
export function PendingOutcomes({ items }: { items: PendingOutcome[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="call-outcomes" className="rounded-card border border-gold-400/60 bg-ivory-50 p-5 sm:p-6" data-testid="pending-outcomes">
      <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">Your first call</p>
      <h2 id="call-outcomes" className="mt-2 text-xl font-semibold">
        Did the call take place?
      </h2>
      <p className="mt-1 text-sm text-slate-600">Two quick answers tell us whether our matching works. Only our team sees them.</p>
      <ul className="mt-4 divide-y divide-ink-100 rounded-md border border-ink-100 bg-white">
        {items.map((item) => (
          <li key={item.bookingId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <span className="min-w-0 text-sm text-ink-900 [overflow-wrap:anywhere]">
              Your call with <span className="font-medium">{item.otherName}</span>
              <span className="text-slate-600"> · {DAY.format(new Date(item.startsAt))}</span>
            </span>
            <Link
              to={`/calls/${item.bookingId}/outcome`}
              className="text-sm font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900"
            >
              Answer two questions<span className="sr-only"> about your call with {item.otherName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
