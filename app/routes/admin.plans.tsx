import type { Route } from "./+types/admin.plans";
import { plansAction, plansLoader } from "~/features/admin/plans/plans.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { GraceForm, NewPlanForm, PlanList } from "~/features/admin/plans/plans-forms";

export const loader = (args: Route.LoaderArgs) => plansLoader(args);
export const action = (args: Route.ActionArgs) => plansAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Plans");

export default function AdminPlans({ loaderData, actionData }: Route.ComponentProps) {
  const { billingOn, graceDays, plans } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Plans"
        description={
          billingOn
            ? "What professionals pay through Stripe. The Professionals page shows the offered plans."
            : "Billing is off (STRIPE_SECRET_KEY is not set): every verified professional is matched. The Professionals page still shows the offered plans."
        }
      />
      <div className="mt-6 max-w-4xl space-y-6">
        <PlanList plans={plans} lastResult={actionData} />
        <NewPlanForm billingOn={billingOn} lastResult={actionData} />
        <GraceForm graceDays={graceDays} lastResult={actionData} />
      </div>
    </>
  );
}
