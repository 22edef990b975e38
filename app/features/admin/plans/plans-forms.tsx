import { Form } from "react-router";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button } from "~/platform/ui/button";
import { boxClass, CheckboxField, FormAlert, SelectField, TextField } from "~/platform/ui/field";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { PLAN_CURRENCIES, PLAN_INTERVALS, formatMoney, intervalLabel, type PlanInterval } from "~/domain/billing";
import { CreatePlanSchema, GraceSchema, MAX_GRACE_DAYS, UpdatePlanSchema } from "~/features/billing/plan-schema";

export type AdminPlan = {
  id: number;
  name: string;
  amountMinor: number;
  currency: string;
  interval: PlanInterval;
  active: boolean;
  stripePriceId: string | null;
};

type Result = SubmissionResult<string[]> | null | undefined;

/** The result of the form that was sent, for that form only (the page holds several). */
function resultFor(result: Result, intent: string, planId?: number): Result {
  const sent = result?.initialValue as Record<string, unknown> | undefined;
  if (!sent || sent.intent !== intent) return undefined;
  if (planId !== undefined && sent.planId !== String(planId)) return undefined;
  return result;
}

const CURRENCY_OPTIONS = PLAN_CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }));
const INTERVAL_OPTIONS = PLAN_INTERVALS.map((i) => ({ value: i, label: i === "monthly" ? "Monthly" : "Yearly" }));

const cardClass = "rounded-card border border-ink-100 bg-white px-5 py-6 sm:px-6";

export function GraceForm({ graceDays, lastResult }: { graceDays: number; lastResult: Result }) {
  const [form, fields] = useForm({
    id: "grace-period",
    lastResult: resultFor(lastResult, "grace"),
    defaultValue: { graceDays: String(graceDays) },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GraceSchema }),
  });
  const saving = useIsPendingHere({ formData: { intent: "grace" } });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className={cardClass} aria-labelledby="grace-heading">
      <h2 id="grace-heading" className="font-sans text-base font-semibold">
        Grace period
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        When a payment fails, Stripe retries it. The professional stays in matching for this many days from the first failure; 0 takes them out at once. An
        ended subscription leaves matching at once.
      </p>
      <input type="hidden" name="intent" value="grace" />
      {form.errors?.length ? (
        <div className="mt-4">
          <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div className="w-40">
          <TextField meta={fields.graceDays} label="Days" type="number" inputMode="numeric" min={0} max={MAX_GRACE_DAYS} />
        </div>
        <Button type="submit" variant="secondary" disabled={saving}>
          {saving ? "Saving..." : "Save grace period"}
        </Button>
      </div>
    </Form>
  );
}

export function NewPlanForm({ billingOn, lastResult }: { billingOn: boolean; lastResult: Result }) {
  const [form, fields] = useForm({
    id: "new-plan",
    lastResult: resultFor(lastResult, "create"),
    defaultValue: { currency: "usd", interval: "monthly", active: "on" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreatePlanSchema }),
  });
  const saving = useIsPendingHere({ formData: { intent: "create" } });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className={cardClass} aria-labelledby="new-plan-heading">
      <h2 id="new-plan-heading" className="font-sans text-base font-semibold">
        New plan
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {billingOn
          ? "Leave the Stripe price id empty and the price is created in Stripe for you, or paste the id of a price made in Stripe's dashboard."
          : "Billing is off (no STRIPE_SECRET_KEY): plans are shown on the Professionals page; type the Stripe price id if you have one."}
      </p>
      <input type="hidden" name="intent" value="create" />
      {form.errors?.length ? (
        <div className="mt-4">
          <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert>
        </div>
      ) : null}
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.name} label="Name" maxLength={60} autoComplete="off" />
        <TextField meta={fields.price} label="Price" inputMode="decimal" hint="In the currency's main unit, such as 199 or 199.50." />
        <SelectField meta={fields.currency} label="Currency" options={CURRENCY_OPTIONS} />
        <SelectField meta={fields.interval} label="Billed" options={INTERVAL_OPTIONS} />
        <TextField meta={fields.stripePriceId} label="Stripe price id (optional)" autoComplete="off" spellCheck={false} autoCapitalize="none" />
        <div className="self-end pb-2">
          <CheckboxField meta={fields.active} label="Offered to professionals" />
        </div>
      </div>
      <div className="mt-5 flex justify-end">
        <Button type="submit" className="w-full sm:w-auto" disabled={saving}>
          {saving ? "Creating..." : "Create plan"}
        </Button>
      </div>
    </Form>
  );
}

function PlanRow({ plan, lastResult }: { plan: AdminPlan; lastResult: Result }) {
  const [form, fields] = useForm({
    id: `plan-${plan.id}`,
    lastResult: resultFor(lastResult, "update", plan.id),
    defaultValue: { name: plan.name, active: plan.active ? "on" : "", stripePriceId: plan.stripePriceId ?? "" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UpdatePlanSchema }),
  });
  const saving = useIsPendingHere({ formData: { intent: "update", planId: String(plan.id) } });
  return (
    <li className="px-5 py-5 sm:px-6">
      <Form method="post" {...getFormProps(form)} noValidate aria-label={`Plan ${plan.name}`}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="planId" value={plan.id} />
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="font-serif text-lg font-semibold text-ink-900">
            {formatMoney(plan.amountMinor, plan.currency)} <span className="text-sm font-normal text-slate-600">{intervalLabel(plan.interval)}</span>
          </p>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${plan.active ? "bg-emerald-50 text-emerald-800" : "bg-ivory-200 text-slate-700"}`}>
            {plan.active ? "Offered" : "Not offered"}
          </span>
        </div>
        {form.errors?.length ? (
          <div className="mt-3">
            <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert>
          </div>
        ) : null}
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.name} id={`plan-${plan.id}-name`} label="Name" maxLength={60} autoComplete="off" />
          <TextField meta={fields.stripePriceId} id={`plan-${plan.id}-price-id`} label="Stripe price id" autoComplete="off" spellCheck={false} autoCapitalize="none" />
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
          {/* A plain box: CheckboxField's id is the field's name, which every row shares. */}
          <label htmlFor={`plan-${plan.id}-active`} className="flex cursor-pointer items-center gap-3 text-sm text-ink-900">
            <input id={`plan-${plan.id}-active`} type="checkbox" name="active" defaultChecked={plan.active} className={boxClass} />
            Offered to professionals
          </label>
          <Button type="submit" variant="secondary" disabled={saving}>
            {saving ? "Saving..." : "Save plan"}
          </Button>
        </div>
      </Form>
    </li>
  );
}

export function PlanList({ plans, lastResult }: { plans: AdminPlan[]; lastResult: Result }) {
  if (!plans.length) {
    return <div className="rounded-card border border-dashed border-ink-200 bg-white px-6 py-10 text-center text-sm text-ink-800">No plans yet. Create the first one below.</div>;
  }
  return (
    <section aria-labelledby="plans-heading" className="rounded-card border border-ink-100 bg-white">
      <h2 id="plans-heading" className="border-b border-ink-100 px-5 py-4 font-sans text-base font-semibold sm:px-6">
        Plans
      </h2>
      <p className="px-5 pt-3 text-sm text-slate-600 sm:px-6">A price cannot change under the people paying it: for a new price, create a new plan and stop offering the old one.</p>
      <ul className="divide-y divide-ink-100">
        {plans.map((plan) => (
          <PlanRow key={plan.id} plan={plan} lastResult={lastResult} />
        ))}
      </ul>
    </section>
  );
}
