import { useEffect, useRef, useState, type ComponentType } from "react";
import { Form, Link, useNavigation } from "react-router";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { isStepComplete, stepAt, stepSchema, stepsFor, valuesFromFormData, type StepId } from "~/registration/steps";
import type { AnswerField } from "~/registration/registration-schema";
import type { WizardView } from "~/registration/wizard.server";
import { CredentialsStep, NameStep, TypeStep } from "./account-steps";
import { ClientPersonalStep, ObjectivesStep, RelationshipStep, WealthStep } from "./client-steps";
import { ClienteleStep, CommunicationStep, CompanyStep, ExperienceStep, ServicesStep } from "./professional-steps";
import { ReviewStep } from "./review-step";
import { StepList, WizardProgress } from "./wizard-progress";
import type { StepProps } from "./step-props";

const STEP_COMPONENTS: Record<StepId, ComponentType<StepProps>> = {
  type: TypeStep,
  name: NameStep,
  credentials: CredentialsStep,
  personal: ClientPersonalStep,
  objectives: ObjectivesStep,
  wealth: WealthStep,
  relationship: RelationshipStep,
  company: CompanyStep,
  experience: ExperienceStep,
  services: ServicesStep,
  clientele: ClienteleStep,
  communication: CommunicationStep,
  review: ReviewStep,
};

const anything = z.object({});

// The first wizard drawn after a page load keeps the browser's focus; later steps (client-side
// navigation with JavaScript) move focus to their heading so screen readers announce the new step.
let pageLoadStep = true;

export function RegistrationWizard({ view, result }: { view: WizardView; result?: SubmissionResult<string[]> }) {
  const userType = view.userType ?? undefined;
  const def = stepAt(userType, view.step);
  const steps = stepsFor(userType);
  const last = view.step === view.total;
  const hydrated = useHydrated();
  const navigation = useNavigation();
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

  const [form, fields] = useForm<Record<string, unknown>>({
    id: `register-${def.id}`,
    lastResult: result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      // Back keeps whatever is typed, valid or not; the server stores it as it is.
      const intent = submitter instanceof HTMLButtonElement ? submitter.value : null;
      return parseWithZod(formData, { schema: intent === "back" ? anything : stepSchema(def.id) });
    },
  });

  // Spec §5 gating: with JavaScript, Continue waits until the step's required answers are there.
  // The form starts with the saved answers; every change (typing, ticking, autofill) re-reads it.
  const [complete, setComplete] = useState(() => isStepComplete(def, view.values));
  const recheck = () => {
    if (formRef.current) setComplete(isStepComplete(def, valuesFromFormData(new FormData(formRef.current))));
  };

  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const pendingIntent = submitting ? navigation.formData?.get("intent") : null;
  const errors = (field: AnswerField) => fields[field]?.errors;
  const Step = STEP_COMPONENTS[def.id];

  return (
    <div className="grid gap-10 lg:grid-cols-12">
      <aside className="hidden lg:col-span-4 lg:block">
        <p className="px-3 text-xs font-semibold uppercase tracking-[0.18em] text-slate-600">Your progress</p>
        <div className="mt-4">
          <StepList steps={steps} current={view.step} />
        </div>
      </aside>

      <div className="lg:col-span-8">
        <WizardProgress step={view.step} total={view.total} />

        <Form
          method="post"
          action="/register"
          ref={formRef}
          {...getFormProps(form)}
          onChange={recheck}
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
            <Step values={view.values} errors={errors} />
          </div>

          {/* Continue comes first in the markup so Enter moves forward; Back is drawn on the left. */}
          <div className="flex flex-row-reverse items-center justify-between gap-3 border-t border-ink-100 px-5 py-5 sm:px-8">
            <Button
              name="intent"
              value={last ? "create" : "continue"}
              disabled={submitting || (hydrated && !complete)}
              className="min-w-36"
            >
              {last
                ? pendingIntent === "create"
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
