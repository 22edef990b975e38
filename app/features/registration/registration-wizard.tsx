import { Form, Link } from "react-router";
import { useEffect, useRef, useState, type ComponentType } from "react";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/platform/ui/button";
import { FormAlert } from "~/platform/ui/field";
import { progressText, sharedFirstSteps, stepAt, stepHref, stepSchema, stepsFor, type StepId } from "~/features/registration/steps";
import type { AnswerField } from "~/features/registration/registration-schema";
import { USER_TYPES, type UserType } from "~/domain/vocabulary";
import type { WizardValues, WizardView } from "~/features/registration/register.server";
import { FieldList, type FieldRow } from "~/platform/ui/field-list";
import { CredentialsStep, NAME_STEP, TypeStep } from "./account-steps";
import { OBJECTIVES, PERSONAL_STEP, RelationshipStep, WEALTH } from "./client-steps";
import { CLIENTELE_STEP, COMPANY_STEP, CommunicationStep, EXPERIENCE_STEP, SERVICES_STEP } from "./professional-steps";
import { ReviewStep } from "./review-step";
import { StepList, WizardProgress } from "./wizard-progress";
import type { StepProps } from "./step-props";

/** A step that is only a list of questions, rendered from its field list. */
function listStep(specs: readonly FieldRow[], className = "space-y-7"): ComponentType<StepProps> {
  return function ListStep({ fields, focus }: StepProps) {
    return <FieldList specs={specs} fields={fields} focus={focus} className={className} />;
  };
}

const STEP_COMPONENTS: Record<StepId, ComponentType<StepProps>> = {
  type: TypeStep,
  name: listStep(NAME_STEP, "space-y-5"),
  credentials: CredentialsStep,
  personal: listStep(PERSONAL_STEP, "space-y-5"),
  objectives: listStep([OBJECTIVES]),
  wealth: listStep(WEALTH),
  relationship: RelationshipStep,
  company: listStep(COMPANY_STEP, "space-y-5"),
  experience: listStep(EXPERIENCE_STEP),
  services: listStep(SERVICES_STEP),
  clientele: listStep(CLIENTELE_STEP),
  communication: CommunicationStep,
  review: ReviewStep,
};

const anything = z.object({});

// The first wizard rendered after a page load keeps the browser's focus; later steps (client-side
// navigation with JavaScript) move focus to their heading so screen readers announce the new step.
let pageLoadStep = true;

/** The account type ticked in the form, if any. */
function chosenType(form: HTMLFormElement | null): UserType | undefined {
  const value = form ? new FormData(form).get("userType") : null;
  return (USER_TYPES as readonly unknown[]).includes(value) ? (value as UserType) : undefined;
}

/**
 * Without JavaScript the page loads with the focus where the work is: on the first field with a message,
 * else (after a step was posted, i.e. from step 2 on) on the step's first field. The review step keeps
 * the focus at the top unless a box needs ticking, so its summary is read first.
 */
function autoFocusField(def: ReturnType<typeof stepAt>, step: number, result?: SubmissionResult<string[]>) {
  const withError = def.fields.find((f) => result?.error?.[f]?.length);
  if (withError) return withError;
  if (step === 1 || def.id === "review") return undefined;
  return def.fields[0];
}

