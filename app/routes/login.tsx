import { Form, Link } from "react-router";
import { useEffect, useRef } from "react";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/login";
import { seo } from "~/platform/seo";
import { LoginSchema } from "~/features/auth/login-schema";
import { loginAction, loginLoader } from "~/features/auth/login.server";
import { AuthShell, TrustPoints } from "~/features/auth/auth-shell";
import { PasswordField } from "~/platform/ui/password-field";
import { Button } from "~/platform/ui/button";
import { CheckboxField, EmailField, FormAlert } from "~/platform/ui/field";
import { TwoFactorCodeStep } from "~/features/auth/two-factor-code-step";

export const loader = ({ request }: Route.LoaderArgs) => loginLoader(request);
export const action = (args: Route.ActionArgs) => loginAction(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Sign In",
    description: "Sign in to your WealthMatch account to continue your wealth journey.",
    path: "/login",
  });

const linkClass = "font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.codeStep) {
    const answer = actionData && "failure" in actionData ? actionData : undefined;
    return (
      <AuthShell eyebrow="Welcome back" title="One more step to sign in" intro={<p>Your account is protected with two-factor authentication.</p>}>
        <TwoFactorCodeStep id="login-code" email={loaderData.codeStep.email} actionData={answer} />
      </AuthShell>
    );
  }
  return <PasswordStep loaderData={loaderData} actionData={actionData && !("failure" in actionData) ? actionData : undefined} />;
}

type PasswordStepProps = {
  loaderData: Route.ComponentProps["loaderData"];
  actionData: Exclude<Route.ComponentProps["actionData"], { failure: unknown }> | undefined;
};

function PasswordStep({ loaderData, actionData }: PasswordStepProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });

  // After a refused attempt the typed password is wiped; the e-mail stays.
  useEffect(() => {
    const password = formRef.current?.elements.namedItem("password");
    if (actionData && password instanceof HTMLInputElement) password.value = "";
  }, [actionData]);

  const busy = useIsPendingHere();
  // Read from the server's answer, not the live form state: the reason stays on screen while the
  // person retypes, until the next attempt.
  const failure = actionData?.error?.[""]?.[0];

  return (
    <AuthShell
      eyebrow="Welcome back"
      title="Sign in to continue your wealth journey"
      intro={<p>Your matches, your profile and the professionals you are speaking with, in one private place.</p>}
      aside={
        <TrustPoints
          points={[
            { title: "Private by design", text: "Your details are shared only with verified professionals who match your criteria." },
            { title: "Protected sign-in", text: "Repeated failed attempts are paused for a few minutes to keep your account safe." },
          ]}
        />
      }
    >
      <Form method="post" ref={formRef} {...getFormProps(form)} noValidate className="space-y-5">
        {failure ? (
          <FormAlert id={form.errorId} title="Login Failed">
            {failure}
          </FormAlert>
        ) : null}
        {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}

        <EmailField meta={fields.email} />
        <div>
          <PasswordField
            meta={fields.password}
            label="Password"
            toggleLabel="password"
            autoComplete="current-password"
          />
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField meta={fields.remember} label="Remember me" />
          <Link to="/forgot-password" className={`text-sm ${linkClass}`}>
            Forgot password?
          </Link>
        </div>

        <Button type="submit" className="w-full py-3" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? "Signing in..." : "Sign In"}
        </Button>

        <p className="border-t border-ink-100 pt-5 text-center text-sm text-slate-600">
          Don&apos;t have an account?{" "}
          <Link to="/register" className={linkClass}>
            Sign up
          </Link>
        </p>
      </Form>
    </AuthShell>
  );
}
