import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { auditTrip, LIMITS } from "~/platform/rate-limit.server";
import { checkCurrentPassword } from "./current-password.server";
import { checkSecondFactor, TWO_FACTOR_MESSAGES } from "./two-factor-sign-in.server";
import {
  cancelEnrolment,
  confirmEnrolment,
  groupedSecret,
  qrCodeSvg,
  regenerateRecoveryCodes,
  removeTwoFactor,
  startEnrolment,
  totpKeyUri,
  twoFactorState,
} from "./two-factor.server";
import { ConfirmEnrolmentSchema, DisableTwoFactorSchema, RegenerateCodesSchema, SECURITY_INTENTS, type SecurityIntent } from "./two-factor-schema";

/**
 * A person's own second factor, wherever they manage it (an admin's /admin/security, a member's
 * /account): what the panels show, and the forms that start, confirm, renew and remove it. The page
 * checks who may be here; `record` audits each change the way that page audits.
 */
const MESSAGES = {
  wrongEnrolmentCode: "That code does not match. Check that your phone's clock is set automatically, then enter the code the app shows now.",
  wrongPassword: "That password is not correct.",
  alreadyOn: "Two-factor authentication is already on.",
} as const;

type Person = { id: string; email: string };

export type TwoFactorView =
  | { status: "off" }
  | { status: "enrolling"; key: string; qrSvg: string }
  | { status: "on"; since: string; recoveryCodesLeft: number };

/** The state for the panels, with the QR code of an enrolment in progress. */
export async function twoFactorView(person: Person): Promise<TwoFactorView> {
  const state = await twoFactorState(person.id);
  if (state.status === "enrolling") {
    // The key as an app shows it (groups of four) and the QR code of the same key.
    return { status: "enrolling", key: groupedSecret(state.secret), qrSvg: await qrCodeSvg(totpKeyUri(state.secret, person.email)) };
  }
  if (state.status === "on") return { status: "on", since: state.confirmedAt.toISOString(), recoveryCodesLeft: state.recoveryCodesLeft };
  return { status: "off" };
}

export const isTwoFactorIntent = (intent: FormDataEntryValue | null): intent is SecurityIntent =>
  typeof intent === "string" && (SECURITY_INTENTS as readonly string[]).includes(intent);

/** What the page shows once after enrolling or regenerating: the recovery codes in plain text, never again. */
export type ShownCodes = { recoveryCodes: string[]; reason: "enrolled" | "regenerated" };

type Options = {
  /** The page the forms live on: where each redirect lands. */
  path: string;
  /** Audits a change ("turned on two-factor authentication ..."). */
  record: (detail: string) => Promise<void>;
};

/**
 * One two-factor form, by `intent`: start (a new secret), cancel (drop it), confirm (a code proves the
 * app has it: two-factor is on and the recovery codes are shown once), regenerate (a current code, new
 * recovery codes), disable (password and a current code).
 */
export async function twoFactorAction(args: RequestArgs, person: Person, intent: SecurityIntent, formData: FormData, { path, record }: Options) {
  const { request } = args;
  if (intent === "start") {
    const secret = await startEnrolment(person.id);
    if (!secret) return redirectWithToast(request, path, { type: "info", title: MESSAGES.alreadyOn }, { status: 303 });
    return redirect(path, { status: 303 });
  }
  if (intent === "cancel") {
    await cancelEnrolment(person.id);
    return redirect(path, { status: 303 });
  }

  if (intent === "confirm") {
    const submission = parseWithZod(formData, { schema: ConfirmEnrolmentSchema });
    if (submission.status !== "success") return data({ intent, reply: submission.reply(), shown: null }, { status: 400 });
    const codes = await confirmEnrolment(person.id, submission.value.code);
    if (!codes) {
      // A wrong code during set-up proves nothing about anyone else's account: the person simply tries again.
      const reply = submission.reply({ fieldErrors: { code: [MESSAGES.wrongEnrolmentCode] } });
      return data({ intent, reply, shown: null }, { status: 400 });
    }
    await record("turned on two-factor authentication (10 recovery codes issued)");
    const shown: ShownCodes = { recoveryCodes: codes, reason: "enrolled" };
    return data({ intent, reply: submission.reply({ resetForm: true }), shown });
  }

  if (intent === "regenerate") {
    const submission = parseWithZod(formData, { schema: RegenerateCodesSchema });
    if (submission.status !== "success") return data({ intent, reply: submission.reply(), shown: null }, { status: 400 });
    const check = await checkSecondFactor(args, person, submission.value.code, "new recovery codes", { auditSuccess: false });
    if (!check.ok) {
      return data({ intent, reply: submission.reply({ fieldErrors: { code: [check.message] } }), shown: null }, { status: check.code === "too_many_requests" ? 429 : 400 });
    }
    const codes = await regenerateRecoveryCodes(person.id);
    if (!codes) return redirect(path, { status: 303 });
    await record("replaced their two-factor recovery codes (10 new codes; the old ones no longer work)");
    const shown: ShownCodes = { recoveryCodes: codes, reason: "regenerated" };
    return data({ intent, reply: submission.reply({ resetForm: true }), shown });
  }

  const submission = parseWithZod(formData, { schema: DisableTwoFactorSchema });
  const hide = { hideFields: ["password", "code"] };
  if (submission.status !== "success") return data({ intent, reply: submission.reply(hide), shown: null }, { status: 400 });
  // Wrong passwords count like wrong codes (the same per-account bound), so neither can be guessed here.
  const password = await checkCurrentPassword(LIMITS.twoFactorUser, person.id, submission.value.password);
  if (password === "too_many") {
    await auditTrip(LIMITS.twoFactorUser, person.id, { from: args, userId: person.id, email: person.email, detail: "turning two-factor off: too many wrong attempts" });
    return data({ intent, reply: submission.reply({ ...hide, formErrors: [TWO_FACTOR_MESSAGES.tooMany] }), shown: null }, { status: 429 });
  }
  if (password === "wrong") {
    await record("tried to turn off two-factor authentication: wrong password");
    return data({ intent, reply: submission.reply({ ...hide, fieldErrors: { password: [MESSAGES.wrongPassword] } }), shown: null }, { status: 400 });
  }
  const check = await checkSecondFactor(args, person, submission.value.code, "turning two-factor off", { auditSuccess: false });
  if (!check.ok) {
    return data({ intent, reply: submission.reply({ ...hide, fieldErrors: { code: [check.message] } }), shown: null }, { status: check.code === "too_many_requests" ? 429 : 400 });
  }
  await removeTwoFactor(person.id);
  await record("turned off two-factor authentication");
  return redirectWithToast(
    request,
    path,
    { type: "success", title: "Two-factor authentication is off", description: "Signing in now takes your password only." },
    { status: 303 },
  );
}
