import type { Route } from "./+types/admin.blog.new";
import { editorAction, editorLoader } from "~/blog/admin.server";
import { adminMeta } from "~/admin/meta";
import { PostEditor } from "~/components/admin/blog/post-editor";

export const loader = (args: Route.LoaderArgs) => editorLoader(args, null);
export const action = (args: Route.ActionArgs) => editorAction(args, null);
export const meta: Route.MetaFunction = () => adminMeta("Create New Post");

export default function AdminBlogNew({ loaderData, actionData }: Route.ComponentProps) {
  return <PostEditor {...loaderData} actionData={actionData} action="/admin/blog/new" />;
}
