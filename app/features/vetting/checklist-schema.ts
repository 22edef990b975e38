import { z } from "zod";
import { VETTING_ITEMS } from "~/domain/vetting";

export const CHECKLIST_MESSAGES = {
  itemRequired: "Choose the checklist item.",
  dateRequired: "Enter the date you looked at the register record.",
  dateInvalid: "Enter a real date, as YYYY-MM-DD.",
  dateFuture: "The date cannot be in the future.",
  noteRequired: "Say what the register record shows.",
  noteTooLong: "Keep the note under 500 characters.",
} as const;

/** A real calendar day written YYYY-MM-DD. */
const isDay = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** Today (UTC) as YYYY-MM-DD; a day ahead is allowed, for an admin whose own day has already begun. */
const latestDay = () => new Date(Date.now() + 24 * 60 * 60_000).toISOString().slice(0, 10);

/**
 * Ticking one item. The register item needs the day the record was looked at and what it showed; the
 * others take an optional note.
 */
export const TickSchema = z
  .object({
    item: z.enum(VETTING_ITEMS, { message: CHECKLIST_MESSAGES.itemRequired }),
    checkedOn: z.string().trim().optional(),
    note: z.string().trim().max(500, CHECKLIST_MESSAGES.noteTooLong).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.item !== "register") return;
    if (!v.checkedOn) ctx.addIssue({ code: "custom", path: ["checkedOn"], message: CHECKLIST_MESSAGES.dateRequired });
    else if (!isDay(v.checkedOn)) ctx.addIssue({ code: "custom", path: ["checkedOn"], message: CHECKLIST_MESSAGES.dateInvalid });
    else if (v.checkedOn > latestDay()) ctx.addIssue({ code: "custom", path: ["checkedOn"], message: CHECKLIST_MESSAGES.dateFuture });
    if (!v.note) ctx.addIssue({ code: "custom", path: ["note"], message: CHECKLIST_MESSAGES.noteRequired });
  });

export type TickValue = z.output<typeof TickSchema>;

export const UntickSchema = z.object({ item: z.enum(VETTING_ITEMS, { message: CHECKLIST_MESSAGES.itemRequired }) });

/** The admin's reason why no regulator registration applies (a lawyer, a family office): clients read it. Empty removes it. */
export const ExemptionSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(300, "Keep the reason under 300 characters.")
    .refine((v) => v === "" || v.length >= 10, "Say why in a few words (10 characters or more), or leave it empty to remove it.")
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** Keeping a professional verified after a change in their register's record, or ending it. */
export const AlertDecisionSchema = z.object({
  alertId: z.coerce.number({ message: "Choose the change." }).int().positive("Choose the change."),
  note: z
    .string()
    .trim()
    .max(500, "Keep the note under 500 characters.")
    .optional()
    .transform((v) => (v ? v : undefined)),
});
