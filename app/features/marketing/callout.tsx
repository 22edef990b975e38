import type { ReactNode } from "react";

/** A bordered aside with a gold edge: a note the reader should not miss, inside a page. */
export function Callout({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <aside aria-labelledby={id} className="rounded-card border border-ink-100 border-l-2 border-l-gold-500 bg-white p-7 sm:p-8">
      <h3 id={id} className="text-xl font-semibold">{title}</h3>
      <div className="mt-3 text-[0.9375rem] leading-relaxed text-slate-600 [&_a]:font-medium [&_a]:text-ink-900 [&_a]:underline [&_a]:decoration-gold-500 [&_a]:underline-offset-4">{children}</div>
    </aside>
  );
}
