import type { ReactNode } from "react";

/** A white card on a member's page: a titled section with a short introduction over its content. */
export function PanelCard({ id, title, intro, children }: { id: string; title: ReactNode; intro: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-ink-100 bg-white p-6 sm:p-8">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-2 text-[0.9375rem] leading-relaxed text-slate-600">{intro}</p>
      {children}
    </section>
  );
}
