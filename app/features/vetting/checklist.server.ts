import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireAdmin } from "~/features/auth/permissions.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast, type Toast } from "~/platform/http/toast.server";
import { audit, auditAdminAction } from "~/platform/audit.server";
import { approvedMatching } from "~/features/professionals/own-professional.server";
import { missingMatchingText } from "~/features/professionals/matching-data";
import {
  MINIMUM_EXPERIENCE_YEARS,
  VETTING_ITEMS,
  VETTING_ITEM_INFO,
  checkedItemsWords,
  meetsMinimumExperience,
  missingVettingItems,
  verificationExpiresAt,
  verificationState,
  type VettingItem,
} from "~/domain/vetting";
import { AlertDecisionSchema, ExemptionSchema, TickSchema, UntickSchema } from "./checklist-schema";
import { acceptCurrentRecords, decideAlert, registerVettingView, setExemption } from "~/features/registers/vetting-registers.server";
import { registrationViews } from "./registrations.server";
import { enqueueRenewalNotice } from "./renewal-jobs.server";
import {
  checksOf,
  currentVerification,
  registrationsOf,
  tickItem,
  untickItem,
  unverify,
  verifyFromChecklist,
  vettingSubject,
  wizardDisclosure,
} from "./vetting.data.server";

export const vettingPath = (id: number) => `/admin/professionals/${id}/vetting`;

