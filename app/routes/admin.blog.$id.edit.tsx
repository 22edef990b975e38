import type { Route } from "./+types/admin.blog.$id.edit";
import { adminPageLoader, noFormsYetAction } from "~/admin/guard.server";
import { adminMeta } from "~/admin/meta";
import { SectionPlaceholder } from "~/components/admin/section-placeholder";

export const loader = (args: Route.LoaderArgs) => adminPageLoader(args);
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Edit Post");

export default function AdminBlogEdit() {
  return <SectionPlaceholder title="Edit Post" description="Changes to an existing article." />;
}