export function RegistrationWizard({ view, result }: { view: WizardView; result?: SubmissionResult<string[]> }) {
  const def = stepAt(view.userType ?? undefined, view.step);
  const hydrated = useHydrated();
  // On step 1 the wizard's length follows the card ticked (8 or 9 steps) as soon as it is ticked.
  const [typeChoice, setTypeChoice] = useState<UserType | undefined>(view.userType ?? undefined);
  const userType = def.id === "type" ? typeChoice : (view.userType ?? undefined);
  const steps = stepsFor(userType);
  const total = steps.length;
  const last = view.step === total;
  const progress = progressText(userType, view.step);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (pageLoadStep) {
      pageLoadStep = false;
      return;
    }
    const heading = headingRef.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    const { top, bottom } = heading.getBoundingClientRect();
    if (top < 80 || bottom > window.innerHeight) heading.scrollIntoView({ block: "center" });
  }, []);

  const [form, fields] = useForm<WizardValues>({
    id: `register-${def.id}`,
    // The stored answers are what each field shows; a refused step comes back with them too.
    defaultValue: view.values,
    lastResult: result,
    // Checked on Continue, then live while corrected. Checked on blur, the first field's message appeared
    // as the pointer pressed Continue, moved the button away and lost the click: only that one was marked.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      // Back keeps whatever is typed, valid or not; the server stores it as it is.
      const intent = submitter instanceof HTMLButtonElement ? submitter.value : null;
      return parseWithZod(formData, { schema: intent === "back" ? anything : stepSchema(def.id) });
    },
  });

  // Continue is never disabled for a missing answer: pressing it shows the messages under the fields
  // (checked here with the step's schema when JavaScript runs, by the server without it).
  const onChange = def.id === "type" ? () => setTypeChoice(chosenType(formRef.current)) : undefined;
  // A card ticked before the page's script took over (a slow phone) fired no onChange: the count follows it once it does.
  const isTypeStep = def.id === "type";
  useEffect(() => {
    if (isTypeStep) setTypeChoice(chosenType(formRef.current));
  }, [isTypeStep]);

  const submitting = useIsPending({ formAction: null });
  const creating = useIsPending({ formAction: null, formData: { intent: "create" } });
  // Once hydrated, a new step moves the focus to its heading instead (see the effect above).
  const focusField = hydrated ? undefined : autoFocusField(def, view.step, result);
  const focus = (field: AnswerField) => (field === focusField ? true : undefined);
  const Step = STEP_COMPONENTS[def.id];

  return (
    <div className="grid gap-10 lg:grid-cols-12">
      <aside className="hidden lg:col-span-4 lg:block">
        <p className="px-3 text-xs font-semibold uppercase tracking-[0.18em] text-slate-600">Your progress</p>
        <div className="mt-4">
          {userType ? (
            <StepList steps={steps} current={view.step} />
          ) : (
            <StepList steps={sharedFirstSteps()} current={view.step} more="The steps after these depend on your account type." />
          )}
        </div>
      </aside>

      <div className="lg:col-span-8">
        <WizardProgress progress={progress} />

        <Form
          method="post"
          action={stepHref(view.step)}
          ref={formRef}
          {...getFormProps(form)}
          onChange={onChange}
          key={form.id}
          className="mt-6 rounded-card border border-ink-100 bg-white"
        >
          <input type="hidden" name="step" value={view.step} />
          <div className="px-5 pb-2 pt-6 sm:px-8 sm:pt-8">
            <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none sm:text-[1.75rem]">
              {def.title}
            </h2>
            <p className="mt-1.5 text-slate-600">{def.description}</p>
          </div>

          <div className="space-y-5 px-5 py-6 sm:px-8">
            {form.errors?.length ? <FormAlert>{form.errors.join(" ")}</FormAlert> : null}
            <Step values={view.values} fields={fields} focus={focus} />
          </div>

          {/* Continue comes first in the markup so Enter moves forward; Back is rendered on the left. */}
          <div className="flex flex-row-reverse items-center justify-between gap-3 border-t border-ink-100 px-5 py-5 sm:px-8">
            <Button
              name="intent"
              value={last ? "create" : "continue"}
              disabled={submitting}
              className="min-w-36"
            >
              {last
                ? creating
                  ? "Creating Account..."
                  : "Create Account"
                : "Continue"}
            </Button>
            {view.step > 1 ? (
              <Button name="intent" value="back" variant="secondary" formNoValidate disabled={submitting}>
                Back
              </Button>
            ) : null}
          </div>
        </Form>

        {view.step === 1 && view.furthest > 1 ? (
          <p className="mt-6 text-center text-sm text-slate-600">
            Your answers are kept.{" "}
            <Link
              to={stepHref(view.furthest)}
              className="font-semibold text-ink-900 underline underline-offset-2 hover:text-gold-700"
            >
              Continue from step {view.furthest}
            </Link>
          </p>
        ) : null}
        {view.step === 1 ? (
          <p className="mt-6 text-center text-sm text-slate-600">
            Already have an account?{" "}
            <Link to="/login" className="font-semibold text-ink-900 underline underline-offset-2 hover:text-gold-700">
              Sign in
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
