import { Form } from "react-router";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { ContactSchema } from "~/features/contact/contact-schema";
import type { ContactActionData } from "~/features/contact/contact.server";
import { INQUIRY_TYPE_OPTIONS } from "~/domain/inquiry-types";
import { useNonce } from "~/platform/http/nonce";
import { Button } from "~/platform/ui/button";
import { FormAlert } from "~/platform/ui/field";
import { ErrorSummary, FieldList, type FieldRow } from "~/platform/ui/field-list";

const optional = <span className="font-normal text-slate-500">(optional)</span>;

/** The questions of the contact form; the ids carry the form's name, as its labels and tests expect. */
const CONTACT_FIELDS: readonly FieldRow[] = [
  [
    { kind: "text", name: "firstName", id: "contact-firstName", label: "First name", autoComplete: "given-name" },
    { kind: "text", name: "lastName", id: "contact-lastName", label: "Last name", autoComplete: "family-name" },
  ],
  [
    {
      kind: "text",
      name: "email",
      id: "contact-email",
      type: "email",
      label: "Email",
      autoComplete: "email",
      inputMode: "email",
      autoCapitalize: "none",
      spellCheck: false,
    },
    { kind: "text", name: "company", id: "contact-company", label: <>Company {optional}</>, autoComplete: "organization" },
  ],
  {
    kind: "select",
    name: "inquiryType",
    id: "contact-inquiryType",
    label: "Inquiry type",
    placeholder: "Select an inquiry type",
    options: INQUIRY_TYPE_OPTIONS,
  },
  {
    kind: "textarea",
    name: "message",
    id: "contact-message",
    label: "Message",
    rows: 6,
    hint: "Between 10 and 1000 characters. Please do not include account numbers or other sensitive details.",
  },
];


/**
 * The contact form: a real POST to /contact that works without JavaScript; with it, the same schema
 * checks fields on sending (then live while they are corrected) and the button reads 'Sending...'. The parent keys it by the CSRF
 * token, so a sent message (which brings a new token) starts an empty form. The action's address ends
 * in #send-message, so an answer with errors opens at the form rather than at the top of the page.
 */
export function ContactForm({
  csrf,
  honeypot,
  actionData,
}: {
  csrf: string;
  honeypot: HoneypotInputProps;
  actionData: ContactActionData | undefined;
}) {
  const nonce = useNonce();
  const [form, fields] = useForm({
    id: "contact",
    lastResult: actionData?.result,
    // Checked on the first send, then live while corrected. (Checking on blur would put a message under
    // the last field as the button is pressed, move the button, and lose the click.)
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });
  // Also while the page loads after a post: after a refused token that load brings the fresh one, and a
  // press before it arrived would send the refused token again.
  const busy = useIsPending({ formAction: "/contact" });
  const alert = actionData?.alert;

  return (
    <HoneypotProvider {...honeypot}>
      <AuthenticityTokenProvider token={csrf}>
        <Form method="post" action="/contact#send-message" {...getFormProps(form)} noValidate className="mt-8 space-y-5" aria-describedby={alert ? form.errorId : undefined}>
          {alert ? (
            <FormAlert id={form.errorId} title={alert.title}>
              {alert.description}
            </FormAlert>
          ) : null}
          <AuthenticityTokenInput />
          <HoneypotInputs nonce={nonce} />

          {alert ? null : <ErrorSummary specs={CONTACT_FIELDS} fields={fields} />}
          <FieldList specs={CONTACT_FIELDS} fields={fields} />

          <div className="flex flex-col gap-4 border-t border-ink-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="max-w-[44ch] text-sm text-slate-600">
              We use your details only to answer your message. See our{" "}
              <a href="/privacy" className="font-medium text-ink-900 underline decoration-gold-500 underline-offset-4">
                Privacy Policy
              </a>
              .
            </p>
            <Button type="submit" className="px-6 py-3 text-[0.9375rem] sm:shrink-0" disabled={busy} aria-disabled={busy || undefined}>
              {busy ? "Sending..." : "Send Message"}
            </Button>
          </div>
        </Form>
      </AuthenticityTokenProvider>
    </HoneypotProvider>
  );
}
