import type { Route } from "./+types/admin.blog.new";
import { editorAction, editorLoader } from "~/blog/admin.server";
import { adminMeta } from "~/admin/meta";
import { PostEditor } from "~/components/admin/blog/post-editor";

export const loader = ({ request }: Route.LoaderArgs) => editorLoader(request, null);
export const action = ({ request }: Route.ActionArgs) => editorAction(request, null);
export const meta: Route.MetaFunction = () => adminMeta("Create New Post");

export default function AdminBlogNew({ loaderData, actionData }: Route.ComponentProps) {
  return <PostEditor {...loaderData} actionData={actionData} action="/admin/blog/new" />;
}
