import type { Route } from "./+types/admin.blog";
import { adminBlogListLoader, adminBlogRowAction } from "~/blog/admin.server";
import { adminMeta } from "~/admin/meta";
import { AdminBlogList } from "~/components/admin/blog/post-list";

export const loader = ({ request }: Route.LoaderArgs) => adminBlogListLoader(request);
export const action = ({ request }: Route.ActionArgs) => adminBlogRowAction(request);
export const meta: Route.MetaFunction = () => adminMeta("Blog");

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  return <AdminBlogList {...loaderData} />;
}
