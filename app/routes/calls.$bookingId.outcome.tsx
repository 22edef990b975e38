import { Link } from "react-router";
import type { Route } from "./+types/calls.$bookingId.outcome";
import { outcomeAction, outcomeLoader } from "~/features/outcomes/outcome.server";
import { OutcomeForm } from "~/features/outcomes/outcome-form";
import { callTime } from "~/features/outcomes/call-time";
import { OUTCOME_MESSAGES } from "~/features/outcomes/outcome-schema";
import { Icon } from "~/platform/ui/icons";

export const loader = (args: Route.LoaderArgs) => outcomeLoader(args);
export const action = (args: Route.ActionArgs) => outcomeAction(args);

export const meta: Route.MetaFunction = () => [{ title: "Your First Call | WealthMatch" }, { name: "robots", content: "noindex" }];

export default function CallOutcome({ loaderData, actionData }: Route.ComponentProps) {
  const { call } = loaderData;
  const home = call.side === "client" ? "/client-welcome" : "/professional-dashboard";
  return (
    <>
      <section className="border-b border-ink-100 bg-ivory-50">
        <div className="mx-auto max-w-6xl px-6 pb-8 pt-8 sm:pb-10 sm:pt-12">
          <Link to={home} className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-ink-900">
            <Icon name="arrow" className="h-4 w-4 rotate-180" />
            {call.side === "client" ? "Welcome" : "Dashboard"}
          </Link>
          <h1 className="mt-4 text-3xl font-semibold leading-tight sm:text-5xl">Your first call</h1>
          <p className="mt-3 max-w-2xl leading-relaxed text-slate-600 sm:text-lg">
            With <span className="font-medium text-ink-900">{call.otherName}</span>, {callTime(call.startsAt, call.timeZone)}.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-6 py-10 sm:py-14">
        {call.ended ? (
          <>
            {call.held !== null ? (
              <p className="mb-5 text-sm text-slate-600" data-testid="outcome-answered">
                You answered already; you can change your answers below.
              </p>
            ) : null}
            <OutcomeForm answers={call} otherName={call.otherName} lastResult={actionData?.result} />
          </>
        ) : (
          <p className="rounded-card border border-ink-100 bg-white px-6 py-8 text-center text-slate-600">{OUTCOME_MESSAGES.tooEarly}</p>
        )}
      </div>
    </>
  );
}
