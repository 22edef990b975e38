import type { Route } from "./+types/admin.professionals.new";
import { newProfessionalLoader, saveProfessionalAction } from "~/features/admin/professionals/professionals.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { ProfessionalForm } from "~/features/admin/professionals/professional-form";

export const loader = (args: Route.LoaderArgs) => newProfessionalLoader(args);
export const action = (args: Route.ActionArgs) => saveProfessionalAction(args, null);
export const meta: Route.MetaFunction = () => adminMeta("Add Professional");

export default function AdminProfessionalNew({ actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title="Add Professional" description="A new entry in the professionals directory." />
      <div className="mt-6 max-w-3xl">
        <ProfessionalForm action="/admin/professionals/new" entry={null} linkable={null} lastResult={actionData} />
      </div>
    </>
  );
}
