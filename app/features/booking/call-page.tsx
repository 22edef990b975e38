import { Form, Link } from "react-router";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { Button, buttonClass } from "~/platform/ui/button";
import { FormAlert, boxClass } from "~/platform/ui/field";
import { useMemo } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { TimeZoneSelect, browserTimeZone } from "~/platform/ui/time-zone-select";
import type { TimeZoneChoices } from "~/domain/time-zones";
import { Icon } from "~/platform/ui/icons";
import { callWhen, groupByDay, type SlotDay } from "./call-format";

const card = "rounded-card border border-ink-100 bg-white";

/**
 * The client's zone, on the page of the slots: a GET form (it changes what is shown, nothing stored), so
 * it works the same without JavaScript. The select starts at the zone the times are shown in.
 */
export function TimeZonePicker({ zones, current, id = "tz" }: { zones: TimeZoneChoices; current: string; id?: string }) {
  return (
    <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-800">
          Your time zone
        </label>
        <TimeZoneSelect key={current} id={id} name="tz" required choices={zones} current={current} />
      </div>
      <Button type="submit" variant="secondary" className="sm:min-w-36">
        Show times
      </Button>
    </Form>
  );
}

/** The free times grouped by day, as plain radio buttons; the first days open, the others a tap away (no script needed). */
function SlotPicker({ days, chosen }: { days: SlotDay[]; chosen?: string }) {
  return (
    <div className="divide-y divide-ink-100 rounded-md border border-ink-100">
      {days.map((day, i) => (
        <details key={day.key} open={i < 3 || day.slots.some((s) => s.value === chosen)} className="group px-4 py-3">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 text-sm font-semibold text-ink-900 [&::-webkit-details-marker]:hidden">
            <span>{day.label}</span>
            <span className="flex shrink-0 items-center gap-2 whitespace-nowrap font-normal text-slate-600">
              {day.slots.length} {day.slots.length === 1 ? "time" : "times"}
              <Icon name="arrow" className="h-4 w-4 rotate-90 transition-transform group-open:-rotate-90" />
            </span>
          </summary>
          <fieldset className="mt-3 min-w-0">
            <legend className="sr-only">{day.label}</legend>
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
              {day.slots.map((s) => (
                <label
                  key={s.value}
                  className="inline-flex cursor-pointer items-center justify-center gap-2 rounded-md border border-ink-200 bg-white px-2 py-2 text-sm font-medium tabular-nums text-ink-900 hover:border-ink-400 has-[:checked]:border-ink-900 has-[:checked]:bg-ivory-100"
                >
                  <input type="radio" name="slot" value={s.value} required defaultChecked={s.value === chosen} className={boxClass + " mt-0"} />
                  {s.time}
                </label>
              ))}
            </div>
          </fieldset>
        </details>
      ))}
    </div>
  );
}

export type CallPageData = {
  side: "client" | "professional";
  introductionId: number;
  otherName: string;
  timeZone: string | null;
  /** How the client's zone was chosen (null for the professional, whose zone is their hours'). */
  zoneChosen: "link" | "saved" | "none" | null;
  /** The zone select's choices (the client's side only). */
  zones: TimeZoneChoices | null;
  hoursSet: boolean;
  kinds: { value: string; label: string }[];
  booking: { startsAt: string; endsAt: string; kind: string; kindLabel: string; location: string } | null;
  days: SlotDay[];
};

