import type { Route } from "./+types/admin.professionals.new";
import { adminPageLoader, noFormsYetAction } from "~/admin/guard.server";
import { adminMeta } from "~/admin/meta";
import { SectionPlaceholder } from "~/components/admin/section-placeholder";

export const loader = (args: Route.LoaderArgs) => adminPageLoader(args);
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Add Professional");

export default function AdminProfessionalNew() {
  return <SectionPlaceholder title="Add Professional" description="A new entry in the professionals directory." />;
}
