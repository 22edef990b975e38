import { Link } from "react-router";
import type { ReactNode } from "react";

/** The blog's newsletter block; the route passes the subscription form (the newsletter feature's). */
export function StayInformed({ form }: { form: ReactNode }) {
  return (
    <section aria-labelledby="stay-informed" className="relative overflow-hidden rounded-card bg-ink-900 px-6 py-12 text-ivory-50 sm:px-12">
      <svg aria-hidden="true" viewBox="0 0 400 200" className="pointer-events-none absolute -right-16 -top-10 h-64 w-[28rem] opacity-20">
        <g fill="none" stroke="currentColor" strokeWidth="1" className="text-gold-400">
          <circle cx="300" cy="100" r="60" />
          <circle cx="300" cy="100" r="95" />
          <circle cx="300" cy="100" r="130" />
        </g>
      </svg>
      <div className="relative max-w-2xl">
        <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-300">The WealthMatch Journal</p>
        <h2 id="stay-informed" className="mt-3 text-3xl font-semibold text-ivory-50">
          Stay Informed
        </h2>
        <p className="mt-4 text-base leading-relaxed text-ink-200">
          New perspectives on tax, estate and investment strategy, sent to your inbox when they are published. We ask
          you to confirm your address first, and every mail has a one-click unsubscribe link.
        </p>
        <div className="mt-8">
          {form}
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
          <a href="/blog/rss.xml" className="inline-flex items-center gap-2 font-medium text-gold-200 underline-offset-4 hover:underline">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
              <circle cx="5" cy="19" r="2" />
              <path d="M3 10a11 11 0 0 1 11 11h-3a8 8 0 0 0-8-8v-3Zm0-6a17 17 0 0 1 17 17h-3A14 14 0 0 0 3 7V4Z" />
            </svg>
            RSS feed
          </a>
          <span className="text-ink-300">
            Ready to talk to someone?{" "}
            <Link to="/register" className="font-medium text-ivory-50 underline underline-offset-4 hover:text-gold-200">
              Get matched
            </Link>
          </span>
        </div>
      </div>
    </section>
  );
}
