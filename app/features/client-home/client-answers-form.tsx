import { Form } from "react-router";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ClientMatchingAnswersSchema } from "~/features/registration/registration-schema";
import type { ClientAnswerValues } from "~/features/client-home/client-answers.server";
import { ClientPreferencesFields, COUNTRY, OBJECTIVES, WEALTH } from "~/features/registration/client-steps";
import { FieldList } from "~/platform/ui/field-list";
import { FormActions } from "~/platform/ui/form-actions";
import { FormAlert } from "~/platform/ui/field";

const ACTION = "/client-welcome/answers";

/**
 * The answers matching uses, edited with the wizard's own fields and rules. Without JavaScript the
 * action checks them and the page comes back with the messages and the person's choices.
 */
export function ClientAnswersForm({ values, lastResult }: { values: ClientAnswerValues; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "client-answers",
    // After a refused save (without JavaScript) the fields show what was posted, not what is stored.
    defaultValue: values,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ClientMatchingAnswersSchema }),
  });
  const saving = useIsPending({ formAction: ACTION });
  const section = "space-y-7 px-5 py-7 sm:px-8";
  const heading = "text-xl font-semibold";

  return (
    <Form method="post" action={ACTION} {...getFormProps(form)} noValidate className="divide-y divide-ink-100 rounded-card border border-ink-100 bg-white">
      {form.errors?.length ? (
        <div className="px-5 pt-6 sm:px-8">
          <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert>
        </div>
      ) : null}
      <section aria-labelledby="answers-where" className={section}>
        <h2 id="answers-where" className={heading}>
          Where you live and what you want
        </h2>
        <FieldList specs={[COUNTRY, OBJECTIVES]} fields={fields} className="space-y-7" />
      </section>
      <section aria-labelledby="answers-wealth" className={section}>
        <h2 id="answers-wealth" className={heading}>
          Your wealth profile
        </h2>
        <FieldList specs={WEALTH} fields={fields} className="space-y-7" />
      </section>
      <section aria-labelledby="answers-advisor" className={section}>
        <h2 id="answers-advisor" className={heading}>
          Your advisor
        </h2>
        <ClientPreferencesFields fields={fields} />
      </section>
      <FormActions cancelTo="/client-welcome" label={"Save Answers"} saving={saving} />
    </Form>
  );
}
