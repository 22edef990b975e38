import { Link } from "react-router";
import { buttonClass } from "~/platform/ui/button";
import { Icon } from "~/platform/ui/icons";
import { KIND_LABELS, callDay, callTime } from "./call-format";
import type { UpcomingCall } from "./booking.data.server";

/** The viewer's booked first calls still ahead, in their own time zone, each linking to its page. */
export function UpcomingCalls({
  calls,
  timeZone,
  availabilityLink = false,
}: {
  calls: UpcomingCall[];
  timeZone: string | null;
  /** The professional's way to their weekly hours. */
  availabilityLink?: boolean;
}) {
  if (!calls.length && !availabilityLink) return null;
  const zone = timeZone ?? "UTC";
  return (
    <section id="calls" aria-labelledby="calls-heading" className="rounded-card border border-ink-100 bg-white">
      <div className="flex flex-col gap-3 border-b border-ink-100 px-5 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <div>
          <h2 id="calls-heading" className="text-xl font-semibold">
            Upcoming calls
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {timeZone || calls.length ? `Times in ${zone.replace(/_/g, " ")}.` : "Set your weekly hours so clients can book a first call with you."}
          </p>
        </div>
        {availabilityLink ? (
          <Link to="/professional-dashboard/availability" className={buttonClass("secondary", "shrink-0")}>
            Availability for calls
          </Link>
        ) : null}
      </div>
      {calls.length ? (
        <ul className="divide-y divide-ink-100">
          {calls.map((c) => (
            <li key={c.bookingId} className="flex flex-col gap-3 px-5 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-8">
              <div className="min-w-0">
                <p className="font-semibold text-ink-900">
                  {callDay(c.startsAt, zone)}, {callTime(c.startsAt, zone)}–{callTime(c.endsAt, zone)}
                </p>
                <p className="mt-0.5 text-sm text-slate-600 [overflow-wrap:anywhere]">
                  {KIND_LABELS[c.kind]} with {c.withName}
                </p>
              </div>
              <Link
                to={`/introductions/${c.introductionId}/call`}
                className="inline-flex shrink-0 items-center gap-2 text-sm font-semibold text-ink-900 underline decoration-ink-200 underline-offset-4 hover:decoration-gold-500"
              >
                See the call
                <Icon name="arrow" className="h-4 w-4" />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="px-5 py-5 text-sm text-slate-600 sm:px-8">No call booked yet. Clients whose introduction you accepted book in your weekly hours.</p>
      )}
    </section>
  );
}
