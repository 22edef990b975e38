import { Form, Link } from "react-router";
import type { Route } from "./+types/newsletter.confirm";
import { seo } from "~/platform/seo";
import { confirmAction, confirmLoader } from "~/features/newsletter/newsletter.server";
import { AuthShell } from "~/features/auth/auth-shell";
import { Button, buttonClass } from "~/platform/ui/button";
import { FormAlert } from "~/platform/ui/field";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";

export const loader = ({ request }: Route.LoaderArgs) => confirmLoader(request);
export const action = (args: Route.ActionArgs) => confirmAction(args);

// The token in the address is a credential: no cache keeps the page, and a Referer carries only the origin.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "strict-origin" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Confirm Your Subscription", description: "Confirm your WealthMatch Journal subscription.", path: "/newsletter/confirm" }),
  { name: "robots", content: "noindex" },
];

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPendingHere();
  const state = actionData?.state ?? loaderData.state;
  return (
    <AuthShell eyebrow="The WealthMatch Journal" title="Confirm your subscription" intro={<p>One click, and new articles reach your inbox as they are published.</p>}>
      {state === "done" ? (
        <div role="status" className="space-y-4">
          <p className="text-lg font-semibold text-ink-900">You are subscribed.</p>
          <p className="leading-relaxed text-slate-600">Thank you. Every newsletter carries a link to unsubscribe in one click.</p>
          <Link to="/blog" className={buttonClass("primary", "w-full py-3")}>
            Read the latest articles
          </Link>
        </div>
      ) : state === "invalid" ? (
        <div className="space-y-4">
          <FormAlert title="This confirmation link cannot be used">
            It is incomplete, or a newer link was sent since. Subscribe again to receive a fresh one.
          </FormAlert>
          <Link to="/newsletter" className={buttonClass("primary", "w-full py-3")}>
            Subscribe again
          </Link>
        </div>
      ) : (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="token" value={loaderData.token ?? ""} />
          <p className="leading-relaxed text-slate-600">Confirm that you want to receive the WealthMatch Journal at this address.</p>
          <Button type="submit" className="w-full py-3" disabled={busy}>
            {busy ? "Confirming..." : "Confirm my subscription"}
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}
