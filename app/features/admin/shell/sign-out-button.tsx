import { Form } from "react-router";

/** Signing out is a POST to /logout (it changes state), so it is a form, with or without JavaScript. */
export function SignOutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Sign Out
      </button>
    </Form>
  );
}
