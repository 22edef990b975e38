import type { Route } from "./+types/admin.professionals.$id.edit";
import { adminPageLoader, noFormsYetAction } from "~/admin/guard.server";
import { adminMeta } from "~/admin/meta";
import { SectionPlaceholder } from "~/components/admin/section-placeholder";

export const loader = (args: Route.LoaderArgs) => adminPageLoader(args);
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Edit Professional");

export default function AdminProfessionalEdit() {
  return <SectionPlaceholder title="Edit Professional" description="Changes to a professional's entry." />;
}
