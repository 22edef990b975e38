import type { Route } from "./+types/admin.professionals.$id.vetting";
import { checklistAction, checklistLoader } from "~/features/vetting/checklist.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { VettingChecklist, type ChecklistActionData } from "~/features/vetting/checklist-page";

export const loader = (args: Route.LoaderArgs) => checklistLoader(args, args.params.id);
export const action = (args: Route.ActionArgs) => checklistAction(args, args.params.id);
export const meta: Route.MetaFunction = () => adminMeta("Vetting");

export default function AdminProfessionalVetting({ loaderData, actionData }: Route.ComponentProps) {
  const p = loaderData.professional;
  return (
    <>
      <AdminPageHeader title={`Vetting: ${p.name}`} description={`${p.email}${p.company ? ` · ${p.company}` : ""}`} />
      <VettingChecklist view={loaderData} actionData={actionData as ChecklistActionData} />
    </>
  );
}
