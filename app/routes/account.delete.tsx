import { Form, Link } from "react-router";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/account.delete";
import { seo } from "~/platform/seo";
import { DeleteAccountSchema } from "~/features/account/account-data-schema";
import { deleteAccountAction, deleteAccountLoader } from "~/features/account/account.server";
import { AuthShell } from "~/features/auth/auth-shell";
import { PasswordField } from "~/platform/ui/password-field";
import { Button } from "~/platform/ui/button";
import { FormAlert } from "~/platform/ui/field";

export const loader = (args: Route.LoaderArgs) => deleteAccountLoader(args);
export const action = (args: Route.ActionArgs) => deleteAccountAction(args);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Delete your account",
    description: "Delete your WealthMatch account and everything it holds.",
    path: "/account/delete",
  }),
  { name: "robots", content: "noindex" },
];

const linkClass = "font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteAccountSchema }),
  });
  const busy = useIsPendingHere();
  return (
    <AuthShell
      eyebrow="Your data"
      title="Delete your account"
      intro={
        <>
          <p>
            This deletes the account of <strong className="break-all font-semibold text-ink-900">{loaderData.email}</strong>{" "}
            at once: your profile, your registration answers and your sessions. It cannot be undone.
          </p>
          <p className="mt-3 text-base">
            Any introduction in progress ends and the other person is told by email; calls booked are cancelled. If you
            are a professional, your directory entry is erased and taken off every shortlist.
          </p>
          <p className="mt-3 text-base">
            Want a copy first?{" "}
            <a href="/account/data.json" download className={linkClass}>
              Download my data
            </a>
          </p>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
        {form.errors?.length ? <FormAlert id={form.errorId} title="Your account was not deleted">{form.errors.join(" ")}</FormAlert> : null}
        <PasswordField
          meta={fields.password}
          label="Your password"
          toggleLabel="password"
          autoComplete="current-password"
          hint="Enter your password again to confirm that you want to delete your account."
        />
        <Button type="submit" variant="danger" className="w-full py-3" disabled={busy}>
          {busy ? "Deleting..." : "Delete my account"}
        </Button>
        <p className="border-t border-ink-100 pt-5 text-center text-sm text-slate-600">
          Changed your mind?{" "}
          <Link to={loaderData.home} className={linkClass}>
            Keep my account
          </Link>
        </p>
      </Form>
    </AuthShell>
  );
}
