import type { Route } from "./+types/calls";
import { seo } from "~/platform/seo";
import { callsLoader } from "~/features/members/member-pages.server";
import { UpcomingCalls } from "~/features/booking/upcoming-calls";
import { Empty, MemberPageHead } from "~/features/members/member-page";

export const loader = ({ request }: Route.LoaderArgs) => callsLoader(request);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Calls", description: "Your booked first calls on WealthMatch.", path: "/calls" }),
  { name: "robots", content: "noindex" },
];

export default function Calls({ loaderData }: Route.ComponentProps) {
  const { asClient, asProfessional } = loaderData;
  const none = asClient.calls.length === 0 && !asProfessional;
  return (
    <>
      <MemberPageHead eyebrow="Your calls" title="Calls">
        Your booked first calls still ahead, soonest first. Open one to move or cancel it.
      </MemberPageHead>
      <div className="mx-auto max-w-6xl space-y-10 px-6 py-10 sm:py-14">
        {asProfessional ? <UpcomingCalls calls={asProfessional.calls} timeZone={asProfessional.timeZone} availabilityLink /> : null}
        {asClient.calls.length > 0 ? <UpcomingCalls calls={asClient.calls} timeZone={asClient.timeZone} /> : null}
        {none ? <Empty>No call booked yet. Once a professional accepts your introduction, you can book a first call on its page.</Empty> : null}
      </div>
    </>
  );
}
