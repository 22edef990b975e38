import type { ReactNode } from "react";
import { CornerRings } from "~/platform/ui/decoration";

/**
 * The frame of the sign-in, forgot- and reset-password pages: a short statement beside (or, on a
 * phone, above) a single card holding the form.
 */
export function AuthShell({
  eyebrow,
  title,
  intro,
  children,
  aside,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
  /** Quiet reassurance under the statement on wide screens. */
  aside?: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden">
      <CornerRings className="-z-10" />
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 sm:py-16 lg:grid-cols-12 lg:gap-16 lg:py-24">
        <div className="lg:col-span-6 lg:pt-6">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">{eyebrow}</p>
          <h1 className="mt-3 text-3xl font-semibold leading-tight sm:text-5xl">{title}</h1>
          <div className="mt-4 max-w-xl text-lg leading-relaxed text-slate-600">{intro}</div>
          {aside ? <div className="mt-10 hidden lg:block">{aside}</div> : null}
        </div>
        <div className="lg:col-span-6 lg:col-start-7">
          <div className="rounded-card border border-ink-100 bg-white p-6 sm:p-8">{children}</div>
        </div>
      </div>
    </div>
  );
}

/** Short facts that reassure a person entering their credentials. */
export function TrustPoints({ points }: { points: readonly { title: string; text: string }[] }) {
  return (
    <ul className="space-y-5 border-l border-gold-400/60 pl-6">
      {points.map((p) => (
        <li key={p.title}>
          <p className="font-serif text-lg text-ink-900">{p.title}</p>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">{p.text}</p>
        </li>
      ))}
    </ul>
  );
}