const idFrom = (raw: string | undefined) => {
  const n = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

async function subjectOr404(raw: string | undefined) {
  const id = idFrom(raw);
  const row = id ? await vettingSubject(id) : undefined;
  if (!row) throw data({ error: "Professional not found" }, { status: 404 });
  return row;
}

const itemList = (items: VettingItem[]) => items.map((i) => VETTING_ITEM_INFO[i].label.toLowerCase()).join(", ");

type TickFacts = {
  experienceYears: number | null;
  experienceRange: string | null;
  registerExemption: string | null;
  registrations: number;
};

/**
 * Why an item cannot be ticked with the facts on file, or null when it can: the page disables its
 * "Mark as done" with this sentence, and the action refuses with the same one.
 */
export function tickRefusal(item: VettingItem, facts: TickFacts): string | null {
  if (item === "experience" && !meetsMinimumExperience(facts.experienceYears, facts.experienceRange)) {
    return `The stated experience is below the published minimum of ${MINIMUM_EXPERIENCE_YEARS} years: it cannot be ticked unless the entry's experience changes.`;
  }
  if (item === "register" && facts.registrations === 0 && !facts.registerExemption) {
    return "No registration is recorded yet: the professional adds theirs on their dashboard, or record why none applies.";
  }
  return null;
}

export async function checklistLoader(args: RequestArgs, rawId: string | undefined, now = new Date()) {
  await requireAdmin(args);
  const row = await subjectOr404(rawId);
  const [checks, registrations, verification, disclosure, register] = await Promise.all([
    checksOf(row.id),
    registrationsOf(row.id),
    currentVerification(row),
    wizardDisclosure(row.userId),
    registerVettingView(row, now),
  ]);
  const auto = register.automaticDone;
  const state = verificationState(row.verified, row.verifiedAt, now);
  return {
    professional: { id: row.id, name: row.name, email: row.email, company: row.company },
    state,
    verifiedAt: row.verified ? (row.verifiedAt?.toISOString() ?? null) : null,
    expiresAt: row.verified && row.verifiedAt ? verificationExpiresAt(row.verifiedAt).toISOString() : null,
    verification: verification
      ? { verifiedAt: verification.verifiedAt.toISOString(), by: verification.verifiedByEmail, words: checkedItemsWords(verification.checks.map((c) => c.item)) }
      : null,
    items: VETTING_ITEMS.map((item) => {
      const c = checks.find((x) => x.item === item);
      const automatic = item === "register" && !c && auto ? auto : null;
      return {
        item,
        // A register whose records were not imported is looked up by hand, as the label says.
        label: item === "register" && !register.automatic ? `${VETTING_ITEM_INFO.register.label} (by hand)` : VETTING_ITEM_INFO[item].label,
        hint: VETTING_ITEM_INFO[item].hint,
        blocked: tickRefusal(item, { ...row, registrations: registrations.length }),
        done: c
          ? { checkedAt: c.checkedAt.toISOString(), by: c.checkedByEmail, checkedOn: c.checkedOn, note: c.note, automatic: false }
          : automatic
            ? { checkedAt: automatic.checkedAt, by: null, checkedOn: automatic.checkedOn, note: automatic.note, automatic: true }
            : null,
      };
    }),
    missing: missingVettingItems(auto ? [...checks, auto] : checks),
    register: { checks: register.checks, automatic: register.automatic, alerts: register.alerts, openIntroductions: register.openIntroductions, exemption: row.registerExemption },
    paused: row.pausedAt !== null,
    registrations: registrationViews(registrations),
    experience: { years: row.experienceYears, range: row.experienceRange, meets: meetsMinimumExperience(row.experienceYears, row.experienceRange) },
    disclosure: { wizard: disclosure, disclosed: row.disciplinaryDisclosed, cleared: row.disciplinaryCleared, note: row.disciplinaryNote },
    fees: { model: row.feeModel, minimum: row.feeMinimum, schedule: row.feeSchedule },
    incomplete: missingMatchingText(approvedMatching(row)),
    today: now.toISOString().slice(0, 10),
  };
}

/**
 * Tick, untick, verify, unverify. Each is audited with the admin and the item; verifying is refused
 * here (not only by a disabled button) until every item is ticked.
 */
export async function checklistAction(args: RequestArgs, rawId: string | undefined, now = new Date()) {
  const { request } = args;
  const admin = await requireAdmin(args);
  const row = await subjectOr404(rawId);
  const here = vettingPath(row.id);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const who = `professional #${row.id} ${row.name} <${row.email}>`;
  const toast = (type: Toast["type"], description: string): Toast => ({ type, title: type === "success" ? "Success" : "Error", description });

  if (intent === "tick") {
    const submission = parseWithZod(form, { schema: TickSchema });
    const item = submission.status === "success" ? submission.value.item : null;
    if (submission.status !== "success" || !item) {
      const named = form.get("item");
      const known = VETTING_ITEMS.find((i) => i === named) ?? "register";
      return data({ form: "tick" as const, item: known, result: submission.reply() }, { status: 400 });
    }
    const refusal = tickRefusal(item, { ...row, registrations: item === "register" ? (await registrationsOf(row.id)).length : 0 });
    if (refusal) return data({ form: "tick" as const, item, result: submission.reply({ formErrors: [refusal] }) }, { status: 400 });
    const { checkedOn, note } = submission.value;
    await tickItem(row.id, admin.id, item, now, { checkedOn: item === "register" ? (checkedOn ?? null) : null, note: note || null });
    await auditAdminAction(args, admin, `vetting: ticked "${VETTING_ITEM_INFO[item].label}" for ${who}${item === "register" ? ` (record checked ${checkedOn})` : ""}`);
    return redirectWithToast(request, here, toast("success", `${VETTING_ITEM_INFO[item].label}: ticked.`), { status: 303 });
  }

  if (intent === "untick") {
    const submission = parseWithZod(form, { schema: UntickSchema });
    if (submission.status !== "success") return redirectWithToast(request, here, toast("error", "Choose the checklist item."), { status: 303 });
    const { item } = submission.value;
    const removed = await untickItem(row.id, item);
    if (removed) await auditAdminAction(args, admin, `vetting: unticked "${VETTING_ITEM_INFO[item].label}" for ${who}`);
    return redirectWithToast(request, here, removed ? toast("success", `${VETTING_ITEM_INFO[item].label}: unticked.`) : toast("error", "That item was not ticked."), { status: 303 });
  }

  if (intent === "verify") {
    const { automaticDone } = await registerVettingView(row, now);
    const outcome = await verifyFromChecklist(row.id, admin.id, now, (r) => missingMatchingText(approvedMatching(r)), automaticDone);
    if (!outcome.ok) {
      const error = outcome.reason ?? `Every item must be done before verifying. Still to do: ${itemList(outcome.missing)}.`;
      return data({ form: "verify" as const, error }, { status: 400 });
    }
    // What the registers say now is what later imports are compared with.
    await acceptCurrentRecords(row);
    await enqueueRenewalNotice(row.id, now);
    await auditAdminAction(args, admin, `verified ${who} through the vetting checklist (register record, identity, experience, disciplinary history, fees)`);
    return redirectWithToast(request, here, toast("success", "Professional verified for 12 months."), { status: 303 });
  }

  if (intent === "unverify") {
    const done = await unverify(row.id);
    if (done) await auditAdminAction(args, admin, `unverified ${who}`);
    return redirectWithToast(request, here, done ? toast("success", "Professional unverified: they leave matching.") : toast("error", "This professional was not verified."), { status: 303 });
  }

  if (intent === "exemption") {
    const submission = parseWithZod(form, { schema: ExemptionSchema });
    if (submission.status !== "success") return data({ form: "exemption" as const, result: submission.reply() }, { status: 400 });
    const reason = submission.value.reason ?? null;
    await setExemption(row.id, reason);
    await auditAdminAction(args, admin, reason ? `vetting: recorded why no registration applies to ${who}: ${reason}` : `vetting: removed the reason why no registration applies to ${who}`);
    return redirectWithToast(request, here, toast("success", reason ? "Reason recorded: clients read it beside the Verified badge." : "Reason removed."), { status: 303 });
  }

  if (intent === "clear-alert" || intent === "end-alert") {
    const submission = parseWithZod(form, { schema: AlertDecisionSchema });
    if (submission.status !== "success") return data({ form: "alert" as const, result: submission.reply() }, { status: 400 });
    const decision = intent === "clear-alert" ? "cleared" : "ended";
    const outcome = await decideAlert(row, submission.value.alertId, decision, admin.id, submission.value.note ?? null, now);
    if (!outcome.ok) return redirectWithToast(request, here, toast("error", outcome.reason), { status: 303 });
    await audit({
      kind: "REGISTER_CHECK",
      from: args,
      userId: admin.id,
      email: admin.email,
      detail: decision === "cleared"
        ? `register change #${outcome.alert.id} of ${who} reviewed: kept verified; the record of ${outcome.alert.feedDate} is the new baseline`
        : `register change #${outcome.alert.id} of ${who} reviewed: verification ended`,
    });
    return redirectWithToast(
      request,
      here,
      toast("success", decision === "cleared" ? "Kept verified: they are proposed to clients again, and their clients' cards say what changed." : "Verification ended: they leave matching; their clients' cards say why."),
      { status: 303 },
    );
  }

  return data({ form: "verify" as const, error: "Unknown action." }, { status: 400 });
}
