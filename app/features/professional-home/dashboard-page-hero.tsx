import { Link } from "react-router";
import type { ReactNode } from "react";
import { Icon } from "~/platform/ui/icons";

/** The head of a page under the professional's dashboard: the way back, the title, and what the page is for. */
export function DashboardPageHero({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-ink-100 bg-ivory-50">
      <div className="mx-auto max-w-6xl px-6 pb-8 pt-8 sm:pb-10 sm:pt-12">
        <Link to="/professional-dashboard" className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-ink-900">
          <Icon name="arrow" className="h-4 w-4 rotate-180" />
          Professional Dashboard
        </Link>
        <h1 className="mt-4 text-3xl font-semibold leading-tight sm:text-5xl">{title}</h1>
        <p className="mt-3 max-w-2xl leading-relaxed text-slate-600 sm:text-lg">{children}</p>
      </div>
    </section>
  );
}
