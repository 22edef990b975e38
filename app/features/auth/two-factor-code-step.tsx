import { Form } from "react-router";
import { useEffect, useRef } from "react";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { Button } from "~/platform/ui/button";
import { FormAlert } from "~/platform/ui/field";
import { TwoFactorCodeField } from "./two-factor-code-field";
import { CodeStepSchema } from "./two-factor-schema";

const linkClass = "font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

type CodeStepAnswer = { reply?: SubmissionResult<string[]>; failure?: { title: string; message: string } | null };

/** After the password, for an account with two-factor (either sign-in page): the code, or a recovery code. */
export function TwoFactorCodeStep({ id, email, actionData }: { id: string; email: string; actionData: CodeStepAnswer | undefined }) {
  const formRef = useRef<HTMLFormElement>(null);
  // A refused code is wiped, ready for the next one (as the server's page does without JavaScript).
  useEffect(() => {
    const code = formRef.current?.elements.namedItem("code");
    if (actionData && code instanceof HTMLInputElement) {
      code.value = "";
      code.focus();
    }
  }, [actionData]);
  const [form, fields] = useForm({
    id,
    lastResult: actionData?.reply,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CodeStepSchema }),
  });
  const busy = useIsPendingHere({ formData: { intent: "code" } });
  const failure = actionData?.failure;
  return (
    <>
      <h2 className="font-sans text-base font-semibold text-ink-900">Two-factor authentication</h2>
      <p className="mt-1 text-sm leading-relaxed text-slate-600">
        Your password for <span className="font-medium text-ink-900">{email}</span> was accepted. Enter the code your authenticator
        app shows now to finish signing in.
      </p>
      <Form method="post" ref={formRef} {...getFormProps(form)} noValidate className="mt-5 space-y-5">
        {failure ? (
          <FormAlert id={form.errorId} title={failure.title}>
            {failure.message}
          </FormAlert>
        ) : null}
        <input type="hidden" name="intent" value="code" />
        <TwoFactorCodeField meta={fields.code} recovery autoFocus />
        <Button type="submit" className="w-full py-3" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? "Verifying..." : "Verify"}
        </Button>
      </Form>
      <Form method="post" className="mt-4 text-center">
        <input type="hidden" name="intent" value="restart" />
        <button type="submit" className={`text-sm ${linkClass}`}>
          Use a different account
        </button>
      </Form>
    </>
  );
}
