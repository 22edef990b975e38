import type { Route } from "./+types/admin.professionals";
import { adminPageLoader, noFormsYetAction } from "~/admin/guard.server";
import { adminMeta } from "~/admin/meta";
import { SectionPlaceholder } from "~/components/admin/section-placeholder";

export const loader = (args: Route.LoaderArgs) => adminPageLoader(args);
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Professionals");

export default function AdminProfessionals() {
  return <SectionPlaceholder title="Professionals" description="The directory of professionals: vetting, verification and featuring." />;
}
