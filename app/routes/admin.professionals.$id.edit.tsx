import type { Route } from "./+types/admin.professionals.$id.edit";
import { editProfessionalLoader, saveProfessionalAction } from "~/features/admin/professionals/professionals.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { shortDate } from "~/platform/ui/format";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { ProfessionalForm } from "~/features/admin/professionals/professional-form";
import { RegistrationFactsPanel } from "~/features/admin/matches/registration-facts";
import { PendingMatchingPanel } from "~/features/admin/matches/pending-matching";

export const loader = (args: Route.LoaderArgs) => editProfessionalLoader(args, args.params.id);
export const action = (args: Route.ActionArgs) => saveProfessionalAction(args, args.params.id);
export const meta: Route.MetaFunction = () => adminMeta("Edit Professional");

export default function AdminProfessionalEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { view, registration, linkable } = loaderData;
  return (
    <>
      <AdminPageHeader title="Edit Professional" description={`${view.name}, added ${shortDate(view.createdAt)}.`} />
      {view.pending ? (
        <div className="mt-6 max-w-3xl">
          <PendingMatchingPanel action={`/admin/professionals/${view.id}/edit`} pending={view.pending} />
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ProfessionalForm
          // Rendered afresh when an approval changed the matching data under it.
          key={JSON.stringify(view.matching)}
          action={`/admin/professionals/${view.id}/edit`}
          entry={view}
          linkable={linkable}
          lastResult={actionData}
        />
        <div>
          <RegistrationFactsPanel facts={registration} />
        </div>
      </div>
    </>
  );
}
