import { Form, useNavigation } from "react-router";
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
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/logout";
  return (
    <Form method="post" action="/logout" className={className}>
      <Button variant={variant} className={`w-full ${buttonClassName}`} disabled={busy} aria-disabled={busy || undefined}>
        {busy ? "Signing out..." : "Sign Out"}
      </Button>
    </Form>
  );
}
