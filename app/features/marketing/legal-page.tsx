import type { ReactNode } from "react";
import { Eyebrow } from "./section";

export type LegalSection = {
  id: string;
  title: string;
  body: ReactNode;
  /** Tables need the full column, not the reading measure. */
  wide?: boolean;
};

/**
 * Reading layout for policies and long statements: 17-18 px text on a ~68-character measure, serif
 * section headings, and a list of sections that stays in view on wide screens.
 */
const LEGAL_PROSE = [
  "text-[1.0625rem] leading-[1.75] text-ink-800",
  "[&>p]:mt-4 [&>:first-child]:mt-0",
  "[&>h3]:mt-8 [&>h3]:font-serif [&>h3]:text-xl [&>h3]:font-semibold [&>h3]:text-ink-900",
  "[&_strong]:font-semibold [&_strong]:text-ink-900",
  "[&_a]:font-medium [&_a]:text-ink-900 [&_a]:underline [&_a]:decoration-gold-500 [&_a]:underline-offset-4 [&_a:hover]:decoration-ink-900",
  "[&>ul]:mt-4 [&>ul]:list-disc [&>ul]:space-y-2 [&>ul]:pl-6 [&>ul>li::marker]:text-gold-600",
  "[&>ol]:mt-4 [&>ol]:list-decimal [&>ol]:space-y-2 [&>ol]:pl-6",
].join(" ");

export function LegalPage({
  eyebrow,
  title,
  updated,
  intro,
  sections,
}: {
  eyebrow: string;
  title: string;
  updated?: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <div className="border-b border-ink-100 bg-ivory-50">
        <div className="mx-auto max-w-6xl px-6 pb-12 pt-14 sm:pb-16 sm:pt-20">
          <Eyebrow>{eyebrow}</Eyebrow>
          <h1 className="mt-4 text-4xl font-semibold leading-tight sm:text-5xl">{title}</h1>
          {updated ? <p className="mt-4 text-sm text-slate-600">{updated}</p> : null}
          <div className="mt-6 max-w-[68ch] text-lg leading-relaxed text-slate-600">{intro}</div>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl gap-12 px-6 py-14 sm:py-20 lg:grid-cols-12">
        <nav aria-label="On this page" className="lg:col-span-3">
          <div className="lg:sticky lg:top-24">
            <p className="text-xs font-semibold uppercase tracking-[0.14em] text-slate-600">On this page</p>
            <ol className="mt-4 space-y-2.5 border-l border-ink-100 text-sm">
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="-ml-px block border-l border-transparent pl-4 text-slate-600 hover:border-gold-500 hover:text-ink-900">
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <div className="space-y-14 lg:col-span-8 lg:col-start-5">
          {sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-24">
              <h2 id={`${s.id}-title`} className="text-2xl font-semibold leading-snug sm:text-[1.75rem]">
                {s.title}
              </h2>
              <div className={`mt-5 ${LEGAL_PROSE} ${s.wide ? "" : "max-w-[68ch]"}`}>{s.body}</div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
