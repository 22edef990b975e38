import type { ReactNode } from "react";
import type { IconName } from "~/platform/ui/icons";
import { Section, SectionHeading } from "~/features/marketing/section";
import { CheckList, FeatureCard } from "~/features/marketing/cards";
import { StatStrip } from "~/features/marketing/stat-strip";
import type { ShownFigure } from "~/domain/marketing-figures";

type Tone = "page" | "white" | "ivory";

type Heading = {
  /** The h2's id, which also labels the section. */
  id: string;
  tone?: Tone;
  eyebrow: string;
  title: ReactNode;
  intro?: ReactNode;
};

/** Three cards a row for a short list, four (two on tablets) for a longer one. */
const CARD_GRIDS = {
  3: { list: "mt-12 grid gap-5 lg:grid-cols-12", item: "lg:col-span-4" },
  4: { list: "mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-12", item: "lg:col-span-3" },
} as const;

/** A heading over a grid of icon cards (values, principles, practices, benefits). */
export function FeatureCardSection({
  id,
  tone,
  eyebrow,
  title,
  intro,
  cards,
  perRow,
}: Heading & { cards: readonly { icon: IconName; title: string; text: string }[]; perRow: 3 | 4 }) {
  const grid = CARD_GRIDS[perRow];
  return (
    <Section tone={tone} labelledBy={id}>
      <SectionHeading id={id} eyebrow={eyebrow} title={title} intro={intro} />
      <ul className={grid.list}>
        {cards.map((card) => (
          <li key={card.title} className={grid.item}>
            <FeatureCard icon={card.icon} title={card.title}>
              {card.text}
            </FeatureCard>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * A heading over the site's figures, with room for notes (callouts) below them. Without figures (none is
 * backed yet) the notes stand under `withoutFigures`, a heading that does not promise numbers; with
 * neither figures nor notes, nothing is rendered.
 */
export function StatSection({
  id,
  tone,
  eyebrow,
  title,
  intro,
  label,
  stats,
  withoutFigures,
  children,
}: Heading & {
  label: string;
  stats: readonly ShownFigure[];
  withoutFigures?: Pick<Heading, "eyebrow" | "title" | "intro">;
  children?: ReactNode;
}) {
  if (!stats.length && !children) return null;
  const heading = stats.length ? { eyebrow, title, intro } : (withoutFigures ?? { eyebrow, title, intro });
  return (
    <Section tone={tone} labelledBy={id}>
      <SectionHeading id={id} eyebrow={heading.eyebrow} title={heading.title} intro={heading.intro} />
      {stats.length ? (
        <div className="mt-10">
          <StatStrip label={label} stats={stats} />
        </div>
      ) : null}
      {children}
    </Section>
  );
}

/** A heading on the left and a few paragraphs of prose on the right. */
export function ProseSection({
  id,
  tone,
  eyebrow,
  title,
  gap,
  children,
}: Heading & { gap: "gap-10" | "gap-12"; children: ReactNode }) {
  return (
    <Section tone={tone} labelledBy={id}>
      <div className={`grid ${gap} lg:grid-cols-12`}>
        <div className="lg:col-span-4">
          <SectionHeading id={id} eyebrow={eyebrow} title={title} />
        </div>
        <div className="max-w-[68ch] space-y-5 text-[1.0625rem] leading-[1.75] text-ink-800 lg:col-span-7 lg:col-start-6">
          {children}
        </div>
      </div>
    </Section>
  );
}

/** A heading on the left and a checklist on the right (standards, commitments). */
export function ChecklistBesideSection({ id, tone, eyebrow, title, intro, items }: Heading & { items: readonly ReactNode[] }) {
  return (
    <Section tone={tone} labelledBy={id}>
      <div className="grid gap-12 lg:grid-cols-12">
        <div className="lg:col-span-5">
          <SectionHeading id={id} eyebrow={eyebrow} title={title} intro={intro} />
        </div>
        <div className="lg:col-span-6 lg:col-start-7">
          <CheckList items={items} />
        </div>
      </div>
    </Section>
  );
}

/** A heading and checklist on the left, a callout (or any aside) on the right. */
export function ChecklistAndCalloutSection({
  id,
  tone,
  eyebrow,
  title,
  items,
  below,
  aside,
}: Heading & { items: readonly ReactNode[]; below?: ReactNode; aside: ReactNode }) {
  return (
    <Section tone={tone} labelledBy={id}>
      <div className="grid gap-12 lg:grid-cols-12">
        <div className="lg:col-span-6">
          <SectionHeading id={id} eyebrow={eyebrow} title={title} />
          <div className="mt-8">
            <CheckList items={items} />
          </div>
          {below}
        </div>
        <div className="lg:col-span-5 lg:col-start-8">{aside}</div>
      </div>
    </Section>
  );
}
