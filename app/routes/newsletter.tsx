import type { Route } from "./+types/newsletter";
import { seo } from "~/platform/seo";
import { subscribeAction } from "~/features/newsletter/newsletter.server";
import { SubscribeForm } from "~/features/newsletter/subscribe-form";
import { AuthShell } from "~/features/auth/auth-shell";

export const action = (args: Route.ActionArgs) => subscribeAction(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "The WealthMatch Journal Newsletter",
    description: "New articles on tax, estate and investment strategy by email, after you confirm your address.",
    path: "/newsletter",
  });

export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <AuthShell
      eyebrow="The WealthMatch Journal"
      title="Stay Informed"
      intro={
        <p>
          New articles by email when they are published. We first send you a link to confirm your address, and every
          newsletter has a one-click unsubscribe link. You can also follow the <a href="/blog/rss.xml" className="font-medium text-ink-900 underline underline-offset-4">RSS feed</a>.
        </p>
      }
    >
      <SubscribeForm tone="light" id="newsletter-form" lastResult={actionData} />
    </AuthShell>
  );
}
