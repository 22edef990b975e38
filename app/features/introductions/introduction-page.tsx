import { Form, Link } from "react-router";
import { useEffect, useRef, useState } from "react";
import { AnchoredFlash } from "~/platform/ui/flash-message";
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useHydrated } from "remix-utils/use-hydrated";
import { buttonClass } from "~/platform/ui/button";
import { ErrorList, FormAlert, inputClass } from "~/platform/ui/field";
import { shortDate, timestamp } from "~/platform/ui/format";
import { messageTime } from "~/features/booking/call-format";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import type { Contact, IntroductionPage, ThreadMessage } from "./introduction-page.data.server";
import { counterText, MESSAGE_MAX, messageLength, MessageSchema, REPORT_REASON_MAX } from "./message-schema";
import { Icon } from "~/platform/ui/icons";

/** The message form's id, and the address its refusals open at. */
export const MESSAGE_FORM_ID = "new-message";

/** The state of the introduction in plain words, for the side reading it. */
export function stateText(intro: IntroductionPage): string {
  const pro = intro.professional.name;
  const client = intro.client?.name ?? "The client";
  if (intro.side === "client") {
    switch (intro.status) {
      case "requested":
        return `You asked to be introduced to ${pro} on ${shortDate(intro.requestedAt)}. They have not answered yet.`;
      case "accepted":
        return `${pro} accepted your introduction${intro.answeredAt ? ` on ${shortDate(intro.answeredAt)}` : ""}. You can reach each other directly.`;
      case "declined":
        return `${pro} declined this introduction. The others on your shortlist are still there for you.`;
      case "withdrawn":
        return `You withdrew this introduction${intro.withdrawnAt ? ` on ${shortDate(intro.withdrawnAt)}` : ""}. ${pro} no longer sees your details.`;
      default:
        return intro.endReason === "professional-deleted" ? `${pro} deleted their account: this introduction has ended.` : "This introduction has ended.";
    }
  }
  switch (intro.status) {
    case "requested":
      return `${client} asked to be introduced to you on ${shortDate(intro.requestedAt)}. Accept or decline on your dashboard.`;
    case "accepted":
      return `You accepted this introduction${intro.answeredAt ? ` on ${shortDate(intro.answeredAt)}` : ""}. You can reach each other directly.`;
    case "declined":
      return "You declined this introduction.";
    case "withdrawn":
      return "The client withdrew this introduction. Their details and your conversation are no longer shown to you.";
    default:
      return intro.endReason === "client-deleted" ? "This client deleted their account: this introduction has ended." : "This introduction has ended.";
  }
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-[0.9375rem] text-ink-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const linkClass = "font-medium text-ink-900 underline decoration-gold-500 underline-offset-4 hover:text-gold-700";

/** How to reach the other side: only ever rendered for an accepted introduction. */
export function ContactDetails({ contact, side }: { contact: Contact; side: IntroductionPage["side"] }) {
  return (
    <section aria-labelledby="contact-heading" className="rounded-card border border-ink-100 bg-white p-6 sm:p-8" data-testid="contact-details">
      <h2 id="contact-heading" className="text-xl font-semibold">
        {side === "client" ? "How to reach them" : "How to reach your client"}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Detail label="Name">{contact.name}</Detail>
        <Detail label="Email">
          <a href={`mailto:${contact.email}`} className={linkClass}>
            {contact.email}
          </a>
        </Detail>
        <Detail label="Phone">
          {contact.phone ? (
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} className={linkClass}>
              {contact.phone}
            </a>
          ) : (
            "Not given"
          )}
        </Detail>
        <Detail label={side === "client" ? "They prefer" : "They prefer to be reached by"}>
          {contact.channels.length ? contact.channels.join(", ") : "Not stated"}
        </Detail>
      </dl>
    </section>
  );
}

/** What the professional saw when the client asked (decision 022): the same as on their dashboard. */
export function ClientSummary({ client }: { client: NonNullable<IntroductionPage["client"]> }) {
  return (
    <section aria-labelledby="client-heading" className="rounded-card border border-ink-100 bg-white p-6 sm:p-8" data-testid="client-summary">
      <h2 id="client-heading" className="text-xl font-semibold">
        About {client.name}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Detail label="Objectives">{client.objectives.length ? client.objectives.join(", ") : "Not stated"}</Detail>
        <Detail label="Net worth">{client.netWorth ?? "Not stated"}</Detail>
        <Detail label="Preferred contact">{client.preferredContact}</Detail>
        {client.contactDetail ? (
          <Detail label="Reach them at">{client.contactDetail}</Detail>
        ) : (
          <Detail label="Their e-mail or phone">
            <span className="text-slate-600" data-testid="contact-after-accepting">Shown once you accept</span>
          </Detail>
        )}
      </dl>
      <Link to="/professional-dashboard#introductions" className={buttonClass("primary", "mt-6 w-full sm:w-auto sm:px-6")}>
        Accept or decline on your dashboard
      </Link>
    </section>
  );
}

