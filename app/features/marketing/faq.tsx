import type { ReactNode } from "react";

export type FaqItem = { question: string; answer: ReactNode };

/** Questions that open in place: native <details>, so they work without JavaScript. */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-ink-100 border-y border-ink-100">
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-6 py-5 text-left [&::-webkit-details-marker]:hidden">
            <span className="font-serif text-lg font-semibold leading-snug text-ink-900">{item.question}</span>
            <span
              aria-hidden="true"
              className="relative mt-1.5 h-4 w-4 shrink-0 text-gold-600 before:absolute before:left-0 before:top-1/2 before:h-px before:w-4 before:bg-current after:absolute after:left-1/2 after:top-0 after:h-4 after:w-px after:bg-current after:transition-transform group-open:after:scale-y-0"
            />
          </summary>
          <div className="max-w-[68ch] pb-6 pr-10 text-base leading-relaxed text-slate-600">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
