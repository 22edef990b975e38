import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { audit } from "~/platform/audit.server";
import { getUser, redirectWithNewSession } from "~/features/auth/session.server";
import { landingFor } from "~/domain/roles";
import { clientAddress, type RequestArgs } from "~/platform/http/client-address.server";
import { auditTrip, consume, LIMITS, releaseHit } from "~/platform/rate-limit.server";
import { toastHeaders } from "~/platform/http/toast.server";
import { emailRegistered } from "~/features/auth/users.data.server";
import { withHashingRoom } from "~/platform/password.server";
import { createRegistration } from "./create-registration.server";
import { sendConfirmationLink } from "~/features/auth/email-confirmation.server";
import { MESSAGES, RegistrationSchema, type AnswerField } from "./registration-schema";
import { clampStep, stepAt, stepHref, stepSchema, stepsFor, totalSteps, type StepId } from "./steps";
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
import { USER_TYPES, type UserType } from "~/domain/vocabulary";
import { readFormData } from "~/platform/http/form-data.server";
import { NOT_SAVED_INIT, orNotSaved } from "~/platform/http/not-saved.server";
import { NOT_SAVED_MESSAGE } from "~/platform/storage-failure.server";
import { pageUrl } from "~/platform/http/page-url.server";

export type WizardValues = Partial<Record<AnswerField, string | string[]>>;
/** What the page needs to render one step: never the password, except on the step that asks for it. */
export type WizardView = {
  /** The step shown (its address is `/register?step=N`). */
  step: number;
  /** The furthest step this browser has reached: every step up to it may be visited. */
  furthest: number;
  total: number;
  stepId: StepId;
  userType: UserType | null;
  values: WizardValues;
};
export type WizardActionData = { view: WizardView; result: SubmissionResult<string[]> };

const SECRET_FIELDS: readonly AnswerField[] = ["password", "confirmPassword"];
const TOO_LONG = "Your answers are too long to keep. Please shorten the longest answer on this page.";
export const TOO_MANY_ACCOUNTS =
  "Too many accounts have been created from your network in the last hour. Please try again later, or contact us if you need help.";
export const EXPIRED = "For your security, unfinished registrations expire after an hour. Please start again.";

/**
 * Step `current` of the wizard (at most the furthest step reached, `state.step`). `preset` is an account
 * type chosen by the link that opened the wizard (`/register?type=professional`), shown on step 1 until
 * the person posts their own choice.
 */
function viewOf(state: WizardState, current = state.step, preset?: UserType): WizardView {
  const step = clampStep(userTypeOf(state), Math.min(current, state.step));
  const values: WizardValues = { ...state.answers };
  if (preset && step === 1) values.userType = preset;
  const userType = userTypeOf({ step, answers: values }) ?? null;
  const stepId = stepAt(userType ?? undefined, step).id;
  if (stepId !== "credentials") for (const f of SECRET_FIELDS) delete values[f];
  return { step, furthest: state.step, total: totalSteps(userType ?? undefined), stepId, userType, values };
}

function userTypeParam(url: URL): UserType | undefined {
  const t = url.searchParams.get("type");
  return (USER_TYPES as readonly (string | null)[]).includes(t) ? (t as UserType) : undefined;
}

function errorResult(error: Record<string, string[] | null>): SubmissionResult<string[]> {
  const messages = Object.fromEntries(Object.entries(error).filter((e): e is [string, string[]] => !!e[1]?.length));
  return {
    status: "error",
    error: messages,
    state: { validated: Object.fromEntries(Object.keys(messages).map((k) => [k, true])) },
  };
}

/** Step `step` again, with its answers kept and the messages under the fields. */
function stayOnStep(request: Request, state: WizardState, step: number, error: Record<string, string[] | null>, status = 400) {
  const cookie = commitWizardState(request, state);
  const body: WizardActionData = { view: viewOf(state, step), result: errorResult(error) };
  return data(body, { status, headers: cookie ? { "Set-Cookie": cookie } : undefined });
}

/**
 * Step 3 says at once when an e-mail is already registered, up to a bound per client address; past
 * it the same answer waits for Create Account, so addresses cannot be tested at speed.
 */
async function mayCheckEmailNow(args: RequestArgs): Promise<boolean> {
  const ip = clientAddress(args);
  if ((await consume(LIMITS.registerEmailCheckIp, ip)).allowed) return true;
  await auditTrip(LIMITS.registerEmailCheckIp, ip, { from: args, detail: "registration email checks limit reached for this client address" });
  return false;
}