/** The place for the first call; the booking screen lives at /introductions/:id/call. */
export function FirstCall({
  introductionId,
  side,
  call = null,
}: {
  introductionId: number;
  side: IntroductionPage["side"];
  /** The booked call in the viewer's zone, if any. */
  call?: { when: string; kind: string } | null;
}) {
  return (
    <section aria-labelledby="first-call-heading" id="first-call" className="rounded-card border border-ink-100 bg-ink-900 p-6 text-ivory-100 sm:p-8">
      <h2 id="first-call-heading" className="text-xl font-semibold text-ivory-50">
        First call
      </h2>
      {call ? (
        <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-100" data-testid="first-call-status">
          Booked: <span className="font-semibold text-ivory-50">{call.when}</span>, {call.kind.toLowerCase()}.
        </p>
      ) : (
        <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-100">
          {side === "client"
            ? "Pick a time for a first conversation from their availability, shown in your own time zone."
            : "See, move or cancel the first call your client books from your availability."}
        </p>
      )}
      <Link to={`/introductions/${introductionId}/call`} className={buttonClass("gold", "mt-5 w-full sm:w-auto sm:px-6")}>
        {call ? "Move or cancel the first call" : side === "client" ? "Book a first call" : "See the first call"}
      </Link>
    </section>
  );
}

function ReportForm({ message }: { message: ThreadMessage }) {
  const reporting = useIsPendingHere({ state: "submitting", formData: { intent: "report", messageId: String(message.id) } });
  if (message.reported) return <p className="mt-2 text-xs text-slate-600">Reported to WealthMatch</p>;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-slate-600 underline decoration-ink-200 underline-offset-4 hover:text-ink-900">
        Report this message
      </summary>
      <Form method="post" className="mt-3 space-y-3 rounded-md border border-ink-100 bg-ivory-50 p-4">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="messageId" value={message.id} />
        <p className="text-[0.9375rem] text-slate-600">Our team will read this message, and only this one. The other side is not told.</p>
        <label htmlFor={`reason-${message.id}`} className="block text-sm font-medium text-ink-900">
          Why? <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea id={`reason-${message.id}`} name="reason" rows={2} maxLength={REPORT_REASON_MAX} className={inputClass} />
        <button type="submit" className={buttonClass("secondary", "py-2")} disabled={reporting}>
          {reporting ? "Reporting…" : "Report message"}
        </button>
      </Form>
    </details>
  );
}

/** The live count under the message box (JavaScript only): a warning once over the limit, said aloud only then. */
function MessageCounter({ id, length }: { id: string; length: number }) {
  const { text, over } = counterText(length);
  return (
    <>
      <p id={id} className={over ? "flex items-center gap-1.5 text-sm font-medium text-danger-700" : "text-sm text-slate-600"} data-testid="message-counter">
        {over ? <Icon name="alert" className="h-4 w-4 shrink-0" /> : null}
        {text}
      </p>
      {/* Announced when the text goes over, not at every key. */}
      <p className="sr-only" aria-live="polite">
        {over ? `Your message is over ${MESSAGE_MAX.toLocaleString("en-US")} characters.` : ""}
      </p>
    </>
  );
}

/**
 * The form that writes to the other side. No maxlength: a longer text is refused with its length named
 * and kept whole in the box (the browser would cut a paste silently). Its address ends in the form's id,
 * so without JavaScript a refusal opens at the box and its message rather than at the top of the page.
 */
