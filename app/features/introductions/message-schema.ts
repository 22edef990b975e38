import { z } from "zod";

export const MESSAGE_MAX = 2000;
export const REPORT_REASON_MAX = 500;

export const MESSAGE_MESSAGES = {
  empty: "Please write a message",
  tooLong: `Please keep your message to ${MESSAGE_MAX} characters`,
  reasonTooLong: `Please keep the reason to ${REPORT_REASON_MAX} characters`,
  closed: "This conversation is closed: the message was not sent.",
  tooMany: "You have sent many messages in a short time. Please wait a few minutes before sending another.",
} as const;

// A browser sends a line break as CR LF but counts it as one character against maxlength: so do we.
const lines = (s: string) => s.replace(/\r\n?/g, "\n").trim();

/** One private message: text only, 1 to 2,000 characters. The form and the action share it. */
export const MessageSchema = z.object({
  intent: z.literal("message"),
  body: z
    .string({ message: MESSAGE_MESSAGES.empty })
    .transform(lines)
    .pipe(z.string().min(1, MESSAGE_MESSAGES.empty).max(MESSAGE_MAX, MESSAGE_MESSAGES.tooLong)),
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
