import type { Route } from "./+types/admin.blog.new";
import { editorAction, editorLoader } from "~/features/admin/blog/blog.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { PostEditor } from "~/features/admin/blog/post-editor";

export const loader = (args: Route.LoaderArgs) => editorLoader(args, null);
export const action = (args: Route.ActionArgs) => editorAction(args, null);
export const meta: Route.MetaFunction = () => adminMeta("Create New Post");

export default function AdminBlogNew({ loaderData, actionData }: Route.ComponentProps) {
  return <PostEditor {...loaderData} actionData={actionData} action="/admin/blog/new" />;
}