function MessageForm({ introductionId, lastResult }: { introductionId: number; lastResult: SubmissionResult<string[]> | undefined }) {
  const hydrated = useHydrated();
  const sending = useIsPendingHere({ state: "submitting", formData: { intent: "message" } });
  const [form, fields] = useForm({
    id: MESSAGE_FORM_ID,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MessageSchema }),
  });
  const box = useRef<HTMLTextAreaElement>(null);
  const [length, setLength] = useState(() => messageLength(typeof fields.body.initialValue === "string" ? fields.body.initialValue : ""));
  // Whatever was typed before the script ran (or came back refused) is counted once it runs.
  useEffect(() => setLength(messageLength(box.current?.value ?? "")), []);
  const { key, ...textarea } = getTextareaProps(fields.body);
  const counterId = `${MESSAGE_FORM_ID}-counter`;
  const hintId = `${MESSAGE_FORM_ID}-hint`;
  return (
    <Form method="post" action={`/introductions/${introductionId}#${MESSAGE_FORM_ID}`} {...getFormProps(form)} className="mt-6 scroll-mt-24 space-y-3">
      <input type="hidden" name="intent" value="message" />
      {form.errors?.length ? <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert> : null}
      <label htmlFor={fields.body.id} className="block text-sm font-medium text-ink-900">
        Your message
      </label>
      <textarea
        key={key}
        {...textarea}
        ref={box}
        rows={4}
        className={inputClass}
        aria-describedby={[fields.body.errors ? fields.body.errorId : "", hydrated ? counterId : hintId].filter(Boolean).join(" ")}
        onInput={(e) => setLength(messageLength(e.currentTarget.value))}
      />
      <ErrorList id={fields.body.errorId} errors={fields.body.errors} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {hydrated ? (
          <MessageCounter id={counterId} length={length} />
        ) : (
          <p id={hintId} className="text-sm text-slate-600">
            Text only, up to {MESSAGE_MAX.toLocaleString("en-US")} characters.
          </p>
        )}
        <button type="submit" className={buttonClass("primary", "w-full sm:w-auto sm:px-6")} disabled={sending}>
          {sending ? "Sending…" : "Send message"}
        </button>
      </div>
    </Form>
  );
}

/** The private conversation: newest last, escaped text (React), a form while the introduction is accepted. */
export function MessageThread({
  intro,
  messages,
  lastResult,
  zone = null,
}: {
  intro: IntroductionPage;
  messages: ThreadMessage[];
  lastResult: SubmissionResult<string[]> | undefined;
  /** The reader's time zone, once known (saved with their first booking, or in account settings); UTC until then. */
  zone?: string | null;
}) {
  const other = intro.side === "client" ? intro.professional.name : (intro.client?.name ?? "the client");
  return (
    <section aria-labelledby="messages-heading" id="messages" className="scroll-mt-24 rounded-card border border-ink-100 bg-white p-6 sm:p-8">
      <h2 id="messages-heading" className="text-xl font-semibold">
        Messages
      </h2>
      <AnchoredFlash anchor="messages" className="mt-4" />
      <p className="mt-2 text-[0.9375rem] leading-relaxed text-slate-600">
        Private between you and {other}. WealthMatch staff read a message only if one of you reports it.
        {zone ? ` Times in ${zone.replace(/_/g, " ")}.` : null}
      </p>
      {messages.length === 0 ? (
        <p className="mt-5 rounded-md border border-dashed border-ink-200 p-5 text-[0.9375rem] text-slate-600">No messages yet.</p>
      ) : (
        <ol className="mt-5 space-y-4" data-testid="messages">
          {messages.map((m) => (
            <li
              key={m.id}
              data-testid="message"
              className={`max-w-[85%] rounded-card border p-4 ${m.mine ? "ml-auto border-ink-800 bg-ink-900 text-ivory-50" : "mr-auto border-ink-100 bg-ivory-50 text-ink-900"}`}
            >
              <p className={`text-xs font-semibold uppercase tracking-[0.14em] ${m.mine ? "text-gold-300" : "text-gold-700"}`}>
                {m.mine ? "You" : other} · <time dateTime={m.createdAt}>{zone ? messageTime(m.createdAt, zone) : timestamp(m.createdAt)}</time>
              </p>
              <p className="mt-2 whitespace-pre-wrap text-[0.9375rem] leading-relaxed [overflow-wrap:anywhere]">{m.body}</p>
              {m.mine ? null : <ReportForm message={m} />}
            </li>
          ))}
        </ol>
      )}
      {intro.thread.open ? (
        <MessageForm key={messages.length} introductionId={intro.id} lastResult={lastResult} />
      ) : (
        <p role="status" className="mt-6 rounded-md border border-ink-100 bg-ivory-50 p-4 text-[0.9375rem] text-ink-900" data-testid="thread-closed">
          {intro.thread.closedBecause}
        </p>
      )}
    </section>
  );
}
