import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { audit } from "~/platform/audit.server";
import { getUser, redirectWithNewSession } from "~/auth/session.server";
import { landingFor } from "~/users/roles";
import { clientAddress, type RequestArgs } from "~/http/client-address.server";
import { auditTrip, consume, LIMITS, releaseHit } from "~/platform/rate-limit.server";
import { toastHeaders } from "~/http/toast.server";
import { emailRegistered } from "~/users/users.server";
import { withHashingRoom } from "~/users/password.server";
import { createRegistration } from "./create-registration.server";
import { MESSAGES, RegistrationSchema, type AnswerField } from "./registration-schema";
import { stepAt, stepSchema, stepsFor, totalSteps, type StepId } from "./steps";
import {
  answersToFormData,
  clearWizardState,
  commitWizardState,
  freshState,
  readSavedWizardState,
  readWizardState,
  userTypeOf,
  withPostedAnswers,
  type WizardState,
} from "./wizard-state.server";
import type { UserType } from "./options";
import { readFormData } from "~/http/form-data.server";

export type WizardValues = Partial<Record<AnswerField, string | string[]>>;
/** What the page needs to draw one step: never the password, except on the step that asks for it. */
export type WizardView = {
  step: number;
  total: number;
  stepId: StepId;
  userType: UserType | null;
  values: WizardValues;
};
export type WizardActionData = { view: WizardView; result: SubmissionResult<string[]> };

const SECRET_FIELDS: readonly AnswerField[] = ["password", "confirmPassword"];
export const TOO_LONG = "Your answers are too long to keep. Please shorten the longest answer on this page.";
export const TOO_MANY_ACCOUNTS =
  "Too many accounts have been created from your network in the last hour. Please try again later, or contact us if you need help.";
export const EXPIRED = "For your security, unfinished registrations expire after an hour. Please start again.";

export function viewOf(state: WizardState): WizardView {
  const userType = userTypeOf(state) ?? null;
  const stepId = stepAt(userType ?? undefined, state.step).id;
  const values: WizardValues = { ...state.answers };
  if (stepId !== "credentials") for (const f of SECRET_FIELDS) delete values[f];
  return { step: state.step, total: totalSteps(userType ?? undefined), stepId, userType, values };
}

function errorResult(error: Record<string, string[] | null>): SubmissionResult<string[]> {
  const messages = Object.fromEntries(Object.entries(error).filter((e): e is [string, string[]] => !!e[1]?.length));
  return {
    status: "error",
    error: messages,
    state: { validated: Object.fromEntries(Object.keys(messages).map((k) => [k, true])) },
  };
}

/** The same step again, with its answers kept and the messages under the fields. */
function stayOnStep(request: Request, state: WizardState, error: Record<string, string[] | null>, status = 400) {
  const cookie = commitWizardState(request, state);
  const body: WizardActionData = { view: viewOf(state), result: errorResult(error) };
  return data(body, { status, headers: cookie ? { "Set-Cookie": cookie } : undefined });
}

/**
 * Step 3 says at once when an e-mail is already registered, up to a bound per client address; past
 * it the same answer waits for Create Account, so addresses cannot be tested at speed.
 */
function mayCheckEmailNow(args: RequestArgs): boolean {
  const ip = clientAddress(args);
  if (consume(LIMITS.registerEmailCheckIp, ip).allowed) return true;
  auditTrip(LIMITS.registerEmailCheckIp, ip, { from: args, detail: "registration e-mail checks limit reached for this client address" });
  return false;
}

function goTo(request: Request, state: WizardState) {
  const cookie = commitWizardState(request, state);
  if (!cookie) return stayOnStep(request, state, { "": [TOO_LONG] });
  return redirect("/register", { status: 303, headers: { "Set-Cookie": cookie } });
}

export async function wizardLoader(request: Request) {
  const user = await getUser(request);
  if (user) throw redirect(landingFor(user.role));
  return { view: viewOf(readWizardState(request)) };
}

