import { Link } from "react-router";
import { Icon } from "~/platform/ui/icons";
import { STEP_STATE_WORDS, type OnboardingStep, type OnboardingView, type StepState } from "./onboarding";

const PILL: Record<StepState, string> = {
  done: "border-success-700/25 bg-success-50 text-success-700",
  todo: "border-gold-400 bg-ivory-50 text-ink-900",
  team: "border-ink-200 bg-white text-slate-700",
};

/** The step's mark: a filled tick when done, a gold ring for the professional's turn, a clock for ours. */
function Mark({ state, small = false }: { state: StepState; small?: boolean }) {
  const size = small ? "h-5 w-5" : "h-8 w-8";
  const icon = small ? "h-3 w-3" : "h-4 w-4";
  if (state === "done") {
    return (
      <span aria-hidden="true" className={`inline-flex ${size} shrink-0 items-center justify-center rounded-full bg-success-700 text-white`}>
        <Icon name="check" className={icon} />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex ${size} shrink-0 items-center justify-center rounded-full border-2 ${state === "todo" ? "border-gold-500 bg-white text-gold-700" : "border-ink-200 bg-ivory-50 text-slate-600"}`}
    >
      {state === "team" ? <Icon name="clock" className={icon} /> : null}
    </span>
  );
}

function StatePill({ state }: { state: StepState }) {
  return <span className={`inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${PILL[state]}`}>{STEP_STATE_WORDS[state]}</span>;
}

function Checks({ checks }: { checks: NonNullable<OnboardingStep["checks"]> }) {
  return (
    <ul aria-label="What our team checks" className="mt-4 space-y-2.5 rounded-md border border-ink-100 bg-ivory-50 px-4 py-3.5">
      {checks.map((check) => (
        <li key={check.item} className="flex items-start gap-3 text-sm" data-testid={`check-${check.item}`}>
          <Mark state={check.state} small />
          <span className="min-w-0">
            <span className={check.state === "done" ? "text-ink-900" : "text-ink-800"}>{check.label}</span>
            <span className="text-slate-600"> · {check.state === "done" ? "done" : check.state === "todo" ? "waiting for you" : "with our team"}</span>
            {check.note ? <span className="mt-0.5 block text-warning-700">{check.note}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Step({ step }: { step: OnboardingStep }) {
  return (
    <li className="flex gap-4 px-5 py-5 sm:px-8" aria-labelledby={`step-${step.id}`} data-state={step.state}>
      <Mark state={step.state} />
      <div className="min-w-0 flex-1">
        {/* On a phone the state sits under the title for every step (beside a short title and under a long
            one looked uneven); from sm it sits at the row's right. */}
        <div className="flex flex-col items-start gap-1.5 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:gap-x-3">
          <h3 id={`step-${step.id}`} className="font-sans text-base font-semibold text-ink-900">
            {step.title}
          </h3>
          <StatePill state={step.state} />
        </div>
        <p className="mt-1.5 text-[0.9375rem] leading-relaxed text-slate-600">{step.text}</p>
        {step.checks ? <Checks checks={step.checks} /> : null}
        <p className="mt-3">
          <Link
            to={step.link.to}
            className="group inline-flex items-center gap-2 text-sm font-semibold text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900"
          >
            {step.link.label}
            <Icon name="arrow" className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
          </Link>
        </p>
      </div>
    </li>
  );
}

/** The professional's path from registration to verified: each step, its state and where to act on it. */
export function OnboardingChecklist({ view }: { view: OnboardingView }) {
  const total = view.steps.length;
  return (
    <section id="onboarding" aria-labelledby="onboarding-heading" className="scroll-mt-24 rounded-card border border-ink-100 bg-white">
      <div className="border-b border-ink-100 px-5 py-6 sm:px-8">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="onboarding-heading" className="text-xl font-semibold sm:text-2xl">
            {view.title}
          </h2>
          <p className="text-sm font-semibold text-ink-900" data-testid="onboarding-progress">
            {view.done} of {total} steps done
          </p>
        </div>
        <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-ivory-200" aria-hidden="true">
          <div className="h-full rounded-full bg-gold-500" style={{ width: `${Math.round((view.done / total) * 100)}%` }} />
        </div>
        <p className="mt-3 max-w-3xl text-[0.9375rem] leading-relaxed text-slate-600">
          {view.lead}
        </p>
      </div>
      <ol aria-label="Onboarding steps" className="divide-y divide-ink-100">
        {view.steps.map((step) => (
          <Step key={step.id} step={step} />
        ))}
      </ol>
    </section>
  );
}
