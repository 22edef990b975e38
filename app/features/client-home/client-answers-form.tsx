import { Form, Link} from "react-router";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ClientMatchingAnswersSchema, type AnswerField } from "~/features/registration/registration-schema";
import type { ClientAnswerValues } from "~/features/client-home/client-answers.server";
import { ClientPreferencesFields, CountryField, ObjectivesStep, WealthStep } from "~/features/registration/client-steps";
import { Button, buttonClass } from "~/platform/ui/button";
import { FormAlert } from "~/platform/ui/field";

const ACTION = "/client-welcome/answers";

function postedValues(posted: Record<string, unknown>): ClientAnswerValues {
  const values: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(posted)) {
    if (typeof v === "string") values[k] = v;
    else if (Array.isArray(v)) values[k] = v.filter((x): x is string => typeof x === "string");
  }
  return values;
}

/**
 * The answers matching uses, edited with the wizard's own fields and rules. Without JavaScript the
 * action checks them and the page comes back with the messages and the person's choices.
 */
export function ClientAnswersForm({ values, lastResult }: { values: ClientAnswerValues; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<Record<string, unknown>>({
    id: "client-answers",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ClientMatchingAnswersSchema }),
  });
  const saving = useIsPending({ formAction: ACTION });
  const errors = (field: AnswerField) => fields[field]?.errors;
  const focus = () => undefined;
  // After a refused save (without JavaScript) the page shows what was posted, not what is stored.
  const shown = lastResult?.initialValue ? postedValues(lastResult.initialValue) : values;
  const props = { values: shown, errors, focus };
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
        <CountryField {...props} />
        <ObjectivesStep {...props} />
      </section>
      <section aria-labelledby="answers-wealth" className={section}>
        <h2 id="answers-wealth" className={heading}>
          Your wealth profile
        </h2>
        <WealthStep {...props} />
      </section>
      <section aria-labelledby="answers-advisor" className={section}>
        <h2 id="answers-advisor" className={heading}>
          Your advisor
        </h2>
        <ClientPreferencesFields {...props} />
      </section>
      <div className="flex flex-col-reverse gap-3 px-5 py-5 sm:flex-row sm:items-center sm:justify-end sm:px-8">
        <Link to="/client-welcome" className={buttonClass("secondary", "sm:min-w-32")}>
          Cancel
        </Link>
        <Button type="submit" className="sm:min-w-40" disabled={saving} aria-disabled={saving || undefined}>
          {saving ? "Saving..." : "Save Answers"}
        </Button>
      </div>
    </Form>
  );
}
