import { Form, Link } from "react-router";
import { countOf } from "~/domain/plain-words";
import type { Route } from "./+types/admin.blog.$id.send";
import { sendPostAction, sendPostLoader } from "~/features/newsletter/newsletter.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { Button, buttonClass } from "~/platform/ui/button";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";

export const loader = (args: Route.LoaderArgs) => sendPostLoader(args, args.params.id);
export const action = (args: Route.ActionArgs) => sendPostAction(args, args.params.id);
export const meta: Route.MetaFunction = () => adminMeta("Send to subscribers");

export default function SendPost({ loaderData }: Route.ComponentProps) {
  const { post, subscribers } = loaderData;
  const sending = useIsPendingHere();
  return (
    <>
      <AdminPageHeader title="Send to subscribers" description={`“${post.title}”`} />
      <section className="mt-6 max-w-2xl rounded-card border border-ink-100 bg-white p-5 sm:p-6">
        {post.published ? (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="send" />
            <p className="text-ink-800">
              The post goes by email to{" "}
              <strong>
                {countOf(subscribers, "confirmed subscriber")}
              </strong>
              , each with a one-click unsubscribe link. Addresses still waiting for confirmation receive nothing.
            </p>
            <p className="text-sm text-slate-600">Sending again later reaches only those who confirmed since: nobody receives the same post twice.</p>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={sending || subscribers === 0}>
                {sending ? "Sending..." : "Send to subscribers"}
              </Button>
              <Link to={`/admin/blog/${post.id}`} className={buttonClass("secondary")}>
                Back to the post
              </Link>
            </div>
          </Form>
        ) : (
          <div className="space-y-4">
            <p className="text-ink-800">This post is a draft. Publish it first: subscribers are sent published posts only.</p>
            <Link to={`/admin/blog/${post.id}/edit`} className={buttonClass("primary")}>
              Edit the post
            </Link>
          </div>
        )}
      </section>
    </>
  );
}
