import type { ReactNode } from "react";

export function Eyebrow({
  children,
  tone = "light",
  className = "",
}: {
  children: ReactNode;
  tone?: "light" | "dark";
  className?: string;
}) {
  return (
    <p className={`text-xs font-semibold uppercase tracking-[0.18em] ${tone === "dark" ? "text-gold-300" : "text-gold-700"} ${className}`}>
      {children}
    </p>
  );
}

const BACKGROUNDS = {
  page: "",
  white: "bg-white border-y border-ink-100",
  ivory: "bg-ivory-50 border-y border-ink-100",
  navy: "bg-ink-950 text-ivory-50",
} as const;

/** One band of a page: a landmark-free wrapper with the site's container and vertical rhythm. */
export function Section({
  children,
  tone = "page",
  labelledBy,
  className = "",
}: {
  children: ReactNode;
  tone?: keyof typeof BACKGROUNDS;
  labelledBy?: string;
  className?: string;
}) {
  return (
    <section aria-labelledby={labelledBy} className={`relative ${BACKGROUNDS[tone]} ${className}`}>
      <div className="mx-auto max-w-6xl px-6 py-16 sm:py-24">{children}</div>
    </section>
  );
}

/** The eyebrow, serif h2 and short introduction that open a section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  tone = "light",
  align = "left",
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  tone?: "light" | "dark";
  align?: "left" | "center";
}) {
  const centered = align === "center";
  return (
    <div className={`max-w-2xl ${centered ? "mx-auto text-center" : ""}`}>
      {eyebrow ? <Eyebrow tone={tone}>{eyebrow}</Eyebrow> : null}
      <h2
        id={id}
        className={`mt-3 text-3xl font-semibold leading-tight sm:text-4xl ${tone === "dark" ? "text-ivory-50" : ""}`}
      >
        {title}
      </h2>
      {intro ? (
        <p className={`mt-4 text-lg leading-relaxed ${tone === "dark" ? "text-ink-200" : "text-slate-600"}`}>{intro}</p>
      ) : null}
    </div>
  );
}
