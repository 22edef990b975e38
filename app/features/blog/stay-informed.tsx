import { Link } from "react-router";
import { buttonClass } from "~/platform/ui/button";

export function StayInformed() {
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
          New perspectives on tax, estate and investment strategy are published here regularly. When a topic touches
          your own situation, a vetted professional who shares your values can take it further.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/register" className={buttonClass("gold")}>
            Get Started
          </Link>
          <Link to="/contact" className="inline-flex items-center justify-center rounded-md border border-ink-600 px-5 py-2.5 text-sm font-semibold text-ivory-50 transition-colors hover:bg-ink-800">
            Contact Us
          </Link>
        </div>
      </div>
    </section>
  );
}
