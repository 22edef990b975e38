import type { Route } from "./+types/admin.blog.new";
import { adminPageLoader, noFormsYetAction } from "~/admin/guard.server";
import { adminMeta } from "~/admin/meta";
import { SectionPlaceholder } from "~/components/admin/section-placeholder";

export const loader = (args: Route.LoaderArgs) => adminPageLoader(args);
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("New Post");

export default function AdminBlogNew() {
  return <SectionPlaceholder title="Create New Post" description="A new article for the blog, saved as a draft or published." />;
}
