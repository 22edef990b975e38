import type { Route } from "./+types/admin.blog.$id";
import { adminPageLoader, noFormsYetAction } from "~/admin/guard.server";
import { adminMeta } from "~/admin/meta";
import { SectionPlaceholder } from "~/components/admin/section-placeholder";

export const loader = (args: Route.LoaderArgs) => adminPageLoader(args);
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Blog Post");

export default function AdminBlogPost() {
  return <SectionPlaceholder title="Blog post" description="One article as it is stored, published or not." />;
}