/**
 * One POST per step, with `intent` continue, back or create. The step's answers are always kept;
 * Continue moves on only when the step passes its rules, Create Account only when everything does.
 */
export async function wizardAction(args: RequestArgs) {
  const { request } = args;
  const user = await getUser(request);
  if (user) throw redirect(landingFor(user.role));

  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const postedStep = Number(formData.get("step"));
  const stored = readSavedWizardState(request);
  // A later step posted without a valid state: the hour ran out (or cookies are off). Say so.
  if (!stored && postedStep > 1) return stayOnStep(request, freshState(), { "": [EXPIRED] });
  const saved = stored ?? freshState();
  // A page from the browser's history may post an earlier step; never a step not yet reached.
  const step = Number.isInteger(postedStep) && postedStep >= 1 && postedStep <= saved.step ? postedStep : saved.step;
  const def = stepAt(userTypeOf(saved), step);
  // The account type is only ever read from the step that asks for it, never from other posted fields.
  const state = withPostedAnswers({ ...saved, step }, def.fields, formData);

  if (intent === "back") return goTo(request, { ...state, step: Math.max(1, step - 1) });

  const submission = parseWithZod(formData, { schema: stepSchema(def.id) });
  if (submission.status !== "success") return stayOnStep(request, state, submission.error ?? {});

  if (def.id === "credentials" && mayCheckEmailNow(args)) {
    const email = String(formData.get("email") ?? "");
    if (emailRegistered(email)) return stayOnStep(request, state, { email: [MESSAGES.emailTaken] });
  }

  if (def.id !== "review") {
    return goTo(request, { ...state, step: Math.min(step + 1, totalSteps(userTypeOf(state))) });
  }
  return createAccount(args, state);
}

async function createAccount(args: RequestArgs, state: WizardState) {
  const { request } = args;
  const userType = userTypeOf(state);
  const registration = parseWithZod(answersToFormData(state.answers), { schema: RegistrationSchema });
  if (registration.status !== "success") {
    // Send the person to the first step with a problem, its messages shown there.
    const errors = registration.error ?? {};
    const steps = stepsFor(userType);
    const index = steps.findIndex((s) => s.fields.some((f) => errors[f]?.length) || (s.id === "type" && errors[""]));
    const target = index === -1 ? state.step : index + 1;
    const fields: readonly string[] = steps[target - 1]?.fields ?? [];
    const shown = Object.fromEntries(Object.entries(errors).filter(([k]) => fields.includes(k)));
    return stayOnStep(request, { ...state, step: target }, Object.keys(shown).length ? shown : errors);
  }

  const ip = clientAddress(args);
  const slot = consume(LIMITS.registerIp, ip);
  if (!slot.allowed) {
    auditTrip(LIMITS.registerIp, ip, { from: args, email: registration.value.email, detail: "registration limit reached for this client address" });
    return stayOnStep(request, state, { "": [TOO_MANY_ACCOUNTS] }, 429);
  }
  // Hashing the password runs in a bounded pool: when it is full the answer is 503 and nothing is written.
  const created = await withHashingRoom(() => createRegistration(registration.value));
  if (!created.ok) {
    // Only accounts really created count against the address.
    if (slot.hitId !== undefined) releaseHit(slot.hitId);
    const credentialsStep = stepsFor(userType).findIndex((s) => s.id === "credentials") + 1;
    return stayOnStep(request, { ...state, step: credentialsStep }, { email: [MESSAGES.emailTaken] });
  }

  audit({
    kind: "ACCOUNT_CREATION",
    from: args,
    userId: created.userId,
    email: created.email,
    detail: `registered as ${created.role}`,
  });
  const headers = await toastHeaders(request, {
    type: "success",
    title: "Welcome to WealthMatch",
    description:
      created.role === "professional"
        ? "Your account has been created. Our team will review your profile before it is verified."
        : "Your account has been created.",
  });
  headers.append("Set-Cookie", clearWizardState(request));
  return redirectWithNewSession(args, created.userId, landingFor(created.role), { headers });
}
