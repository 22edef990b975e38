import type { ReactNode } from "react";
import { Icon, type IconName } from "~/platform/ui/icons";

/** A titled card in a grid of reasons, services or principles. */
export function FeatureCard({
  icon,
  title,
  children,
  headingLevel = 3,
}: {
  icon?: IconName;
  title: string;
  children: ReactNode;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="flex h-full flex-col rounded-card border border-ink-100 bg-white p-7">
      {icon ? (
        <span className="mb-6 inline-flex h-11 w-11 items-center justify-center rounded-full border border-gold-400/60 text-gold-700">
          <Icon name={icon} />
        </span>
      ) : null}
      <Heading className="font-serif text-xl font-semibold text-ink-900">{title}</Heading>
      <div className="mt-3 text-[0.9375rem] leading-relaxed text-slate-600">{children}</div>
    </div>
  );
}

/** A list with fine gold ticks. */
export function CheckList({ items, tone = "light" }: { items: readonly ReactNode[]; tone?: "light" | "dark" }) {
  return (
    <ul className="space-y-3">
      {items.map((item, i) => (
        <li key={i} className={`flex gap-3 text-[0.9375rem] leading-relaxed ${tone === "dark" ? "text-ink-100" : "text-ink-800"}`}>
          <Icon name="check" className={`mt-0.5 h-5 w-5 shrink-0 ${tone === "dark" ? "text-gold-300" : "text-gold-600"}`} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
