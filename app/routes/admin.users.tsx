import type { Route } from "./+types/admin.users";
import { adminPageLoader, noFormsYetAction } from "~/admin/guard.server";
import { adminMeta } from "~/admin/meta";
import { SectionPlaceholder } from "~/components/admin/section-placeholder";

export const loader = (args: Route.LoaderArgs) => adminPageLoader(args);
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Users");

export default function AdminUsers() {
  return <SectionPlaceholder title="Users" description="Accounts and their roles." />;
}
