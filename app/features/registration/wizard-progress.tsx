import type { StepDef, WizardProgressText } from "~/features/registration/steps";

/** 'Step N of M', the percent complete and a bar (before the account type is chosen: both paths' lengths). */
export function WizardProgress({ progress }: { progress: WizardProgressText }) {
  const { label, detail, percent } = progress;
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <p className="font-semibold text-ink-900">
          {label}
        </p>
        <p className="text-right text-slate-600">{detail}</p>
      </div>
      <div
        role="progressbar"
        aria-label="Registration progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${label}, ${detail}`}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-ink-100"
      >
        <div className="h-full rounded-full bg-gold-500 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The list of steps beside the form on wide screens. */
export function StepList({ steps, current, more }: { steps: StepDef[]; current: number; more?: string }) {
  return (
    <>
      <ol className="space-y-1">
      {steps.map((s, i) => {
        const n = i + 1;
        const state = n < current ? "done" : n === current ? "current" : "todo";
        return (
          <li
            key={s.id}
            aria-current={state === "current" ? "step" : undefined}
            className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm ${state === "current" ? "bg-white font-semibold text-ink-900 ring-1 ring-ink-100" : state === "done" ? "text-ink-700" : "text-slate-500"}`}
          >
            <span
              aria-hidden="true"
              className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs ${state === "done" ? "bg-ink-900 text-ivory-50" : state === "current" ? "border border-gold-500 text-gold-700" : "border border-ink-200"}`}
            >
              {state === "done" ? "✓" : n}
            </span>
            <span>
              {s.title}
              {state === "done" ? <span className="sr-only"> (completed)</span> : null}
            </span>
          </li>
        );
      })}
      </ol>
      {more ? <p className="mt-3 px-3 text-sm text-slate-600">{more}</p> : null}
    </>
  );
}
