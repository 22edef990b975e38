import { Link } from "react-router";
import { CARD_IMAGE_SIZES, type ResponsiveImage } from "~/platform/uploads/image";
import { FeaturedImage } from "./featured-image";

export type PostCardData = {
  title: string;
  slug: string;
  excerpt: string | null;
  categoryLabel: string;
  date: string;
  dateTime: string;
  image: ResponsiveImage | null;
};

export function PostCard({ post }: { post: PostCardData }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-ink-100 bg-white transition-colors hover:border-ink-200">
      {post.image ? (
        <FeaturedImage
          image={post.image}
          sizes={CARD_IMAGE_SIZES}
          className="aspect-[16/9] h-auto w-full border-b border-ink-100 bg-ivory-100 object-cover"
        />
      ) : (
        <div aria-hidden="true" className="h-1 w-full bg-gradient-to-r from-ink-900 via-ink-700 to-gold-500" />
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="text-xs font-semibold uppercase tracking-[0.14em] text-gold-700">{post.categoryLabel}</p>
        <h2 className="mt-3 text-xl font-semibold leading-snug">
          <Link
            to={`/blog/${encodeURIComponent(post.slug)}`}
            prefetch="intent"
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-focus-within:underline"
          >
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? <p className="mt-3 line-clamp-3 text-[0.95rem] leading-relaxed text-slate-600">{post.excerpt}</p> : null}
        <div className="mt-auto flex items-center justify-between pt-6 text-sm">
          <time dateTime={post.dateTime} className="text-slate-500">
            {post.date}
          </time>
          <span aria-hidden="true" className="font-medium text-ink-800 transition-transform group-hover:translate-x-0.5">
            Read article →
          </span>
        </div>
      </div>
    </article>
  );
}

/** Shown in place of a card while a new page or category loads on the client. */
export function PostCardSkeleton() {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-card border border-ink-100 bg-white" data-testid="post-skeleton">
      <div className="h-1 w-full bg-ink-100" />
      <div className="flex flex-1 animate-pulse flex-col p-6">
        <div className="h-3 w-24 rounded bg-ivory-200" />
        <div className="mt-4 h-5 w-11/12 rounded bg-ink-100" />
        <div className="mt-2 h-5 w-2/3 rounded bg-ink-100" />
        <div className="mt-5 h-3.5 w-full rounded bg-ivory-200" />
        <div className="mt-2 h-3.5 w-full rounded bg-ivory-200" />
        <div className="mt-2 h-3.5 w-3/4 rounded bg-ivory-200" />
        <div className="mt-auto flex justify-between pt-8">
          <div className="h-3.5 w-28 rounded bg-ivory-200" />
          <div className="h-3.5 w-20 rounded bg-ivory-200" />
        </div>
      </div>
    </div>
  );
}
