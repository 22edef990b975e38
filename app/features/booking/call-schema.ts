import { z } from "zod";
import { timeZoneField } from "~/domain/fields";
import { MEETING_KINDS } from "~/platform/schema/vocabulary";

const slot = z.iso.datetime({ error: "Choose a time." });

/** The forms of /introductions/:id/call: the time zone, a booking, a new time, a cancellation. */
export const CallFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("zone"), timeZone: timeZoneField }),
  z.object({ intent: z.literal("book"), slot, kind: z.enum(MEETING_KINDS, { error: "Choose how you would like to meet." }) }),
  z.object({ intent: z.literal("reschedule"), slot }),
  z.object({ intent: z.literal("cancel") }),
]);

export type CallForm = z.output<typeof CallFormSchema>;
