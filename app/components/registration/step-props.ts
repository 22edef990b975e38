import type { AnswerField } from "~/registration/registration-schema";
import type { WizardValues } from "~/registration/wizard.server";

export type StepProps = {
  values: WizardValues;
  errors: (field: AnswerField) => string[] | undefined;
};

export const text = (values: WizardValues, field: AnswerField): string | undefined => {
  const v = values[field];
  return typeof v === "string" ? v : undefined;
};
