import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/admin";
import type { loader as rootLoader } from "~/root";
import { adminLayoutAction, adminLayoutLoader } from "~/features/admin/shell/layout.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { OWN_FRAME } from "~/platform/ui/page-frame";
import { AdminShell } from "~/features/admin/shell/admin-shell";

export const handle = OWN_FRAME;
export const loader = (args: Route.LoaderArgs) => adminLayoutLoader(args);
export const action = (args: Route.ActionArgs) => adminLayoutAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Admin");

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <AdminShell email={loaderData.email} sidebarOpen={loaderData.sidebarOpen} toast={root?.toast ?? null}>
      <Outlet />
    </AdminShell>
  );
}
