import { Link } from "react-router";
import type { Route } from "./+types/professional-dashboard.plan";
import { seo } from "~/platform/seo";
import { Icon } from "~/platform/ui/icons";
import { planPageAction, planPageLoader } from "~/features/professional-home/plan-page.server";
import { PlanChooser, PlanStatusCard } from "~/features/billing/plan-cards";

export const loader = ({ request }: Route.LoaderArgs) => planPageLoader(request);
export const action = ({ request }: Route.ActionArgs) => planPageAction(request);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Your Plan",
    description: "Your WealthMatch plan, its state, and the billing portal for your card and invoices.",
    path: "/professional-dashboard/plan",
  }),
  { name: "robots", content: "noindex" },
];

export default function PlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status, plans, verified, returned } = loaderData;
  return (
    <>
      <section className="border-b border-ink-100 bg-ivory-50">
        <div className="mx-auto max-w-6xl px-6 pb-8 pt-8 sm:pb-10 sm:pt-12">
          <Link to="/professional-dashboard" className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-ink-900">
            <Icon name="arrow" className="h-4 w-4 rotate-180" />
            Professional Dashboard
          </Link>
          <h1 className="mt-4 text-3xl font-semibold leading-tight sm:text-5xl">Your Plan</h1>
          <p className="mt-3 max-w-2xl leading-relaxed text-slate-600 sm:text-lg">
            Clients are proposed verified professionals with an active plan. Payment runs through Stripe; we never see your card.
          </p>
        </div>
      </section>
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