/** Saves the state and sends the browser to step `to`'s own address (a new history entry). */
function goTo(request: Request, state: WizardState, from: number, to: number) {
  const cookie = commitWizardState(request, state);
  if (!cookie) return stayOnStep(request, state, from, { "": [TOO_LONG] });
  return redirect(stepHref(to), { status: 303, headers: { "Set-Cookie": cookie } });
}

/**
 * `/register` (and `/register?type=...`) shows step 1; `/register?step=N` shows step N when this browser
 * has reached it, else sends it to the furthest step it has reached.
 */
export async function wizardLoader(request: Request) {
  const user = await getUser(request);
  if (user) throw redirect(landingFor(user.role));
  const url = pageUrl(request);
  const state = readWizardState(request);
  const asked = url.searchParams.get("step");
  const step = asked === null ? 1 : Number(asked);
  if (!Number.isInteger(step) || step < 1 || step > state.step) throw redirect(stepHref(state.step));
  return { view: viewOf(state, step, userTypeParam(url)) };
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
  if (!stored && postedStep > 1) return stayOnStep(request, freshState(), 1, { "": [EXPIRED] });
  const saved = stored ?? freshState();
  // `saved.step` is the furthest step reached. A page from the browser's history may post any step up to
  // it; never a step not yet reached.
  const step = Number.isInteger(postedStep) && postedStep >= 1 && postedStep <= saved.step ? postedStep : saved.step;
  const def = stepAt(userTypeOf(saved), step);
  // The account type is only ever read from the step that asks for it, never from other posted fields.
  let state = withPostedAnswers(saved, def.fields, formData);
  // Another account type means other questions from step 4 on: those are not reached yet.
  if (userTypeOf(saved) && userTypeOf(state) !== userTypeOf(saved)) state = { ...state, step: Math.min(state.step, 4) };

  if (intent === "back") return goTo(request, state, step, Math.max(1, step - 1));

  const submission = parseWithZod(formData, { schema: stepSchema(def.id) });
  if (submission.status !== "success") return stayOnStep(request, state, step, submission.error ?? {});

  // The storage failing (full disk, a lock held elsewhere) leaves the person on this step with every
  // answer kept and the plain message, never a bare error page.
  return orNotSaved(
    async () => {
      if (def.id === "credentials" && (await mayCheckEmailNow(args))) {
        const email = String(formData.get("email") ?? "");
        if (await emailRegistered(email)) return stayOnStep(request, state, step, { email: [MESSAGES.emailTaken] });
      }
      if (def.id !== "review") {
        const to = Math.min(step + 1, totalSteps(userTypeOf(state)));
        return goTo(request, { ...state, step: Math.max(state.step, to) }, step, to);
      }
      return createAccount(args, state);
    },
    () => stayOnStep(request, state, step, { "": [NOT_SAVED_MESSAGE] }, NOT_SAVED_INIT.status),
  );
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
    return stayOnStep(request, state, target, Object.keys(shown).length ? shown : errors);
  }

  const ip = clientAddress(args);
  const slot = await consume(LIMITS.registerIp, ip);
  if (!slot.allowed) {
    await auditTrip(LIMITS.registerIp, ip, { from: args, email: registration.value.email, detail: "registration limit reached for this client address" });
    return stayOnStep(request, state, totalSteps(userType), { "": [TOO_MANY_ACCOUNTS] }, 429);
  }
  // Hashing the password runs in a bounded pool: when it is full the answer is 503 and nothing is written.
  const created = await withHashingRoom(() => createRegistration(registration.value));
  if (!created.ok) {
    // Only accounts really created count against the address.
    if (slot.hitId !== undefined) await releaseHit(slot.hitId);
    const credentialsStep = stepsFor(userType).findIndex((s) => s.id === "credentials") + 1;
    return stayOnStep(request, state, credentialsStep, { email: [MESSAGES.emailTaken] });
  }

  await audit({
    kind: "ACCOUNT_CREATION",
    from: args,
    userId: created.userId,
    email: created.email,
    detail: `registered as ${created.role}`,
  });
  // The account has committed: now the address can be asked to confirm itself (the mail leaves in the background).
  await sendConfirmationLink(args, { id: created.userId, email: created.email, name: created.fullName });
  // Confirming the address is asked once, by the banner at the top of the home page (with its resend
  // button), not again here.
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
