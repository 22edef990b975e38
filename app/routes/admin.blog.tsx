import type { Route } from "./+types/admin.blog";
import { adminBlogListLoader, adminBlogRowAction } from "~/features/admin/blog/blog.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminBlogList } from "~/features/admin/blog/post-list";

export const loader = (args: Route.LoaderArgs) => adminBlogListLoader(args);
export const action = (args: Route.ActionArgs) => adminBlogRowAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Blog");

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  return <AdminBlogList {...loaderData} />;
}
