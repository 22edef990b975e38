import { canBeLive, figureToShow, formatCount, LIVE_COUNT_DESCRIPTIONS, LIVE_COUNT_OF, STAT_KEYS, type Figure, type HiddenReason, type LiveCounts, type StatKey } from "~/domain/marketing-figures";
import { pagesQuoting } from "~/features/marketing/page-figures";
import { RadioGroup } from "~/platform/ui/choice-fields";
import { TextField, type FieldMeta } from "~/platform/ui/field";

const NAMES: Record<StatKey, string> = {
  vettedProfessionals: "Vetted professionals",
  matches: "Successful matches",
  assets: "Assets",
  satisfaction: "Client satisfaction",
  longTermRelationships: "Long-term relationships",
  renewal: "Professional renewal",
  activeClients: "Active clients",
  averageClientAum: "Average client AUM",
};

/** Why the pages leave a figure out, as the admin reads it. */
const HIDDEN: Record<HiddenReason, (minimum: number) => string> = {
  "no-value": () => "not shown: no figure",
  unproven: () => "not shown: it needs the date it was true and its source",
  "below-minimum": (minimum) => `not shown: the live count is below ${formatCount(minimum)}`,
  "not-counted": () => "not shown: the live count could not be read",
};

/** What the pages show for a saved figure now: "shown: 98%, As of ... · Source: ..." or why not. */
export function figureStateText(key: StatKey, figure: Figure, live: LiveCounts | null, minimum: number): string {
  const choice = figureToShow(key, figure, live, minimum);
  if (choice.shown) return `Now shown: ${choice.shown.value} (${choice.shown.note}).`;
  const count = LIVE_COUNT_OF[key];
  const counted = figure.source === "live" && count && live ? ` (${formatCount(live[count])} now)` : "";
  return `Now ${HIDDEN[choice.hidden](minimum)}${counted}.`;
}

/** What the form's `marketingStats.<key>` field hands out: one field per part of a figure. */
type FigureField = { getFieldset(): { value: FieldMeta; label: FieldMeta; source: FieldMeta; asOf: FieldMeta; citation: FieldMeta } };

/**
 * The marketing figures of the settings form: per figure its value, label, the day it was true and its
 * source, and for those the database can count, the choice between that value and the live count
 * (shown with the number it has now). Each says whether the pages show it now, and if not why.
 */
export function FigureFields({
  stats,
  saved,
  live,
  minimum,
}: {
  stats: Record<StatKey, FigureField>;
  /** The figures as saved, for the line saying what the pages show. */
  saved: Record<StatKey, Figure>;
  /** The counts now; null when they could not be read. */
  live: LiveCounts | null;
  /** The smallest live count the pages show, as saved. */
  minimum: number;
}) {
  return (
    <div className="mt-5 space-y-4">
      {STAT_KEYS.map((key) => {
        const stat = stats[key].getFieldset();
        const source = LIVE_COUNT_OF[key];
        return (
          <fieldset key={key} id={`figure-${key}`} className="scroll-mt-24 rounded-md border border-ink-100 px-4 pb-4 pt-1">
            <legend className="px-1 text-sm font-semibold text-ink-900">{NAMES[key]}</legend>
            <p className="text-xs text-slate-600">Shown on: {pagesQuoting(key)}.</p>
            <p data-testid={`figure-state-${key}`} className="mt-1 text-xs font-medium text-ink-800">
              {figureStateText(key, saved[key], live, minimum)}
            </p>
            {canBeLive(key) && source ? (
              <div className="mt-3">
                <RadioGroup
                  meta={stat.source}
                  legend="What the pages show"
                  options={[
                    { value: "set", label: "The figure below" },
                    {
                      value: "live",
                      label: live
                        ? `The live count: ${formatCount(live[source])} ${LIVE_COUNT_DESCRIPTIONS[source]} now`
                        : `The live count of ${LIVE_COUNT_DESCRIPTIONS[source]}`,
                    },
                  ]}
                />
              </div>
            ) : (
              <input type="hidden" name={stat.source.name} value="set" />
            )}
            <div className="mt-3 grid gap-3 sm:grid-cols-[9rem_1fr_11rem]">
              <TextField meta={stat.value} id={stat.value.id} label="Figure" />
              <TextField meta={stat.label} id={stat.label.id} label="Label" />
              <TextField meta={stat.asOf} id={stat.asOf.id} type="date" label="As of" />
            </div>
            <div className="mt-3">
              <TextField meta={stat.citation} id={stat.citation.id} label="Source" />
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
