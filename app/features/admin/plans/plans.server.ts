import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireAdmin } from "~/features/auth/permissions.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { NOT_SAVED_INIT, notSavedResult, orNotSaved } from "~/platform/http/not-saved.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { auditAdminAction } from "~/platform/audit.server";
import { formatMoney } from "~/domain/billing";
import { insertPlan, listPlans, updatePlan } from "~/features/billing/billing.data.server";
import { graceDays, saveGraceDays } from "~/features/billing/billing-settings.server";
import { PlanFormSchema } from "~/features/billing/plan-schema";
import { billingOn, stripeClient } from "~/features/billing/stripe.server";
import { logFor } from "~/platform/log.server";

const log = logFor("billing");

export async function plansLoader(args: RequestArgs) {
  await requireAdmin(args);
  const plans = await listPlans({ activeOnly: false });
  return {
    billingOn: billingOn(),
    graceDays: await graceDays(),
    plans: plans.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
  };
}

export const STRIPE_UNREACHABLE = "Stripe could not be reached to create the price. Nothing was saved: try again, or type the price id made in Stripe's dashboard.";

/** The Stripe price for a new plan, made through the API when billing is on and none was typed. */
async function stripePriceFor(plan: { name: string; amountMinor: number; currency: string; interval: "monthly" | "yearly" }): Promise<string | null | "failed"> {
  const stripe = stripeClient();
  if (!stripe) return null;
  try {
    const price = await stripe.prices.create({
      currency: plan.currency,
      unit_amount: plan.amountMinor,
      recurring: { interval: plan.interval === "yearly" ? "year" : "month" },
      product_data: { name: `WealthMatch ${plan.name}` },
    });
    return price.id;
  } catch (error) {
    log.error({ err: error }, "could not create a Stripe price");
    return "failed";
  }
}

export async function plansAction(args: RequestArgs) {
  const { request } = args;
  const admin = await requireAdmin(args);
  const submission = parseWithZod(await readFormData(request), { schema: PlanFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const value = submission.value;
  const notSaved = () => data(notSavedResult(submission), NOT_SAVED_INIT);
  if (value.intent === "grace") {
    const failed = await orNotSaved(() => saveGraceDays(value.graceDays), notSaved);
    if (failed) return failed;
    await auditAdminAction(args, admin, `set the billing grace period to ${value.graceDays} days`);
    return redirectWithToast(request, "/admin/plans", { type: "success", title: "Saved", description: `Grace period set to ${value.graceDays} days.` }, { status: 303 });
  }
  if (value.intent === "update") {
    const saved = await orNotSaved(() => updatePlan(value.planId, { name: value.name, active: value.active, stripePriceId: value.stripePriceId ?? null }), notSaved);
    if (typeof saved !== "boolean") return saved;
    if (!saved) return data(submission.reply({ formErrors: ["This plan no longer exists."] }), { status: 404 });
    await auditAdminAction(args, admin, `updated plan #${value.planId}: ${value.name}, ${value.active ? "offered" : "not offered"}`);
    return redirectWithToast(request, "/admin/plans", { type: "success", title: "Saved", description: `Plan "${value.name}" saved.` }, { status: 303 });
  }
  const plan = { name: value.name, amountMinor: value.price, currency: value.currency, interval: value.interval };
  const priceId = value.stripePriceId ?? (await stripePriceFor(plan));
  if (priceId === "failed") return data(submission.reply({ formErrors: [STRIPE_UNREACHABLE] }), { status: 502 });
  const created = await orNotSaved(() => insertPlan({ ...plan, active: value.active, stripePriceId: priceId }), notSaved);
  if (!("id" in created)) return created;
  await auditAdminAction(args, admin, `created plan #${created.id}: ${created.name}, ${formatMoney(created.amountMinor, created.currency)} ${created.interval}`);
  return redirectWithToast(request, "/admin/plans", { type: "success", title: "Plan created", description: `Plan "${created.name}" created.` }, { status: 303 });
}
