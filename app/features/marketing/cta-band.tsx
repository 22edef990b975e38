import type { ReactNode } from "react";
import { ContoursArt } from "~/platform/ui/decoration";
import { Eyebrow } from "./section";
import { CtaLink } from "./links";

type Action = { to: string; label: string };

/** The closing invitation of a page: a navy band with a serif line, the main action in gold and another beside it. */
export function CtaBand({
  id,
  eyebrow,
  title,
  text,
  primary,
  secondary,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  text: ReactNode;
  primary: Action;
  secondary: Action;
}) {
  return (
    <section aria-labelledby={id} className="relative overflow-hidden bg-ink-900 text-ivory-50">
      <ContoursArt
        tone="dark"
        className="pointer-events-none absolute -right-72 top-1/2 hidden h-[40rem] w-[40rem] -translate-y-1/2 md:block lg:-right-24"
      />
      <div className="relative mx-auto max-w-6xl px-6 py-20 sm:py-24">
        <div className="max-w-2xl">
          {eyebrow ? <Eyebrow tone="dark">{eyebrow}</Eyebrow> : null}
          <h2 id={id} className="mt-3 text-3xl font-semibold leading-tight text-ivory-50 sm:text-[2.75rem]">
            {title}
          </h2>
          <div className="mt-5 max-w-xl text-lg leading-relaxed text-ink-200">{text}</div>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <CtaLink to={primary.to} variant="gold">
              {primary.label}
            </CtaLink>
            <CtaLink to={secondary.to} variant="outline-light">
              {secondary.label}
            </CtaLink>
          </div>
        </div>
      </div>
    </section>
  );
}
