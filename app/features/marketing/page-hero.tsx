import type { ReactNode } from "react";
import { ColonnadeArt, ContoursArt } from "~/platform/ui/decoration";
import { Eyebrow } from "./section";
import { CtaLink } from "./links";

type Action = { to: string; label: string };

/**
 * The opening band of an inner marketing page: eyebrow, the page's only h1, an introduction,
 * optional actions (the main one filled, another beside it), and a line drawing on wide screens.
 */
export function PageHero({
  eyebrow,
  title,
  intro,
  actions,
  art = "contours",
}: {
  eyebrow: string;
  title: ReactNode;
  intro: ReactNode;
  actions?: { primary: Action; secondary: Action };
  art?: "contours" | "colonnade" | "none";
}) {
  return (
    <section className="relative overflow-hidden border-b border-ink-100 bg-ivory-50">
      {art === "contours" ? (
        <ContoursArt className="pointer-events-none absolute -right-48 -top-40 hidden h-[36rem] w-[36rem] md:block" />
      ) : null}
      <div className="relative mx-auto grid max-w-6xl gap-10 px-6 pb-16 pt-14 sm:pb-20 sm:pt-20 lg:grid-cols-12">
        <div className={art === "colonnade" ? "lg:col-span-7" : "lg:col-span-8"}>
          <Eyebrow>{eyebrow}</Eyebrow>
          <h1 className="mt-4 text-4xl font-semibold leading-[1.1] sm:text-5xl lg:text-[3.5rem]">{title}</h1>
          <div className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-600">{intro}</div>
          {actions ? (
            <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <CtaLink to={actions.primary.to}>{actions.primary.label}</CtaLink>
              <CtaLink to={actions.secondary.to} variant="secondary">
                {actions.secondary.label}
              </CtaLink>
            </div>
          ) : null}
        </div>
        {art === "colonnade" ? (
          <div className="hidden items-end lg:col-span-5 lg:flex">
            <ColonnadeArt className="w-full" />
          </div>
        ) : null}
      </div>
    </section>
  );
}
