import type { AnswerField } from "~/features/registration/registration-schema";
import type { WizardValues } from "~/features/registration/wizard.server";

export type StepProps = {
  values: WizardValues;
  errors: (field: AnswerField) => string[] | undefined;
  /** Whether this field takes the focus when the page loads (without JavaScript, after a posted step). */
  focus: (field: AnswerField) => boolean | undefined;
};

export const text = (values: WizardValues, field: AnswerField): string | undefined => {
  const v = values[field];
  return typeof v === "string" ? v : undefined;
};
