import { Form, Link } from "react-router";
import type { Route } from "./+types/account.confirm-email";
import { seo } from "~/platform/seo";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { emailChangeAction, emailChangeLoader } from "~/features/account/email-change.server";
import { AuthShell } from "~/features/auth/auth-shell";
import { Button, buttonClass } from "~/platform/ui/button";
import { FormAlert } from "~/platform/ui/field";
import { ACCOUNT_MESSAGES } from "~/features/account/account-settings-schema";

export const loader = (args: Route.LoaderArgs) => emailChangeLoader(args);
export const action = (args: Route.ActionArgs) => emailChangeAction(args);

// The token in the address is a credential: no cache keeps the page, and a Referer carries only the origin.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "strict-origin" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Confirm your new email address", description: "Confirm the new email address of your WealthMatch account.", path: "/account/confirm-email" }),
  { name: "robots", content: "noindex" },
];

/** The link of an e-mail change: a button, since opening a link must change nothing (mail scanners open them). */
export default function ConfirmEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPendingHere();
  const failed = actionData?.failed ?? (loaderData.token ? null : ACCOUNT_MESSAGES.linkInvalid);
  return (
    <AuthShell eyebrow="Your account" title="Confirm your new email address" intro={<p>One step: confirm, and your account signs in with its new address from now on.</p>}>
      {failed || !loaderData.token ? (
        <div className="space-y-4">
          <FormAlert title="Your address was not changed">{failed}</FormAlert>
          <p className="leading-relaxed text-slate-600">You can ask for a new link from your account settings.</p>
          <Link to="/account" className={buttonClass("primary", "w-full py-3")}>
            Go to account settings
          </Link>
        </div>
      ) : (
        <Form method="post" className="space-y-5">
          <p className="leading-relaxed text-slate-600">
            Your new address will be <strong className="break-all font-semibold text-ink-900">{loaderData.newEmail}</strong>.
          </p>
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" className="w-full py-3" disabled={busy} aria-disabled={busy || undefined}>
            {busy ? "Confirming..." : "Confirm my new address"}
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}
