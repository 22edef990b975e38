import type { ReactNode } from "react";
import { CornerRings } from "~/platform/ui/decoration";

/** The head of a member list page (/messages, /introductions, /calls), as the member homes render theirs. */
export function MemberPageHead({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <section className="relative overflow-hidden border-b border-ink-100 bg-ivory-50">
      <CornerRings />
      <div className="relative mx-auto max-w-6xl px-6 pb-8 pt-10 sm:pb-10 sm:pt-14">
        <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">{eyebrow}</p>
        <h1 className="mt-3 text-3xl font-semibold leading-tight sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-600">{children}</p>
      </div>
    </section>
  );
}

/** A list's empty state: a dashed card with a sentence. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-card border border-dashed border-ink-200 bg-white p-6 text-[0.9375rem] leading-relaxed text-slate-600">{children}</p>;
}
