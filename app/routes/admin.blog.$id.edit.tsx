import type { Route } from "./+types/admin.blog.$id.edit";
import { editorAction, editorLoader } from "~/features/admin/blog/blog.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { PostEditor } from "~/features/admin/blog/post-editor";

export const loader = (args: Route.LoaderArgs) => editorLoader(args, args.params.id);
export const action = (args: Route.ActionArgs) => editorAction(args, args.params.id);
export const meta: Route.MetaFunction = () => adminMeta("Edit Post");

export default function AdminBlogEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PostEditor key={loaderData.post.id} {...loaderData} actionData={actionData} action={`/admin/blog/${loaderData.post.id}/edit`} />
  );
}
