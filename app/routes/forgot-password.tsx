import { Form, Link } from "react-router";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/forgot-password";
import { seo } from "~/platform/seo";
import { ForgotPasswordSchema } from "~/features/auth/password-reset-schema";
import { forgotPasswordAction } from "~/features/auth/forgot-password.server";
import { AuthShell } from "~/features/auth/auth-shell";
import { Button } from "~/platform/ui/button";
import { EmailField, FormAlert } from "~/platform/ui/field";

export const action = (args: Route.ActionArgs) => forgotPasswordAction(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Forgot Password",
    description: "Request a link to choose a new password for your WealthMatch account.",
    path: "/forgot-password",
  });

const linkClass = "font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
  });
  const busy = useIsPendingHere();
  const sentTo = actionData?.sentTo;

  return (
    <AuthShell
      eyebrow="Account access"
      title="Reset your password"
      intro={<p>Enter the email address of your account and we will send you a link to choose a new password.</p>}
    >
      {sentTo ? (
        <div role="status" className="space-y-4">
          <h2 className="text-2xl font-semibold">Check your email</h2>
          <p className="leading-relaxed text-slate-600">
            If an account exists for <strong className="break-all font-semibold text-ink-900">{sentTo}</strong>, we have
            sent it a link to reset the password. The link is valid for 1 hour and can be used once.
          </p>
          <p className="text-sm leading-relaxed text-slate-600">
            Nothing arrived after a few minutes? Check your spam folder, or request another link below.
          </p>
        </div>
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        className={`space-y-5 ${sentTo ? "mt-6 border-t border-ink-100 pt-6" : ""}`}
      >
        {form.errors?.length ? <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert> : null}
        <EmailField meta={fields.email} />
        <Button type="submit" variant={sentTo ? "secondary" : "primary"} className="w-full py-3" disabled={busy}>
          {busy ? "Sending..." : sentTo ? "Send another link" : "Send reset link"}
        </Button>
        <p className="border-t border-ink-100 pt-5 text-center text-sm text-slate-600">
          Remembered it?{" "}
          <Link to="/login" className={linkClass}>
            Back to sign in
          </Link>
        </p>
      </Form>
    </AuthShell>
  );
}
