import type { Route } from "./+types/admin.blog";
import { adminPageLoader, noFormsYetAction } from "~/admin/guard.server";
import { adminMeta } from "~/admin/meta";
import { SectionPlaceholder } from "~/components/admin/section-placeholder";

export const loader = (args: Route.LoaderArgs) => adminPageLoader(args);
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Blog");

export default function AdminBlog() {
  return <SectionPlaceholder title="Blog posts" description="Write, publish and tidy the articles of the public blog." />;
}
