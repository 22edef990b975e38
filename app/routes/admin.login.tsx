import { useEffect, useRef } from "react";
import { useRouteLoaderData, Form, Link } from "react-router";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/admin.login";
import type { loader as rootLoader } from "~/root";
import { AdminLoginSchema } from "~/features/admin/login/login-schema";
import { adminLoginAction, adminLoginLoader } from "~/features/admin/login/login.server";
import { adminMeta } from "~/features/admin/shell/meta";
import { OWN_FRAME } from "~/platform/ui/page-frame";
import { AdminLoginFrame } from "~/features/admin/login/admin-login-frame";
import { Flash } from "~/platform/ui/flash-message";
import { PasswordField } from "~/platform/ui/password-field";
import { Button } from "~/platform/ui/button";
import { EmailField, FormAlert } from "~/platform/ui/field";
import { TwoFactorCodeStep } from "~/features/auth/two-factor-code-step";

export const handle = OWN_FRAME;
export const loader = ({ request }: Route.LoaderArgs) => adminLoginLoader(request);
export const action = (args: Route.ActionArgs) => adminLoginAction(args);
export const meta: Route.MetaFunction = () => adminMeta("Admin Sign In");

const linkClass = "font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <Flash toast={root?.toast} />
      <AdminLoginFrame>
        {loaderData.codeStep ? (
          <TwoFactorCodeStep id="admin-login-code" email={loaderData.codeStep.email} actionData={actionData} />
        ) : (
          <PasswordStep loaderData={loaderData} actionData={actionData} />
        )}
      </AdminLoginFrame>
    </>
  );
}

type StepProps = Pick<Route.ComponentProps, "actionData">;

function PasswordStep({ loaderData, actionData }: StepProps & Pick<Route.ComponentProps, "loaderData">) {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult: actionData?.reply,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AdminLoginSchema }),
  });

  // After a refused attempt the typed password is wiped; the e-mail stays.
  useEffect(() => {
    const password = formRef.current?.elements.namedItem("password");
    if (actionData && password instanceof HTMLInputElement) password.value = "";
  }, [actionData]);

  const busy = useIsPendingHere();
  const failure = actionData?.failure;

  return (
    <>
      {loaderData.signedInAs ? (
        <p className="mb-5 rounded-md border border-ink-100 bg-ivory-50 px-4 py-3 text-sm text-slate-600">
          You are signed in as <span className="font-medium text-ink-900">{loaderData.signedInAs}</span>, which has no access to
          the admin area. Signing in here with an admin account replaces that session.
        </p>
      ) : null}
      <Form method="post" ref={formRef} {...getFormProps(form)} noValidate className="space-y-5">
        {failure ? (
          <FormAlert id={form.errorId} title={failure.title}>
            {failure.message}
          </FormAlert>
        ) : null}
        {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
        <EmailField meta={fields.email} autoComplete="username" />
        <PasswordField meta={fields.password} label="Password" toggleLabel="password" autoComplete="current-password" />
        <Button type="submit" className="w-full py-3" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
      <p className="mt-6 border-t border-ink-100 pt-5 text-sm text-slate-600">
        Clients and professionals sign in on the{" "}
        <Link to="/login" className={linkClass}>
          member sign-in page
        </Link>
        .
      </p>
    </>
  );
}
