import type { Route } from "./+types/professional-dashboard.availability";
import { seo } from "~/platform/seo";
import { DashboardPageHero } from "~/features/professional-home/dashboard-page-hero";
import { availabilityAction, availabilityLoader } from "~/features/booking/booking.server";
import { AvailabilityForm } from "~/features/booking/availability-form";

export const loader = ({ request }: Route.LoaderArgs) => availabilityLoader(request);
export const action = ({ request }: Route.ActionArgs) => availabilityAction(request);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Availability for First Calls",
    description: "The weekly hours, time zone and ways to meet in which clients can book a first call with you.",
    path: "/professional-dashboard/availability",
  }),
  { name: "robots", content: "noindex" },
];

export default function Availability({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <DashboardPageHero title="Availability for First Calls">
        When a client&apos;s introduction is accepted, they can book a first call with you in these hours over the next
        21 days, at least 12 hours ahead. You both receive a calendar invitation.
      </DashboardPageHero>
      <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10 sm:py-14 lg:grid-cols-12">
        <div className="lg:col-span-8">
          <AvailabilityForm zones={loaderData.zones} defaults={loaderData.defaults} lastResult={actionData} />
        </div>
        <aside className="lg:col-span-4">
          <div className="rounded-card border border-ink-100 bg-white p-6 text-sm leading-relaxed text-slate-600 lg:sticky lg:top-24">
            <p className="font-serif text-lg font-semibold text-ink-900">{loaderData.saved ? "Your hours are live" : "Not bookable yet"}</p>
            <p className="mt-2">
              {loaderData.saved
                ? "Changes apply to new bookings. Calls already booked keep their time; you can move or cancel them from each call's page."
                : "Until you save your hours, clients cannot book a call with you."}
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
