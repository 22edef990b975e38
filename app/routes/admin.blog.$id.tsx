import { Form, Link } from "react-router";
import { useIsPending } from "~/platform/ui/use-is-pending";
import type { Route } from "./+types/admin.blog.$id";
import { adminBlogRowAction, adminPostLoader } from "~/features/admin/blog/blog.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminIcon } from "~/features/admin/shell/admin-icons";
import { PostArticle } from "~/features/blog/post-article";
import { Button, buttonClass } from "~/platform/ui/button";

export const loader = (args: Route.LoaderArgs) => adminPostLoader(args, args.params.id);
export const action = (args: Route.ActionArgs) => adminBlogRowAction(args, args.params.id);
export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? loaderData.post.title : "Blog Post");

/** The no-JavaScript confirmation step of a delete (with JavaScript the list asks with confirm()). */
function ConfirmDelete({ title, back, id }: { title: string; back: string; id: number }) {
  const deleting = useIsPending({ formAction: `/admin/blog/${id}`, formData: { intent: "delete" } });
  return (
    <section
      aria-labelledby="confirm-delete-heading"
      role="alertdialog"
      className="mb-6 rounded-card border border-danger-700/30 bg-danger-50 p-5 sm:p-6"
    >
      <h2 id="confirm-delete-heading" className="text-lg font-semibold text-danger-700">
        Delete this post?
      </h2>
      <p className="mt-1 text-sm text-ink-800">
        “{title}” and its featured image will be deleted for good. This cannot be undone.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" action={`/admin/blog/${id}`}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="back" value={back} />
          <Button variant="danger" disabled={deleting}>
            {deleting ? "Deleting..." : "Delete Post"}
          </Button>
        </Form>
        <Link to={`/admin/blog/${id}`} className={buttonClass("secondary")}>
          Keep Post
        </Link>
      </div>
    </section>
  );
}

export default function AdminBlogPost({ loaderData }: Route.ComponentProps) {
  const { post, confirmDelete, back, updated } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-ink-100 pb-4">
        <Link to={back} className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-ink-900">
          <AdminIcon name="back" className="h-4 w-4" />
          Blog Posts
        </Link>
        <div className="flex flex-wrap gap-2">
          {post.published ? (
            <>
              <Link to={`/blog/${encodeURIComponent(post.slug)}`} className={buttonClass("secondary", "px-4 py-2")}>
                Open public page
              </Link>
              <Link to={`/admin/blog/${post.id}/send`} className={buttonClass("secondary", "px-4 py-2")}>
                Send to subscribers
              </Link>
            </>
          ) : null}
          <Link to={`/admin/blog/${post.id}/edit`} className={buttonClass("primary", "px-4 py-2")}>
            Edit
          </Link>
          <Link
            to={`/admin/blog/${post.id}?delete&back=${encodeURIComponent(back)}`}
            className={buttonClass("secondary", "px-4 py-2 text-danger-700")}
          >
            Delete
          </Link>
        </div>
      </div>

      <div className="mt-5">
        {confirmDelete ? <ConfirmDelete title={post.title} back={back} id={post.id} /> : null}
        <p className="mb-4 text-sm text-slate-600">
          {post.published ? "Published: this is the page visitors see." : "Draft: only admins can see this preview."} Last updated {updated}.
        </p>
        <div className="overflow-hidden rounded-card border border-ink-100 bg-white">
          <PostArticle post={post} />
        </div>
      </div>
    </>
  );
}
