import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/admin";
import type { loader as rootLoader } from "~/root";
import { adminLayoutAction, adminLayoutLoader } from "~/admin/layout.server";
import { adminMeta } from "~/admin/meta";
import { OWN_FRAME } from "~/components/page-frame";
import { AdminShell } from "~/components/admin/admin-shell";

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
