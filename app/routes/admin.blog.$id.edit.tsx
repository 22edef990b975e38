import type { Route } from "./+types/admin.blog.$id.edit";
import { editorAction, editorLoader } from "~/blog/admin.server";
import { adminMeta } from "~/admin/meta";
import { PostEditor } from "~/components/admin/blog/post-editor";

export const loader = ({ request, params }: Route.LoaderArgs) => editorLoader(request, params.id);
export const action = ({ request, params }: Route.ActionArgs) => editorAction(request, params.id);
export const meta: Route.MetaFunction = () => adminMeta("Edit Post");

export default function AdminBlogEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PostEditor key={loaderData.post.id} {...loaderData} actionData={actionData} action={`/admin/blog/${loaderData.post.id}/edit`} />
  );
}
