import type { Route } from "./+types/admin.newsletter";
import { noFormsYetAction } from "~/features/admin/shell/guard.server";
import { adminNewsletterLoader } from "~/features/newsletter/newsletter.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { AdminPagination, EmptyState } from "~/features/admin/shell/admin-table";
import { SubscribersTable } from "~/features/admin/newsletter/subscribers-table";
import { buttonClass } from "~/platform/ui/button";

export const loader = (args: Route.LoaderArgs) => adminNewsletterLoader(args);
// No form here: a post is an admin check like any other, then 405.
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Newsletter");

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { subscribers, page, pageCount, total, byStatus, search } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Newsletter"
        description="Addresses that asked for the WealthMatch Journal. Only confirmed ones receive posts; send a post from its page in Blog."
        actions={
          // A download, not a page: the browser saves the file.
          <a href="/admin/newsletter/subscribers.csv" download className={buttonClass("secondary", "px-4 py-2")}>
            Export CSV
          </a>
        }
      />
      <dl className="mt-6 grid grid-cols-3 gap-2 text-xs sm:gap-3 sm:text-sm">
        {(
          [
            ["Confirmed", byStatus.confirmed],
            ["Pending", byStatus.pending],
            ["Unsubscribed", byStatus.unsubscribed],
          ] as const
        ).map(([label, n]) => (
          <div key={label} className="min-w-0 rounded-card border border-ink-100 bg-white px-3 py-3 sm:px-4">
            <dt className="truncate text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-ink-900">{n.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      {subscribers.length === 0 ? (
        <EmptyState>No one has subscribed yet. The form is under the blog (Stay Informed).</EmptyState>
      ) : (
        <>
          <SubscribersTable rows={subscribers} />
          <AdminPagination page={page} pageCount={pageCount} total={total} search={search} noun="subscriber" />
        </>
      )}
    </>
  );
}
