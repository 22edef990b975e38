import { z } from "zod";
import { formatCount as count } from "~/domain/marketing-figures";

export const MESSAGE_MAX = 2000;
export const REPORT_REASON_MAX = 500;

export const MESSAGE_MESSAGES = {
  empty: "Please write a message",
  tooLong: (length: number) =>
    `Your message is ${count(length)} characters long: please shorten it to ${count(MESSAGE_MAX)} or fewer. Nothing was sent.`,
  reasonTooLong: `Please keep the reason to ${REPORT_REASON_MAX} characters`,
  closed: "This conversation is closed: the message was not sent.",
  tooMany: "You have sent many messages in a short time. Please wait a few minutes before sending another.",
} as const;

// A browser sends a line break as CR LF but shows it as one character: so do we.
const lines = (s: string) => s.replace(/\r\n?/g, "\n").trim();

/** The length the limit applies to, as the server counts it: the live counter shows the same number. */
export const messageLength = (text: string) => lines(text).length;

/**
 * The live counter's words under the message box ("1,980 of 2,000 characters"). There is no maxlength
 * on the box: it would cut a pasted text silently, and the writer would send what they did not write.
 */
export function counterText(length: number): { text: string; over: boolean } {
  const over = length > MESSAGE_MAX;
  const text = `${count(length)} of ${count(MESSAGE_MAX)} characters`;
  return over ? { text: `${text}: ${count(length - MESSAGE_MAX)} too many`, over } : { text, over };
}

/**
 * One private message: text only, 1 to 2,000 characters. The form and the action share it; a longer
 * one is refused, never cut, and the whole text goes back into the box.
 */
export const MessageSchema = z.object({
  intent: z.literal("message"),
  body: z
    .string({ message: MESSAGE_MESSAGES.empty })
    .transform(lines)
    .pipe(z.string().min(1, MESSAGE_MESSAGES.empty).max(MESSAGE_MAX, { error: (issue) => MESSAGE_MESSAGES.tooLong(String(issue.input).length) })),
});

/** Reporting a message the other side wrote; the reason is optional. */
export const ReportSchema = z.object({
  intent: z.literal("report"),
  messageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: z
    .string()
    .transform(lines)
    .pipe(z.string().max(REPORT_REASON_MAX, MESSAGE_MESSAGES.reasonTooLong))
    .optional(),
});
