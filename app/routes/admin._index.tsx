import { Link } from "react-router";
import type { Route } from "./+types/admin._index";
import { requireAdmin } from "~/auth/permissions.server";
import { dashboardCounts } from "~/admin/dashboard.server";
import { noFormsYetAction } from "~/admin/guard.server";
import { adminMeta } from "~/admin/meta";
import { AdminIcon } from "~/components/admin/admin-icons";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { StatCard } from "~/components/admin/stat-card";
import { buttonClass } from "~/components/ui/button";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return dashboardCounts();
}
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export default function AdminDashboard({ loaderData: counts }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        description="Content, enquiries and professionals at a glance."
        actions={
          <>
            <Link to="/admin/blog/new" className={buttonClass("primary", "px-4 py-2")}>
              <AdminIcon name="plus" className="h-4 w-4" />
              New Post
            </Link>
            <Link to="/admin/professionals/new" className={buttonClass("secondary", "px-4 py-2")}>
              <AdminIcon name="plus" className="h-4 w-4" />
              Add Professional
            </Link>
          </>
        }
      />
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard
          label="Blog posts"
          icon="blog"
          total={counts.posts.total}
          breakdown={[
            { label: "Published", value: counts.posts.published },
            { label: "Drafts", value: counts.posts.drafts },
          ]}
          to="/admin/blog"
          linkLabel="Manage posts"
        />
        <StatCard
          label="Form submissions"
          icon="submissions"
          total={counts.submissions.total}
          breakdown={[{ label: "New", value: counts.submissions.new, emphasis: true }]}
          to="/admin/submissions"
          linkLabel="Review submissions"
        />
        <StatCard
          label="Professionals"
          icon="professionals"
          total={counts.professionals.total}
          breakdown={[
            { label: "Verified", value: counts.professionals.verified },
            { label: "Unverified", value: counts.professionals.unverified, emphasis: true },
          ]}
          to="/admin/professionals"
          linkLabel="Manage professionals"
        />
      </div>
    </>
  );
}
