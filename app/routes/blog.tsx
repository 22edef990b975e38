import { usePendingQuery } from "~/platform/ui/use-is-pending";
import type { Route } from "./+types/blog";
import { seo } from "~/platform/seo";
import { parseBlogListQuery, blogListHref } from "~/features/blog/list-query";
import { blogListLoader } from "~/features/blog/blog.server";
import { CategoryFilter } from "~/features/blog/category-filter";
import { PostCard, PostCardSkeleton } from "~/features/blog/post-card";
import { Pagination } from "~/platform/ui/pagination";
import { StayInformed } from "~/features/blog/stay-informed";
import { SubscribeForm } from "~/features/newsletter/subscribe-form";

const SKELETON_COUNT = 6;

export const loader = ({ request }: Route.LoaderArgs) => blogListLoader(request);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const label = loaderData?.categoryLabel;
  const path = loaderData ? blogListHref({ category: loaderData.category, page: loaderData.page }) : "/blog";
  const feed = { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "WealthMatch Insights", href: "/blog/rss.xml" };
  return [...seo(matches, {
    title: label ? `${label} Insights` : "Blog",
    description: label
      ? `Articles on ${label.toLowerCase()} for wealth creators and their advisors, from WealthMatch.`
      : "Insights on wealth management, tax, estate planning, investment and the law, written for wealth creators and the professionals who serve them.",
    path,
  }), feed];
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, page, pageCount, category, categoryLabel } = loaderData;
  // Skeletons only while a client navigation changes the category or page; the server never renders them.
  const pendingQuery = usePendingQuery("/blog");
  const switchingList = pendingQuery !== null;
  // The chosen filter lights up at once, not when its posts arrive.
  const pendingCategory = pendingQuery !== null ? (parseBlogListQuery(new URLSearchParams(pendingQuery))?.category ?? null) : category;

  return (
    <>
      <section className="border-b border-ink-100 bg-ivory-50">
        <div className="mx-auto max-w-6xl px-6 pb-14 pt-16 sm:pt-20">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">The WealthMatch Journal</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-semibold leading-tight sm:text-5xl">Insights &amp; Perspectives</h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-600">
            Considered thinking on wealth management, tax, estate planning, investment and the law, written for wealth
            creators and the professionals who serve them.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-6 py-12">
        <CategoryFilter active={pendingCategory} />

        <div className="mt-10" aria-busy={switchingList}>
          {switchingList ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading posts">
              {Array.from({ length: SKELETON_COUNT }, (_, i) => (
                <li key={i}>
                  <PostCardSkeleton />
                </li>
              ))}
            </ul>
          ) : posts.length === 0 ? (
            <div className="rounded-card border border-dashed border-ink-200 bg-white px-6 py-16 text-center">
              <p className="text-lg text-slate-600">
                {categoryLabel
                  ? `No blog posts found in the ${categoryLabel} category.`
                  : "No blog posts available yet."}
              </p>
            </div>
          ) : (
            <>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {posts.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
              <Pagination look="numbered" page={page} pageCount={pageCount} href={(n) => blogListHref({ category, page: n })} />
            </>
          )}
        </div>

        <div className="mt-20">
          <StayInformed form={<SubscribeForm tone="dark" id="stay-informed-form" />} />
        </div>
      </div>
    </>
  );
}
