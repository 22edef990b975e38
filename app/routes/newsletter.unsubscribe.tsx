import { Form, Link } from "react-router";
import type { Route } from "./+types/newsletter.unsubscribe";
import { seo } from "~/platform/seo";
import { unsubscribeAction, unsubscribeLoader } from "~/features/newsletter/newsletter.server";
import { AuthShell } from "~/features/auth/auth-shell";
import { Button, buttonClass } from "~/platform/ui/button";
import { FormAlert } from "~/platform/ui/field";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";

export const loader = ({ request }: Route.LoaderArgs) => unsubscribeLoader(request);
export const action = (args: Route.ActionArgs) => unsubscribeAction(args);

// The token in the address is a credential: no cache keeps the page, and a Referer carries only the origin.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "strict-origin" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Unsubscribe", description: "Stop receiving the WealthMatch Journal.", path: "/newsletter/unsubscribe" }),
  { name: "robots", content: "noindex" },
];

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPendingHere();
  const state = actionData?.state ?? loaderData.state;
  return (
    <AuthShell eyebrow="The WealthMatch Journal" title="Unsubscribe" intro={<p>No account or password needed.</p>}>
      {state === "done" ? (
        <div role="status" className="space-y-4">
          <p className="text-lg font-semibold text-ink-900">You are unsubscribed.</p>
          <p className="leading-relaxed text-slate-600">We will not send you the newsletter again. The articles stay on the blog whenever you want them.</p>
          <Link to="/blog" className={buttonClass("secondary", "w-full py-3")}>
            Go to the blog
          </Link>
        </div>
      ) : state === "invalid" ? (
        <FormAlert title="This unsubscribe link is not valid">
          It may be incomplete: open it from the newsletter again, or{" "}
          <Link to="/contact" className="font-semibold underline underline-offset-4">
            write to us
          </Link>{" "}
          and we will remove your address.
        </FormAlert>
      ) : (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="token" value={loaderData.token ?? ""} />
          <p className="leading-relaxed text-slate-600">Stop sending the WealthMatch Journal to this address?</p>
          <Button type="submit" className="w-full py-3" disabled={busy}>
            {busy ? "Unsubscribing..." : "Unsubscribe"}
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}
