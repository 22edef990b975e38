import type { FieldMeta } from "~/platform/ui/field";
import type { AnswerField } from "~/features/registration/registration-schema";
import type { WizardValues } from "~/features/registration/register.server";

export type StepProps = {
  /** The stored answers (the review step lists them). */
  values: WizardValues;
  /** The form's conform fields, holding those answers as their initial values. */
  fields: Record<AnswerField, FieldMeta>;
  /** Whether this field takes the focus when the page loads (without JavaScript, after a posted step). */
  focus: (field: AnswerField) => boolean | undefined;
};
