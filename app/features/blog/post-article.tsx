import { Link } from "react-router";
import type { ReactNode } from "react";
import type { ResponsiveImage } from "~/platform/uploads/image";
import { POST_IMAGE_SIZES } from "~/platform/uploads/image";
import { FeaturedImage } from "./featured-image";
import { PROSE } from "./prose";
import { buttonClass } from "~/platform/ui/button";

export type ArticleData = {
  title: string;
  excerpt: string | null;
  category?: string;
  categoryLabel: string;
  date: string;
  dateTime?: string;
  /** Sanitised HTML (app/features/blog/sanitize.server.ts). */
  html: string;
  image: ResponsiveImage | null;
  published: boolean;
  /** The byline. */
  author: string;
};

/** The closing call to action: from reading about a topic to a professional who handles it. */
function GetMatched() {
  return (
    <aside aria-labelledby="get-matched" className="mt-14 rounded-card border border-gold-300 bg-ivory-50 px-6 py-8 sm:px-10">
      <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">Your next step</p>
      <h2 id="get-matched" className="mt-2 text-2xl font-semibold">
        Talk it through with a vetted professional
      </h2>
      <p className="mt-3 max-w-[60ch] text-base leading-relaxed text-slate-600">
        Tell us about your situation and goals in a few minutes. We hand-pick professionals who fit, and you decide whom to meet.
      </p>
      <Link to="/register" className={buttonClass("primary", "mt-6")}>
        Get Matched
      </Link>
    </aside>
  );
}

/**
 * A post as its public page shows it. The admin's view and the editor's preview render the same
 * component, so what an editor checks is what a visitor will see.
 */
export function PostArticle({ post, top, footer }: { post: ArticleData; top?: ReactNode; footer?: ReactNode }) {
  return (
    <article>
      <header className="border-b border-ink-100 bg-ivory-50">
        <div className="mx-auto max-w-3xl px-6 pb-12 pt-10 sm:pt-14">
          {top}
          <div className="mt-10 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            {post.category ? (
              <Link
                to={`/blog?category=${post.category}`}
                className="font-semibold uppercase tracking-[0.14em] text-gold-700 hover:text-gold-600"
              >
                {post.categoryLabel}
              </Link>
            ) : (
              <span className="font-semibold uppercase tracking-[0.14em] text-gold-700">{post.categoryLabel}</span>
            )}
            <span aria-hidden="true" className="h-1 w-1 rounded-full bg-ink-300" />
            <time dateTime={post.dateTime} className="text-slate-600">
              {post.date}
            </time>
            <span aria-hidden="true" className="h-1 w-1 rounded-full bg-ink-300" />
            <span className="text-slate-600">
              By <span className="font-medium text-ink-800">{post.author}</span>
            </span>
            {post.published ? (
              <span className="rounded-full bg-success-50 px-2.5 py-0.5 text-xs font-semibold text-success-700">Published</span>
            ) : (
              <span className="rounded-full bg-warning-50 px-2.5 py-0.5 text-xs font-semibold text-warning-700">Draft</span>
            )}
          </div>
          <h1 className="mt-5 text-3xl font-semibold leading-tight [overflow-wrap:anywhere] sm:text-5xl sm:leading-[1.1]">
            {post.title}
          </h1>
          {post.excerpt ? (
            <p className="mt-6 max-w-[60ch] text-lg leading-relaxed text-slate-600 sm:text-xl">{post.excerpt}</p>
          ) : null}
        </div>
      </header>

      <div className="mx-auto max-w-3xl px-6 py-12 sm:py-16">
        {post.image ? (
          <FeaturedImage
            image={post.image}
            sizes={POST_IMAGE_SIZES}
            priority
            className="mb-12 h-auto w-full rounded-card border border-ink-100 bg-ivory-100"
          />
        ) : null}
        {/* Sanitised on the server to a short list of tags (app/features/blog/sanitize.server.ts). */}
        <div data-post-body className={PROSE} dangerouslySetInnerHTML={{ __html: post.html }} />
        <GetMatched />
        {footer}
      </div>
    </article>
  );
}
