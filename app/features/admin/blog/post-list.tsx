import { useSubmit, Form, Link } from "react-router";
import { countOf } from "~/domain/plain-words";
import { Pagination } from "~/platform/ui/pagination";
import { useIsPending } from "~/platform/ui/use-is-pending";
import type { AdminPostRow } from "~/features/admin/blog/posts.data.server";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { AddLink } from "~/features/admin/shell/add-link";
import { buttonClass } from "~/platform/ui/button";
import { inputClass } from "~/platform/ui/field";

type Props = { posts: AdminPostRow[]; total: number; page: number; pageCount: number; q: string; back: string };

const listHref = (page: number, q: string) => {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `/admin/blog?${s}` : "/admin/blog";
};

/** The status badge is a button in a form: one press toggles Draft/Published, with or without JavaScript. */
function StatusToggle({ post, back }: { post: AdminPostRow; back: string }) {
  const busy = useIsPending({ formAction: "/admin/blog", formData: { intent: "toggle", id: String(post.id) } });
  return (
    <Form method="post" action="/admin/blog">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="id" value={post.id} />
      <input type="hidden" name="back" value={back} />
      <button
        type="submit"
        disabled={busy}
        title={post.published ? "Unpublish this post" : "Publish this post"}
        className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset transition-colors disabled:opacity-60 ${
          post.published
            ? "bg-success-50 text-success-700 ring-success-700/20 hover:bg-success-700/10"
            : "bg-ivory-100 text-slate-700 ring-ink-200 hover:bg-ivory-200"
        }`}
      >
        <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${post.published ? "bg-success-700" : "bg-slate-500"}`} />
        {post.published ? "Published" : "Draft"}
        <span className="sr-only">{post.published ? `: unpublish ${post.title}` : `: publish ${post.title}`}</span>
      </button>
    </Form>
  );
}

/**
 * Delete: without JavaScript a link to the post's confirmation step; with it, the browser's
 * confirm() and then the same POST the confirmation page sends.
 */
function DeleteControl({ post, back }: { post: AdminPostRow; back: string }) {
  const submit = useSubmit();
  const href = `/admin/blog/${post.id}?delete&back=${encodeURIComponent(back)}`;
  return (
    <a
      href={href}
      onClick={(event) => {
        event.preventDefault();
        if (!window.confirm(`Delete "${post.title}"? This cannot be undone.`)) return;
        void submit({ intent: "delete", id: String(post.id), back }, { method: "post", action: "/admin/blog" });
      }}
      className="rounded px-2 py-0.5 font-medium text-danger-700 hover:bg-danger-50"
    >
      Delete<span className="sr-only"> {post.title}</span>
    </a>
  );
}

export function AdminBlogList({ posts, total, page, pageCount, q, back }: Props) {
  return (
    <>
      <AdminPageHeader
        title="Blog Posts"
        description={`${countOf(total, "post")}${q ? ` matching "${q}"` : ""}. Newest first.`}
        actions={
          <AddLink to="/admin/blog/new" label="New Post" />
        }
      />

      <Form method="get" action="/admin/blog" role="search" className="mt-5 flex max-w-md gap-2">
        <label htmlFor="post-search" className="sr-only">
          Search posts by title
        </label>
        <input id="post-search" name="q" type="search" defaultValue={q} placeholder="Search by title" className={`${inputClass} py-2`} />
        <button type="submit" className={buttonClass("secondary", "px-4 py-2")}>
          Search
        </button>
      </Form>

      {posts.length === 0 ? (
        <div className="mt-6 rounded-card border border-dashed border-ink-200 bg-white px-6 py-14 text-center">
          <p className="text-slate-600">
            {q ? `No posts with "${q}" in the title.` : "No blog posts found. Create your first post!"}
          </p>
          {q ? (
            <Link to="/admin/blog" className={`${buttonClass("secondary")} mt-5`}>
              Show all posts
            </Link>
          ) : (
            <Link to="/admin/blog/new" className={`${buttonClass("primary")} mt-5`}>
              Create Post
            </Link>
          )}
        </div>
      ) : (
        // relative: the rows' screen-reader-only words are positioned inside the scroll box, not past the page's edge.
        <div className="relative mt-6 overflow-x-auto rounded-card border border-ink-100 bg-white">
          <table className="w-full text-left text-sm md:min-w-[46rem]">
            <caption className="sr-only">Blog posts, newest first</caption>
            <thead className="border-b border-ink-100 bg-ivory-50 text-xs uppercase tracking-wider text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Title</th>
                <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">Slug</th>
                <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">Excerpt</th>
                <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">Dates</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {posts.map((post) => (
                <tr key={post.id} className="align-top hover:bg-ivory-50/60">
                  <th scope="row" className="px-4 py-3 text-ink-900 md:w-[30%] md:min-w-[14rem]">
                    <Link to={`/admin/blog/${post.id}`} className="font-semibold hover:underline [overflow-wrap:anywhere]">
                      {post.title}
                    </Link>
                    {/* On a phone the narrow columns fold in under the title. */}
                    <span className="mt-1 block font-mono text-xs font-normal text-slate-600 [overflow-wrap:anywhere] md:hidden">/{post.slug}</span>
                    <span className="block text-xs font-normal text-slate-600 md:hidden">
                      Created <time dateTime={post.createdIso}>{post.created}</time>
                    </span>
                    {/* Row actions under the title, where WordPress and Ghost editors look for them. */}
                    <div className="-ml-2 mt-1.5 flex flex-wrap items-center gap-0.5 text-[0.8125rem] font-normal">
                      <Link to={`/admin/blog/${post.id}/edit`} className="rounded px-2 py-0.5 font-medium text-ink-800 hover:bg-ivory-200">
                        Edit<span className="sr-only"> {post.title}</span>
                      </Link>
                      <Link to={`/admin/blog/${post.id}`} className="rounded px-2 py-0.5 font-medium text-ink-800 hover:bg-ivory-200">
                        View<span className="sr-only"> {post.title}</span>
                      </Link>
                      <DeleteControl post={post} back={back} />
                    </div>
                  </th>
                  <td className="hidden w-[18%] min-w-[9rem] px-4 py-3 md:table-cell font-mono text-xs leading-5 text-slate-600 [overflow-wrap:anywhere]">{post.slug}</td>
                  <td className="hidden min-w-[12rem] px-4 py-3 text-slate-600 md:table-cell">{post.excerpt ?? <span className="text-slate-400">—</span>}</td>
                  <td className="px-4 py-3">
                    <StatusToggle post={post} back={back} />
                  </td>
                  <td className="hidden whitespace-nowrap px-4 py-3 text-xs leading-5 text-slate-600 md:table-cell">
                    <span className="block">
                      Created <time dateTime={post.createdIso}>{post.created}</time>
                    </span>
                    <span className="block">
                      Updated <time dateTime={post.updatedIso}>{post.updated}</time>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pageCount > 1 ? <Pagination page={page} pageCount={pageCount} href={(n) => listHref(n, q)} summary={`Page ${page} of ${pageCount}`} /> : null}
    </>
  );
}
