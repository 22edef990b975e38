import { Form } from "react-router";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { RadioGroup } from "~/platform/ui/choice-fields";
import { FormAlert } from "~/platform/ui/field";
import { Button } from "~/platform/ui/button";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { CONTINUING_OPTIONS, HELD_OPTIONS, OutcomeSchema } from "./outcome-schema";

type Answers = { held: boolean | null; continuing: boolean | null };

const heldValue = (a: Answers) => (a.held === null ? undefined : a.held ? "yes" : "no");
const continuingValue = (a: Answers) => (a.held === null ? undefined : a.continuing === null ? "unsure" : a.continuing ? "yes" : "no");

/** The two questions as a plain form: without JavaScript the action checks them and the page comes back with the choices made. */
export function OutcomeForm({ answers, otherName, lastResult }: { answers: Answers; otherName: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "call-outcome",
    defaultValue: { held: heldValue(answers), continuing: continuingValue(answers) },
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OutcomeSchema }),
  });
  const saving = useIsPendingHere();
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-7 rounded-card border border-ink-100 bg-white px-5 py-7 sm:px-8">
      {form.errors?.length ? <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert> : null}
      <RadioGroup meta={fields.held} legend="Did the call take place?" options={HELD_OPTIONS} />
      <RadioGroup meta={fields.continuing} legend={`Are you continuing together with ${otherName}?`} options={CONTINUING_OPTIONS} columns={1} />
      <div className="flex justify-end">
        <Button type="submit" className="w-full sm:w-auto sm:min-w-40" disabled={saving} aria-disabled={saving || undefined}>
          {saving ? "Saving..." : answers.held === null ? "Send Answers" : "Update Answers"}
        </Button>
      </div>
    </Form>
  );
}
