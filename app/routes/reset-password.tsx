import { Form, Link } from "react-router";
import { useEffect, useRef } from "react";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/reset-password";
import { seo } from "~/platform/seo";
import { ResetPasswordSchema } from "~/features/auth/password-reset-schema";
import { resetPasswordAction, resetPasswordLoader } from "~/features/auth/reset-password.server";
import { AuthShell } from "~/features/auth/auth-shell";
import { PasswordField } from "~/platform/ui/password-field";
import { Button, buttonClass } from "~/platform/ui/button";
import { FormAlert } from "~/platform/ui/field";

export const loader = ({ request }: Route.LoaderArgs) => resetPasswordLoader(request);
export const action = (args: Route.ActionArgs) => resetPasswordAction(args);

// The token in the address is a credential: no cache keeps the page, and a Referer carries only the
// origin, never the address. (Not no-referrer: browsers then send "Origin: null" with the form, which
// the framework's cross-site check refuses.)
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "strict-origin" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Choose a New Password",
    description: "Choose a new password for your WealthMatch account.",
    path: "/reset-password",
  }),
  { name: "robots", content: "noindex" },
];

function LinkInvalid() {
  return (
    <div className="space-y-4">
      <FormAlert title="This reset link can no longer be used">
        It is invalid, has expired (links are valid for 1 hour) or has already been used.
      </FormAlert>
      <p className="leading-relaxed text-slate-600">Request a new link and use it within the hour.</p>
      <Link to="/forgot-password" className={buttonClass("primary", "w-full py-3")}>
        Request a new link
      </Link>
    </div>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
  });

  // A refused attempt never leaves the typed passwords in the page.
  useEffect(() => {
    if (!actionData || !formRef.current) return;
    for (const name of ["password", "confirmPassword"]) {
      const input = formRef.current.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [actionData]);

  const busy = useIsPending({ formAction: null });
  const token = loaderData.token;

  return (
    <AuthShell
      eyebrow="Account access"
      title="Choose a new password"
      intro={<p>Once it is saved, every session of your account is signed out and you sign in again with the new password.</p>}
    >
      {!token || actionData?.linkInvalid ? (
        <LinkInvalid />
      ) : (
        <Form method="post" ref={formRef} {...getFormProps(form)} noValidate className="space-y-5">
          <input type="hidden" name="token" value={token} />
          {fields.token.errors?.length ? <FormAlert title="This reset link is invalid" /> : null}
          <PasswordField
            meta={fields.password}
            label="New password"
            toggleLabel="new password"
            autoComplete="new-password"
            hint="8 to 128 characters, with at least one lowercase letter, one uppercase letter and one number."
          />
          <PasswordField
            meta={fields.confirmPassword}
            label="Confirm new password"
            toggleLabel="password confirmation"
            autoComplete="new-password"
          />
          <Button type="submit" className="w-full py-3" disabled={busy}>
            {busy ? "Saving..." : "Save new password"}
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}
