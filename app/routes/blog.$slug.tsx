import { isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/blog.$slug";
import { seo, siteOrigin, SITE_NAME } from "~/platform/seo";
import { postLoader } from "~/features/blog/blog.server";
import { buttonClass } from "~/platform/ui/button";
import { PostArticle } from "~/features/blog/post-article";

export const loader = ({ params }: Route.LoaderArgs) => postLoader(params.slug);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Post Not Found | WealthMatch" }, { name: "robots", content: "noindex" }];
  const { post } = loaderData;
  const path = `/blog/${encodeURIComponent(post.slug)}`;
  const origin = siteOrigin(matches);
  const image = post.image ? { ...post.image, src: post.image.src.startsWith("http") ? post.image.src : `${origin}${post.image.src}` } : undefined;
  return [
    ...seo(matches, {
      title: post.title,
      description: post.description,
      path,
      type: "article",
      image,
      article: { publishedTime: post.publishedAtIso, modifiedTime: post.updatedAtIso, section: post.categoryLabel },
    }),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "WealthMatch Insights", href: "/blog/rss.xml" },
    {
      // Rendered as <script type="application/ld+json">: data, never run, so the CSP nonce is not needed.
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.description,
        mainEntityOfPage: { "@type": "WebPage", "@id": `${origin}${path}` },
        url: `${origin}${path}`,
        datePublished: post.publishedAtIso ?? post.createdAtIso,
        dateModified: post.updatedAtIso,
        articleSection: post.categoryLabel,
        ...(image ? { image: [image.src] } : {}),
        publisher: { "@type": "Organization", name: SITE_NAME, url: origin || undefined },
      },
    },
  ];
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
    <PostArticle
      post={post}
      top={<BackToBlog />}
      footer={
        <footer className="mt-16 flex flex-wrap items-center justify-between gap-4 border-t border-ink-100 pt-8">
          <BackToBlog />
          <Link to="/blog" className={buttonClass("primary")}>
            View All Posts
          </Link>
        </footer>
      }
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The server logged it already (entry.server handleError); in the browser the console shows it.
  if (!notFound && typeof document !== "undefined") console.error("[blog post]", error);
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
