import { Link } from "react-router";
import type { Route } from "./+types/not-found";
import { SITE_NAME } from "~/platform/seo";
import { notFoundLoader } from "~/features/site/site.server";
import { buttonClass } from "~/platform/ui/button";
import { ArchesArt } from "~/platform/ui/decoration";

export const loader = ({ request }: Route.LoaderArgs) => notFoundLoader(request);

// No canonical link or Open Graph tags: this page stands in for an address that does not exist.
export const meta: Route.MetaFunction = () => [
  { title: `Page not found | ${SITE_NAME}` },
  { name: "description", content: "The page you are looking for does not exist or has moved. Return to the WealthMatch home page." },
  { name: "robots", content: "noindex" },
];

const SUGGESTIONS = [
  { to: "/services", label: "Services for Wealth Creators" },
  { to: "/professionals", label: "For Professionals" },
  { to: "/blog", label: "Insights & Perspectives" },
  { to: "/contact", label: "Contact Us" },
] as const;

export default function NotFound() {
  return (
    <section className="relative overflow-hidden">
      <ArchesArt className="pointer-events-none absolute left-1/2 top-8 w-[34rem] max-w-none -translate-x-1/2 text-ink-300 opacity-35 [mask-image:linear-gradient(to_bottom,black_45%,transparent_75%)]" />
      <div className="relative mx-auto max-w-2xl px-6 py-24 text-center sm:py-32">
        <p className="font-serif text-7xl font-semibold tracking-tight text-gold-600 sm:text-8xl">404</p>
        <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">Oops! Page not found</h1>
        <p className="mx-auto mt-4 max-w-md text-lg leading-relaxed text-slate-600">
          The page you are looking for does not exist or has moved.
        </p>
        <Link to="/" className={buttonClass("primary", "mt-10 px-6 py-3 text-[0.9375rem]")}>
          Return to Home
        </Link>
        <nav aria-label="Suggested pages" className="mt-14 border-t border-ink-100 pt-8">
          <p className="text-xs font-semibold uppercase tracking-[0.14em] text-slate-600">You may be looking for</p>
          <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-3 text-sm">
            {SUGGESTIONS.map((s) => (
              <li key={s.to}>
                <Link to={s.to} className="font-medium text-ink-900 underline decoration-ink-200 underline-offset-4 hover:decoration-gold-500">
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
