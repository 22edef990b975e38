import { Form } from "react-router";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { Button } from "~/platform/ui/button";

/** Signing out is a POST to /logout (a link or a prefetch must never sign anyone out). */
export function SignOutButton({
  variant = "secondary",
  className = "",
  buttonClassName = "",
}: {
  variant?: "primary" | "secondary";
  className?: string;
  buttonClassName?: string;
}) {
  const busy = useIsPending({ formAction: "/logout" });
  return (
    <Form method="post" action="/logout" className={className}>
      <Button variant={variant} className={`w-full ${buttonClassName}`} disabled={busy} aria-disabled={busy || undefined}>
        {busy ? "Signing out..." : "Sign Out"}
      </Button>
    </Form>
  );
}
