import { z } from "zod";

/** The longest reply an admin may send: a long letter, not a document. */
export const REPLY_MAX_LENGTH = 5000;

/** An admin's reply to a contact message: shared by the submission page's form and its action. */
export const ReplySchema = z.object({
  intent: z.literal("reply"),
  body: z
    .string({ message: "Write your reply" })
    .trim()
    .min(2, "Write your reply")
    .max(REPLY_MAX_LENGTH, `Your reply must be at most ${REPLY_MAX_LENGTH.toLocaleString("en-US")} characters`),
});
