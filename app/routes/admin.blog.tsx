import type { Route } from "./+types/admin.blog";
import { adminPageLoader, noFormsYetAction } from "~/admin/guard.server";
import { adminMeta } from "~/admin/meta";
import { SectionPlaceholder } from "~/components/admin/section-placeholder";

export const loader = ({ request }: Route.LoaderArgs) => adminPageLoader(request);
export const action = ({ request }: Route.ActionArgs) => noFormsYetAction(request);
export const meta: Route.MetaFunction = () => adminMeta("Blog");

export default function AdminBlog() {
  return <SectionPlaceholder title="Blog posts" description="Write, publish and tidy the articles of the public blog." />;
}
