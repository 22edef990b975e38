import { Form } from "react-router";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button } from "~/platform/ui/button";
import { FormAlert, TextAreaField } from "~/platform/ui/field";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { dateTimeIn } from "~/platform/ui/format";
import { LocalTime } from "~/platform/ui/local-time";
import { useAdminTimeZone } from "~/features/admin/shell/admin-time-zone";
import { REPLY_MAX_LENGTH, ReplySchema } from "./reply-schema";

type MailState = { state: "queued" | "sent" | "retrying" | "failed" | "earlier" | "none"; at: Date | null };
export type HistoryReply = { id: number; authorName: string; body: string; createdAt: Date; mail: MailState };

const MAIL_BADGE: Record<MailState["state"], string> = {
  queued: "border-ink-200 bg-ink-50 text-ink-700",
  sent: "border-success-700/25 bg-success-50 text-success-700",
  retrying: "border-warning-700/25 bg-warning-50 text-warning-700",
  failed: "border-danger-700/25 bg-danger-50 text-danger-700",
  earlier: "border-ink-200 bg-ink-50 text-ink-700",
  none: "border-ink-200 bg-ink-50 text-ink-700",
};

/** Where an e-mail the site sends stands, in words (its time in the admin's zone). */
export function mailStateText(mail: MailState, what: "reply" | "acknowledgement", timeZone: string): string {
  switch (mail.state) {
    case "sent":
      return mail.at ? `Emailed ${dateTimeIn(mail.at.toISOString(), timeZone)}` : "Emailed";
    case "queued":
      return "Being sent";
    case "retrying":
      return "Not delivered yet: trying again";
    case "failed":
      return "Could not be delivered";
    case "earlier":
      return "Sent earlier today for another message from this address";
    case "none":
      return what === "acknowledgement" ? "None (received before acknowledgements)" : "None";
  }
}

export function MailBadge({ mail, what }: { mail: MailState; what: "reply" | "acknowledgement" }) {
  const { timeZone } = useAdminTimeZone();
  return (
    <span
      suppressHydrationWarning
      data-testid={`${what}-mail-state`}
      data-state={mail.state}
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium ${MAIL_BADGE[mail.state]}`}
    >
      {mailStateText(mail, what, timeZone)}
    </span>
  );
}

/**
 * The replies an admin sent to the sender, oldest first: who, when, the text as written (React escapes
 * it; line ends kept), and where its e-mail stands.
 */
export function ReplyHistory({ replies }: { replies: HistoryReply[] }) {
  const { timeZone } = useAdminTimeZone();
  return (
    <section id="history" aria-labelledby="history-heading" className="scroll-mt-24 rounded-card border border-ink-100 bg-white p-5 sm:p-6">
      <h2 id="history-heading" className="font-sans text-sm font-semibold uppercase tracking-wider text-slate-600">
        Replies
      </h2>
      {replies.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No reply yet. A reply you send below is emailed to the sender and kept here.</p>
      ) : (
        <ol className="mt-4 space-y-5">
          {replies.map((r) => (
            <li key={r.id} data-testid="submission-reply" className="border-l-2 border-gold-400 pl-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="font-medium text-ink-900">{r.authorName}</span>
                <LocalTime iso={r.createdAt.toISOString()} zone={timeZone} className="text-slate-600" />
                <MailBadge mail={r.mail} what="reply" />
              </div>
              <p data-testid="submission-reply-body" className="mt-2 whitespace-pre-wrap break-words text-[0.9375rem] leading-relaxed text-ink-900">
                {r.body}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The reply form: a real post without JavaScript; what was typed stays when it is refused. */
export function ReplyForm({ action, to, lastResult }: { action: string; to: string; lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({
    id: "submission-reply",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReplySchema }),
  });
  const sending = useIsPending({ formAction: action });
  return (
    <section id="reply" aria-labelledby="reply-heading" className="scroll-mt-24 rounded-card border border-ink-100 bg-white p-5 sm:p-6">
      <h2 id="reply-heading" className="font-sans text-sm font-semibold uppercase tracking-wider text-slate-600">
        Reply by email
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Sent to <span className="font-medium text-ink-900">{to}</span> with their message quoted; their answer comes to the contact address in Settings.
      </p>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="mt-4 space-y-4">
        <input {...getInputProps(fields.intent, { type: "hidden", value: false })} value="reply" />
        {form.errors?.length ? <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert> : null}
        <TextAreaField meta={fields.body} label="Your reply" rows={7} maxLength={REPLY_MAX_LENGTH} hint={`Plain text, up to ${REPLY_MAX_LENGTH.toLocaleString("en-US")} characters.`} />
        <div className="flex justify-end">
          <Button type="submit" className="w-full sm:w-auto sm:min-w-40" disabled={sending} aria-disabled={sending || undefined}>
            {sending ? "Sending..." : "Send reply"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
