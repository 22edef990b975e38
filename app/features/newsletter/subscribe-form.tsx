import { useFetcher } from "react-router";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { SUBSCRIBE_SENT, SubscribeSchema } from "./newsletter-schema";
import { isPending } from "~/platform/ui/use-is-pending";
import { buttonClass } from "~/platform/ui/button";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { FIELD_ONLY_HONEYPOT } from "~/platform/http/honeypot";

export type SubscribeResult = { result: SubmissionResult<string[]>; sent: boolean };

const TONES = {
  dark: {
    label: "text-ivory-50",
    input: "border-ink-600 bg-ink-800 text-ivory-50 placeholder:text-ink-300 focus:border-gold-400 focus:ring-gold-400",
    error: "text-gold-200",
    sentBox: "border-gold-400/40 bg-ink-800 text-ivory-50",
    sentBody: "text-ink-200",
    button: "gold" as const,
  },
  light: {
    label: "text-ink-800",
    input: "border-ink-200 bg-white text-ink-900 placeholder:text-slate-500 focus:border-ink-900 focus:ring-ink-900",
    error: "text-danger-700",
    sentBox: "border-success-700/30 bg-success-50 text-ink-900",
    sentBody: "text-ink-800",
    button: "primary" as const,
  },
};

/**
 * The newsletter's one field. It posts to /newsletter: with JavaScript the answer appears in place;
 * without, the browser lands on /newsletter, which shows the same form and answer.
 */
export function SubscribeForm({ tone, id, lastResult }: { tone: keyof typeof TONES; id: string; lastResult?: SubscribeResult }) {
  const fetcher = useFetcher<SubscribeResult>({ key: `subscribe-${id}` });
  const answer = fetcher.data ?? lastResult;
  const [form, fields] = useForm({
    id,
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SubscribeSchema }),
  });
  const busy = isPending(fetcher, { formMethod: "POST" });
  const look = TONES[tone];
  const emailErrorId = `${id}-email-error`;
  const formError = form.errors?.[0];
  return (
    <div>
      {answer?.sent ? (
        <div role="status" className={`mb-4 rounded-md border px-4 py-3 text-sm ${look.sentBox}`}>
          <p className="font-semibold">{SUBSCRIBE_SENT.title}</p>
          <p className={`mt-0.5 ${look.sentBody}`}>{SUBSCRIBE_SENT.body}</p>
        </div>
      ) : null}
      <fetcher.Form method="post" action="/newsletter" {...getFormProps(form)} noValidate>
        {/* No nonce on its style: the form is on pages the page cache keeps as the same bytes for everyone
            (styles need none; the policy allows inline styles). */}
        <HoneypotProvider {...FIELD_ONLY_HONEYPOT}>
          <HoneypotInputs />
        </HoneypotProvider>
        <label htmlFor={`${id}-email`} className={`mb-1.5 block text-sm font-medium ${look.label}`}>
          Your email
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            {...getInputProps(fields.email, { type: "email", ariaAttributes: false })}
            key={fields.email.key}
            id={`${id}-email`}
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            placeholder="you@example.com"
            aria-invalid={fields.email.errors ? true : undefined}
            aria-describedby={fields.email.errors || formError ? emailErrorId : undefined}
            className={`min-h-11 w-full rounded-md border px-3.5 py-2.5 text-base shadow-sm focus:outline-none focus:ring-1 sm:max-w-sm ${look.input}`}
          />
          <button type="submit" disabled={busy} className={buttonClass(look.button, "min-h-11 shrink-0")}>
            {busy ? "Subscribing..." : "Subscribe"}
          </button>
        </div>
        {fields.email.errors || formError ? (
          <p id={emailErrorId} className={`mt-2 text-sm font-medium ${look.error}`}>
            {fields.email.errors?.[0] ?? formError}
          </p>
        ) : null}
      </fetcher.Form>
    </div>
  );
}
