import { Form } from "react-router";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { Icon } from "~/platform/ui/icons";
import { Button } from "~/platform/ui/button";

/**
 * On a member's home while their address is unconfirmed: what it means and a way to get a new link
 * (a plain POST form, so it works without JavaScript; the answer comes back as a flash message).
 */
export function ConfirmEmailBanner({ email, returnTo, audience }: { email: string; returnTo: string; audience: "client" | "professional" }) {
  const busy = useIsPending({ formAction: "/confirm-email", formData: { intent: "resend" } });
  return (
    <section aria-labelledby="confirm-email-heading" className="border-b border-warning-700/20 bg-warning-50">
      {/* The button sits under the text, on the left: a toast (top right once JS runs) never covers it on a wide screen. */}
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-6 py-5">
        <div className="flex min-w-0 gap-3">
          <Icon name="shield" className="mt-0.5 h-5 w-5 shrink-0 text-warning-700" />
          <div className="min-w-0">
            <h2 id="confirm-email-heading" className="font-sans text-base font-semibold text-ink-900">
              Please confirm your email address
            </h2>
            <p className="mt-1 text-[0.9375rem] leading-relaxed text-ink-800">
              We sent a link to <strong className="font-semibold [overflow-wrap:anywhere]">{email}</strong>. Until you
              confirm it,{" "}
              {audience === "professional"
                ? "we will not introduce you to clients, and you cannot link a directory entry to your account."
                : "we will not introduce you to any professional."}
            </p>
          </div>
        </div>
        <Form method="post" action="/confirm-email" className="sm:pl-8">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="redirectTo" value={returnTo} />
          <Button type="submit" variant="secondary" className="w-full sm:w-auto" disabled={busy}>
            {busy ? "Sending..." : "Resend the link"}
          </Button>
        </Form>
      </div>
    </section>
  );
}
