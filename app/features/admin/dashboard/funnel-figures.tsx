import type { Funnel } from "./funnel.data.server";

const figure = "font-serif text-3xl font-semibold tabular-nums text-ink-900";

const hours = (h: number | null) => (h === null ? "—" : h >= 48 ? `${(Math.round((h / 24) * 10) / 10).toLocaleString("en-US")} days` : `${h.toLocaleString("en-US")} h`);

const share = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 100)}% of the step before` : null);

/** From a released shortlist to a relationship: how many reach each step and the median time each step takes. */
export function FunnelFigures({ funnel }: { funnel: Funnel }) {
  const m = funnel.medianHours;
  const steps = [
    { key: "released", label: "Shortlists released", n: funnel.released, before: null, wait: null },
    { key: "asked", label: "Introductions asked", n: funnel.asked, before: funnel.released, wait: `Median ${hours(m.releasedToAsked)} after release` },
    { key: "accepted", label: "Accepted", n: funnel.accepted, before: funnel.asked, wait: `Median ${hours(m.askedToAccepted)} after asking` },
    { key: "booked", label: "Calls booked", n: funnel.booked, before: funnel.accepted, wait: `Median ${hours(m.acceptedToBooked)} after acceptance` },
    { key: "held", label: "Calls held", n: funnel.held, before: funnel.booked, wait: `Call a median ${hours(m.bookedToCall)} after booking` },
    { key: "continuing", label: "Continuing together", n: funnel.continuing, before: funnel.held, wait: null },
  ];
  return (
    <section aria-labelledby="funnel-figures" className="mt-4 rounded-card border border-ink-100 bg-white p-5">
      <h2 id="funnel-figures" className="font-sans text-sm font-medium tracking-normal text-slate-600">
        From shortlist to relationship
      </h2>
      <p className="mt-1 text-xs text-slate-600">A call counts as held, and a pair as continuing, once either side says so a day after the call.</p>
      <ol className="mt-4 grid gap-px overflow-hidden rounded-md border border-ink-100 bg-ink-100 sm:grid-cols-3 xl:grid-cols-6">
        {steps.map((s, i) => (
          <li key={s.key} className="bg-white p-4">
            <p className="text-xs font-semibold uppercase tracking-[0.14em] text-gold-700">Step {i + 1}</p>
            <p className="mt-1 text-sm text-slate-600">{s.label}</p>
            <p className={figure} data-testid={`funnel-${s.key}`}>
              {s.n.toLocaleString("en-US")}
            </p>
            {s.before !== null && share(s.n, s.before) ? <p className="text-xs text-slate-600">{share(s.n, s.before)}</p> : null}
            {s.wait ? (
              <p className="mt-1 text-xs text-slate-600" data-testid={`funnel-${s.key}-median`}>
                {s.wait}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
