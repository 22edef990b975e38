import { z } from "zod";
import { PLAN_CURRENCIES, PLAN_INTERVALS } from "~/domain/billing";

// The rules of the billing forms, shared by the forms (client-side checks) and their actions.

const name = z
  .string({ message: "Name is required" })
  .trim()
  .min(2, "Name must be at least 2 characters")
  .max(60, "Name must be less than 60 characters");

/** Stripe's price id, typed when the price was made in Stripe's dashboard; empty means none (or made here). */
const stripePriceId = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
  z
    .string()
    .regex(/^price_[A-Za-z0-9]{1,200}$/, "A Stripe price id starts with price_ followed by letters and digits")
    .optional(),
);

/** "199", "199.5", "1,250.00": a price in the currency's main unit, stored in minor units (cents). */
const price = z
  .string({ message: "Price is required" })
  .trim()
  .min(1, "Price is required")
  .transform((v) => v.replace(/,/g, ""))
  .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter the price as a number, such as 199 or 199.50"))
  .transform((v) => Math.round(Number(v) * 100))
  .pipe(z.number().int().min(100, "The price must be at least 1.00").max(100_000_000, "The price must be at most 1,000,000.00"));

export const CreatePlanSchema = z.object({
  intent: z.literal("create"),
  name,
  price,
  currency: z.enum(PLAN_CURRENCIES, { message: "Choose a currency" }),
  interval: z.enum(PLAN_INTERVALS, { message: "Choose monthly or yearly" }),
  active: z.boolean().default(false),
  stripePriceId,
});

export const UpdatePlanSchema = z.object({
  intent: z.literal("update"),
  planId: z.coerce.number({ message: "Unknown plan" }).int("Unknown plan").positive("Unknown plan").max(2_147_483_647, "Unknown plan"),
  name,
  active: z.boolean().default(false),
  stripePriceId,
});

export const MAX_GRACE_DAYS = 60;

export const GraceSchema = z.object({
  intent: z.literal("grace"),
  graceDays: z
    .number({ message: "Enter a number of days" })
    .int("Enter a whole number of days")
    .min(0, "The grace period cannot be negative")
    .max(MAX_GRACE_DAYS, `The grace period is at most ${MAX_GRACE_DAYS} days`),
});

export const PlanFormSchema = z.discriminatedUnion("intent", [CreatePlanSchema, UpdatePlanSchema, GraceSchema], {
  error: "Unknown action",
});

/** A professional's choice on /professional-dashboard/plan. */
export const SubscribeSchema = z.object({
  intent: z.literal("subscribe"),
  planId: z.coerce.number({ message: "Choose a plan" }).int("Choose a plan").positive("Choose a plan").max(2_147_483_647, "Choose a plan"),
});

export const PlanChoiceSchema = z.discriminatedUnion("intent", [SubscribeSchema, z.object({ intent: z.literal("portal") })], {
  error: "Unknown action",
});
