import { z } from "zod";
import { timeZoneField } from "~/domain/fields";
import { MEETING_KINDS } from "~/platform/schema/vocabulary";

const slot = z.iso.datetime({ error: "Choose a time." });

/**
 * The forms of /introductions/:id/call that change something: a booking, a new time, a cancellation.
 * (The time zone the page shows is a GET form: it changes what is shown, nothing stored.) A booking
 * carries the zone its times were shown in, kept for a client who has none saved.
 */
export const CallFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("book"), slot, kind: z.enum(MEETING_KINDS, { error: "Choose how you would like to meet." }), timeZone: timeZoneField.optional() }),
  z.object({ intent: z.literal("reschedule"), slot }),
  z.object({ intent: z.literal("cancel") }),
]);

export type CallForm = z.output<typeof CallFormSchema>;
