import { Form, Link } from "react-router";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import type { Route } from "./+types/admin.users.$id.delete";
import { adminMeta } from "~/features/admin/shell/meta";
import { adminDeleteAction, adminDeleteLoader } from "~/features/admin/users/users.server";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { Button, buttonClass } from "~/platform/ui/button";

export const loader = (args: Route.LoaderArgs) => adminDeleteLoader(args, args.params.id);
export const action = (args: Route.ActionArgs) => adminDeleteAction(args, args.params.id);
export const meta: Route.MetaFunction = () => adminMeta("Delete user");

/** The confirm step of deleting an account from /admin/users: works without JavaScript. */
export default function AdminDeleteUser({ loaderData }: Route.ComponentProps) {
  const { person, self } = loaderData;
  const busy = useIsPendingHere();
  return (
    <>
      <AdminPageHeader title="Delete user" description="Deleting an account removes it and everything it holds. It cannot be undone." />
      <div className="mt-6 max-w-2xl rounded-card border border-ink-100 bg-white p-6">
        <p className="font-medium text-ink-900">{person.fullName ?? "—"}</p>
        <p className="break-all text-sm text-slate-600">{person.email}</p>
        {self ? (
          <p className="mt-4 text-sm text-danger-700">You cannot delete your own account here.</p>
        ) : (
          <>
            <p className="mt-4 text-sm leading-relaxed text-slate-600">
              The account, its profile, roles, registration answers and sessions are deleted; a directory entry linked to it
              is unlinked and unverified; the audit log keeps what happened without the person&apos;s details.
            </p>
            <a href={`/admin/users/${person.id}/data.json`} download className="mt-3 inline-block text-sm font-medium text-ink-900 underline decoration-gold-400 underline-offset-4">
              Download their data first
            </a>
          </>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          {self ? null : (
            <Form method="post">
              <Button type="submit" variant="danger" disabled={busy}>
                {busy ? "Deleting..." : "Delete this account"}
              </Button>
            </Form>
          )}
          <Link to="/admin/users" className={buttonClass("secondary")}>
            Cancel
          </Link>
        </div>
      </div>
    </>
  );
}
