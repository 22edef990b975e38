import { percentComplete, type StepDef } from "~/features/registration/steps";

/** 'Step N of M', the percent complete and a bar. */
export function WizardProgress({ step, total }: { step: number; total: number }) {
  const percent = percentComplete(step, total);
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <p className="font-semibold text-ink-900">
          Step {step} of {total}
        </p>
        <p className="text-slate-600">{percent}% complete</p>
      </div>
      <div
        role="progressbar"
        aria-label="Registration progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`Step ${step} of ${total}, ${percent}% complete`}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-ink-100"
      >
        <div className="h-full rounded-full bg-gold-500 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The list of steps beside the form on wide screens. */
export function StepList({ steps, current }: { steps: StepDef[]; current: number }) {
  return (
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
  );
}
