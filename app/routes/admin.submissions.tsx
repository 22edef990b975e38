import type { Route } from "./+types/admin.submissions";
import { adminPageLoader, noFormsYetAction } from "~/admin/guard.server";
import { adminMeta } from "~/admin/meta";
import { SectionPlaceholder } from "~/components/admin/section-placeholder";

export const loader = (args: Route.LoaderArgs) => adminPageLoader(args);
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Submissions");

export default function AdminSubmissions() {
  return <SectionPlaceholder title="Form submissions" description="Messages sent through the contact form, and where each one stands." />;
}
