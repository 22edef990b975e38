import type { Route } from "./+types/professional-dashboard.plan";
import { seo } from "~/platform/seo";
import { DashboardPageHero } from "~/features/professional-home/dashboard-page-hero";
import { planPageAction, planPageLoader } from "~/features/professional-home/plan-page.server";
import { PlanChooser, PlanStatusCard } from "~/features/billing/plan-cards";
import { ArrangedMembership } from "~/features/professional-home/arranged-membership";

export const loader = ({ request }: Route.LoaderArgs) => planPageLoader(request);
export const action = ({ request }: Route.ActionArgs) => planPageAction(request);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...seo(matches, {
    title: loaderData?.billing === false ? "Membership" : "Your Plan",
    description: "Your WealthMatch membership: your plan and its billing, or how our team arranges it with you.",
    path: "/professional-dashboard/plan",
  }),
  { name: "robots", content: "noindex" },
];

export default function PlanPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.billing) {
    return (
      <>
        <DashboardPageHero title="Membership">
          Membership of the WealthMatch network is arranged directly with our team, not on this site. Here is how, and how to reach us.
        </DashboardPageHero>
        <div className="mx-auto max-w-6xl px-6 py-10 sm:py-14">
          <ArrangedMembership verified={loaderData.verified} contact={loaderData.contact} supportHours={loaderData.supportHours} />
        </div>
      </>
    );
  }
  const { status, plans, verified, returned } = loaderData;
  return (
    <>
      <DashboardPageHero title="Your Plan">
        Clients are proposed verified professionals with an active plan. Payment runs through Stripe; we never see your card.
      </DashboardPageHero>
      <div className="mx-auto max-w-6xl space-y-8 px-6 py-10 sm:py-14">
        {returned === "success" ? (
          <p role="status" className="rounded-card border border-success-700/30 bg-success-50 px-5 py-4 text-sm text-success-700">
            Thank you. Your plan starts as soon as Stripe confirms the payment, usually within a minute.
          </p>
        ) : returned === "cancel" ? (
          <p role="status" className="rounded-card border border-ink-200 bg-ivory-50 px-5 py-4 text-sm text-ink-800">
            Checkout was canceled: nothing was charged.
          </p>
        ) : null}
        {status ? <PlanStatusCard status={status} /> : null}
        {status ? <PlanChooser plans={plans} status={status} verified={verified} lastResult={actionData} /> : null}
      </div>
    </>
  );
}
