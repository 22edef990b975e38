import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/blog.$slug";
import { seo } from "~/seo/meta";
import { getPublishedPost } from "~/blog/posts.server";
import { buttonClass } from "~/components/ui/button";
import { PROSE } from "~/components/blog/prose";

export function loader({ params }: Route.LoaderArgs) {
  const post = getPublishedPost(params.slug);
  // Drafts and unknown slugs look the same from outside: nothing here.
  if (!post) throw data(null, { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Post Not Found | WealthMatch" }, { name: "robots", content: "noindex" }];
  const { post } = loaderData;
  return seo(matches, {
    title: post.title,
    description: post.description,
    path: `/blog/${encodeURIComponent(post.slug)}`,
    type: "article",
    image: post.featuredImage ?? undefined,
  });
};

function BackToBlog() {
  return (
    <Link to="/blog" className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-ink-900">
      <span aria-hidden="true">←</span> Back to Blog
    </Link>
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article>
      <header className="border-b border-ink-100 bg-ivory-50">
        <div className="mx-auto max-w-3xl px-6 pb-12 pt-10 sm:pt-14">
          <BackToBlog />
          <div className="mt-10 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <Link
              to={`/blog?category=${post.category}`}
              className="font-semibold uppercase tracking-[0.14em] text-gold-700 hover:text-gold-600"
            >
              {post.categoryLabel}
            </Link>
            <span aria-hidden="true" className="h-1 w-1 rounded-full bg-ink-300" />
            <time dateTime={post.dateTime} className="text-slate-600">
              {post.date}
            </time>
            <span className="rounded-full bg-success-50 px-2.5 py-0.5 text-xs font-semibold text-success-700">
              Published
            </span>
          </div>
          <h1 className="mt-5 text-3xl font-semibold leading-tight sm:text-5xl sm:leading-[1.1]">{post.title}</h1>
          {post.excerpt ? (
            <p className="mt-6 max-w-[60ch] text-lg leading-relaxed text-slate-600 sm:text-xl">{post.excerpt}</p>
          ) : null}
        </div>
      </header>

      <div className="mx-auto max-w-3xl px-6 py-12 sm:py-16">
        {post.featuredImage ? (
          <img
            src={post.featuredImage}
            alt={post.title}
            className="mb-12 aspect-[16/9] w-full rounded-card border border-ink-100 object-cover"
          />
        ) : null}
        {/* Sanitised on the server to the spec's allowlist (app/blog/sanitize.server.ts). */}
        <div className={PROSE} dangerouslySetInnerHTML={{ __html: post.html }} />

        <footer className="mt-16 flex flex-wrap items-center justify-between gap-4 border-t border-ink-100 pt-8">
          <BackToBlog />
          <Link to="/blog" className={buttonClass("primary")}>
            View All Posts
          </Link>
        </footer>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error("[blog post]", error);
  return (
    <section className="mx-auto max-w-2xl px-6 py-28 text-center">
      <h1 className="text-4xl font-semibold">{notFound ? "Post Not Found" : "Something went wrong"}</h1>
      <p className="mt-4 text-lg text-slate-600">
        {notFound
          ? "The blog post you're looking for doesn't exist or has been removed."
          : "We could not load this post. Please try again in a moment."}
      </p>
      <Link to="/blog" className={`${buttonClass("primary")} mt-10`}>
        Back to Blog
      </Link>
    </section>
  );
}