export function CallPage({ page, error }: { page: CallPageData; error?: { error: string; kind?: string; slot?: string } }) {
  const booking = useIsPendingHere({ formData: { intent: "book" } });
  const moving = useIsPendingHere({ formData: { intent: "reschedule" } });
  const cancelling = useIsPendingHere({ formData: { intent: "cancel" } });
  // Where JavaScript runs, a client whose address names no zone reads the times in the browser's zone at once:
  // the slots are instants, regrouped here. (The first render is the server's, so hydration matches.)
  const hydrated = useHydrated();
  const browserZone = hydrated && page.zones ? browserTimeZone(page.zones) : null;
  const fromBrowser = page.zoneChosen !== "link" ? browserZone : null;
  const timeZone = fromBrowser ?? page.timeZone;
  const days = useMemo(
    () => (timeZone && timeZone !== page.timeZone ? groupByDay(page.days.flatMap((d) => d.slots.map((s) => s.value)), timeZone) : page.days),
    [timeZone, page.timeZone, page.days],
  );
  const zoneLabel = timeZone?.replace(/_/g, " ");
  const zoneWhy = fromBrowser ? "your browser's time zone" : page.zoneChosen === "saved" ? "your saved time zone" : page.zoneChosen === "none" ? "choose yours below" : "your time zone";
  const home = page.side === "client" ? "/client-welcome" : "/professional-dashboard";
  const noSlots = (
    <p className="text-sm leading-relaxed text-slate-600">
      {page.hoursSet
        ? "There is no free time in the next 21 days. Please look again later."
        : page.side === "client"
          ? `${page.otherName} has not set their hours for calls yet. Please look again later.`
          : "Set your weekly hours first."}
    </p>
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-6 py-10 sm:py-14">
      {error ? <FormAlert title="Not done">{error.error}</FormAlert> : null}

      {page.booking ? (
        <section aria-labelledby="booked-heading" className={`${card} p-6 sm:p-8`}>
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">Booked</p>
          <h2 id="booked-heading" className="mt-2 font-serif text-2xl font-semibold text-ink-900">
            {timeZone ? callWhen(page.booking.startsAt, page.booking.endsAt, timeZone) : page.booking.startsAt}
          </h2>
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">How</dt>
              <dd className="font-medium text-ink-900">{page.booking.kindLabel}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Where</dt>
              <dd className="font-medium text-ink-900 [overflow-wrap:anywhere]">{page.booking.location}</dd>
            </div>
          </dl>
          <Form method="post" className="mt-6 border-t border-ink-100 pt-6">
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="secondary" disabled={cancelling}>
              {cancelling ? "Cancelling..." : "Cancel the call"}
            </Button>
          </Form>
        </section>
      ) : null}

      {timeZone && (page.booking || page.side === "client") ? (
        <section aria-labelledby="pick-heading" className={`${card} p-6 sm:p-8`}>
          <h2 id="pick-heading" className="text-xl font-semibold">
            {page.booking ? "Move the call to another time" : "Choose a time"}
          </h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="times-zone">
            Times in {zoneLabel}
            {page.side === "client" ? ` (${zoneWhy})` : " (the time zone of your hours)"}.
          </p>
          {page.zones ? (
            <div className="mt-4 rounded-md bg-ivory-50 p-4">
              <TimeZonePicker zones={page.zones} current={timeZone} />
            </div>
          ) : null}
          {days.length === 0 ? (
            <div className="mt-5">{noSlots}</div>
          ) : (
            <Form method="post" className="mt-5 space-y-6">
              <input type="hidden" name="intent" value={page.booking ? "reschedule" : "book"} />
              {page.side === "client" && !page.booking ? <input type="hidden" name="timeZone" value={timeZone} /> : null}
              {!page.booking ? (
                <fieldset>
                  <legend className="mb-2 text-sm font-semibold text-ink-900">How would you like to meet?</legend>
                  <div className="flex flex-wrap gap-x-6 gap-y-2">
                    {page.kinds.map((k, i) => (
                      <label key={k.value} className="inline-flex cursor-pointer items-center gap-2 text-sm text-ink-900">
                        <input type="radio" name="kind" value={k.value} required defaultChecked={error?.kind ? error.kind === k.value : i === 0} className={boxClass + " mt-0"} />
                        {k.label}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : null}
              <SlotPicker days={days} chosen={error?.slot} />
              <div>
                <Button type="submit" className="w-full sm:w-auto sm:min-w-48" disabled={booking || moving}>
                  {booking || moving ? "Saving..." : page.booking ? "Move the call" : "Book this time"}
                </Button>
              </div>
            </Form>
          )}
        </section>
      ) : null}

      {page.side === "professional" && !page.booking ? (
        <section className={`${card} p-6 sm:p-8`}>
          <h2 className="text-xl font-semibold">No call booked yet</h2>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">
            {page.otherName} can book a first call in your weekly hours. You will both receive an email with a calendar invitation.
          </p>
          <Link to="/professional-dashboard/availability" className={buttonClass("secondary", "mt-5")}>
            {page.hoursSet ? "Change your hours" : "Set your hours"}
          </Link>
        </section>
      ) : null}

      <p>
        <Link to={home} className="text-sm font-medium text-slate-600 underline decoration-ink-200 underline-offset-4 hover:text-ink-900">
          Back to your home page
        </Link>
      </p>
    </div>
  );
}
