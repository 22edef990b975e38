import { z } from "zod";

export const DECLINE_REASON_MAX = 500;

/** "Not for me" on a shortlisted professional: the reason is optional, and kept only for our team. */
export const DeclineSchema = z.object({
  intent: z.literal("decline"),
  reason: z
    .string()
    .trim()
    .max(DECLINE_REASON_MAX, `Please keep the reason to ${DECLINE_REASON_MAX} characters or fewer.`)
    .optional(),
});
