import type { EndedIntroduction } from "./departures.data.server";

const dateText = (iso: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));

/** On the client's page: introductions that ended because the professional deleted their account. */
export function EndedIntroductions({ ended }: { ended: readonly EndedIntroduction[] }) {
  if (ended.length === 0) return null;
  return (
    <div className="mb-6 space-y-3" data-testid="ended-introductions">
      {ended.map((intro) => (
        <p key={intro.id} role="status" className="rounded-card border border-gold-300/70 bg-ivory-50 p-5 text-[0.9375rem] leading-relaxed text-ink-900">
          <span className="font-semibold">An introduction has ended.</span> A professional you asked to meet deleted their
          WealthMatch account on {dateText(intro.endedAt)}, so they are no longer on your shortlist and any call you booked
          with them is cancelled. We emailed you at the time.
        </p>
      ))}
    </div>
  );
}
