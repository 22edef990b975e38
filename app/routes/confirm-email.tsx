import { Form, Link } from "react-router";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import type { Route } from "./+types/confirm-email";
import { seo } from "~/platform/seo";
import { confirmEmailAction, confirmEmailLoader } from "~/features/auth/confirm-email.server";
import { AuthShell } from "~/features/auth/auth-shell";
import { Button, buttonClass } from "~/platform/ui/button";
import { FormAlert } from "~/platform/ui/field";

export const loader = (args: Route.LoaderArgs) => confirmEmailLoader(args);
export const action = (args: Route.ActionArgs) => confirmEmailAction(args);

// The token in the address is a credential: no cache keeps the page, and a Referer carries only the origin.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "strict-origin" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Confirm Your Email",
    description: "Confirm the email address of your WealthMatch account.",
    path: "/confirm-email",
  }),
  { name: "robots", content: "noindex" },
];

type Visitor = { signedIn: boolean; confirmed: boolean; home: string | null };

function LinkInvalid({ visitor }: { visitor: Visitor }) {
  const busy = useIsPendingHere();
  if (visitor.signedIn && visitor.confirmed) {
    return (
      <div className="space-y-4">
        <p className="font-semibold text-ink-900">Your email address is already confirmed.</p>
        <p className="leading-relaxed text-slate-600">There is nothing more to do: this link is no longer needed.</p>
        <Link to={visitor.home ?? "/"} className={buttonClass("primary", "w-full py-3")}>
          Continue
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <FormAlert title="This confirmation link can no longer be used">
        It is invalid, has expired (links are valid for 24 hours) or has already been used. Only the newest link we
        sent works.
      </FormAlert>
      {visitor.signedIn ? (
        <Form method="post" className="space-y-4">
          <p className="leading-relaxed text-slate-600">We can send a new link to your address.</p>
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="redirectTo" value={visitor.home ?? "/"} />
          <Button type="submit" className="w-full py-3" disabled={busy}>
            {busy ? "Sending..." : "Send me a new link"}
          </Button>
        </Form>
      ) : (
        <>
          <p className="leading-relaxed text-slate-600">
            Sign in, then choose &lsquo;Resend the link&rsquo; at the top of your page to receive a new one.
          </p>
          <Link to="/login" className={buttonClass("primary", "w-full py-3")}>
            Sign in for a new link
          </Link>
        </>
      )}
    </div>
  );
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPendingHere();
  const token = loaderData.token;
  return (
    <AuthShell
      eyebrow="Account security"
      title="Confirm your email"
      intro={<p>One click tells us this address is yours, so we can introduce you to the right people.</p>}
    >
      {!token || actionData?.linkInvalid ? (
        <LinkInvalid visitor={actionData?.visitor ?? loaderData.visitor} />
      ) : (
        <Form method="post" className="space-y-5">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="token" value={token} />
          <p className="leading-relaxed text-slate-600">Press the button to confirm the address of your WealthMatch account.</p>
          <Button type="submit" className="w-full py-3" disabled={busy}>
            {busy ? "Confirming..." : "Confirm my email"}
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}
