import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireAdmin } from "~/features/auth/permissions.server";
import { checkSecondFactor, TWO_FACTOR_MESSAGES } from "~/features/auth/two-factor-sign-in.server";
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
} from "~/features/auth/two-factor.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { auditTrip, LIMITS } from "~/platform/rate-limit.server";
import { adminTwoFactorRequired } from "~/platform/settings.server";
import { checkCurrentPassword } from "~/features/auth/current-password.server";
import { auditAdminAction } from "~/platform/audit.server";
import { ConfirmEnrolmentSchema, DisableTwoFactorSchema, RegenerateCodesSchema } from "./security-schema";

const PATH = "/admin/security";

const SECURITY_MESSAGES = {
  wrongEnrolmentCode: "That code does not match. Check that your phone's clock is set automatically, then enter the code the app shows now.",
  wrongPassword: "That password is not correct.",
  alreadyOn: "Two-factor authentication is already on.",
} as const;

/** GET /admin/security: the admin's own second factor, and the enrolment in progress with its QR code. */
export async function securityLoader(args: RequestArgs) {
  const admin = await requireAdmin(args);
  const state = await twoFactorState(admin.id);
  const required = await adminTwoFactorRequired();
  if (state.status === "enrolling") {
    return {
      required,
      state: {
        status: "enrolling" as const,
        // The key as an app shows it (groups of four) and the QR code of the same key.
        key: groupedSecret(state.secret),
        qrSvg: await qrCodeSvg(totpKeyUri(state.secret, admin.email)),
      },
    };
  }
  if (state.status === "on") {
    return { required, state: { status: "on" as const, since: state.confirmedAt.toISOString(), recoveryCodesLeft: state.recoveryCodesLeft } };
  }
  return { required, state: { status: "off" as const } };
}

/** What the page shows once after enrolling or regenerating: the recovery codes in plain text, never again. */
type Shown = { recoveryCodes: string[]; reason: "enrolled" | "regenerated" };

/**
 * POST /admin/security, by `intent`: start (a new secret), cancel (drop it), confirm (a code proves
 * the app has it: two-factor is on and the recovery codes are shown once), regenerate (a current code,
 * new recovery codes), disable (password and a current code). Each change is audited.
 */
export async function securityAction(args: RequestArgs) {
  const { request } = args;
  const admin = await requireAdmin(args);
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "start") {
    const secret = await startEnrolment(admin.id);
    if (!secret) return redirectWithToast(request, PATH, { type: "info", title: SECURITY_MESSAGES.alreadyOn }, { status: 303 });
    return redirect(PATH, { status: 303 });
  }
  if (intent === "cancel") {
    await cancelEnrolment(admin.id);
    return redirect(PATH, { status: 303 });
  }

  if (intent === "confirm") {
    const submission = parseWithZod(formData, { schema: ConfirmEnrolmentSchema });
    if (submission.status !== "success") return data({ intent: "confirm" as const, reply: submission.reply(), shown: null }, { status: 400 });
    const codes = await confirmEnrolment(admin.id, submission.value.code);
    if (!codes) {
      // A wrong code during set-up proves nothing about anyone else's account: the admin simply tries again.
      const reply = submission.reply({ fieldErrors: { code: [SECURITY_MESSAGES.wrongEnrolmentCode] } });
      return data({ intent: "confirm" as const, reply, shown: null }, { status: 400 });
    }
    await auditAdminAction(args, admin, "turned on two-factor authentication (10 recovery codes issued)");
    const shown: Shown = { recoveryCodes: codes, reason: "enrolled" };
    return data({ intent: "confirm" as const, reply: submission.reply({ resetForm: true }), shown });
  }

  if (intent === "regenerate") {
    const submission = parseWithZod(formData, { schema: RegenerateCodesSchema });
    if (submission.status !== "success") return data({ intent: "regenerate" as const, reply: submission.reply(), shown: null }, { status: 400 });
    const check = await checkSecondFactor(args, admin, submission.value.code, "new recovery codes", { auditSuccess: false });
    if (!check.ok) {
      return data({ intent: "regenerate" as const, reply: submission.reply({ fieldErrors: { code: [check.message] } }), shown: null }, { status: check.code === "too_many_requests" ? 429 : 400 });
    }
    const codes = await regenerateRecoveryCodes(admin.id);
    if (!codes) return redirect(PATH, { status: 303 });
    await auditAdminAction(args, admin, "replaced their two-factor recovery codes (10 new codes; the old ones no longer work)");
    const shown: Shown = { recoveryCodes: codes, reason: "regenerated" };
    return data({ intent: "regenerate" as const, reply: submission.reply({ resetForm: true }), shown });
  }

  if (intent === "disable") {
    const submission = parseWithZod(formData, { schema: DisableTwoFactorSchema });
    const hide = { hideFields: ["password", "code"] };
    if (submission.status !== "success") return data({ intent: "disable" as const, reply: submission.reply(hide), shown: null }, { status: 400 });
    // Wrong passwords count like wrong codes (the same per-account bound), so neither can be guessed here.
    const password = await checkCurrentPassword(LIMITS.twoFactorUser, admin.id, submission.value.password);
    if (password === "too_many") {
      await auditTrip(LIMITS.twoFactorUser, admin.id, { from: args, userId: admin.id, email: admin.email, detail: "turning two-factor off: too many wrong attempts" });
      return data({ intent: "disable" as const, reply: submission.reply({ ...hide, formErrors: [TWO_FACTOR_MESSAGES.tooMany] }), shown: null }, { status: 429 });
    }
    if (password === "wrong") {
      await auditAdminAction(args, admin, "tried to turn off two-factor authentication: wrong password");
      return data({ intent: "disable" as const, reply: submission.reply({ ...hide, fieldErrors: { password: [SECURITY_MESSAGES.wrongPassword] } }), shown: null }, { status: 400 });
    }
    const check = await checkSecondFactor(args, admin, submission.value.code, "turning two-factor off", { auditSuccess: false });
    if (!check.ok) {
      return data({ intent: "disable" as const, reply: submission.reply({ ...hide, fieldErrors: { code: [check.message] } }), shown: null }, { status: check.code === "too_many_requests" ? 429 : 400 });
    }
    await removeTwoFactor(admin.id);
    await auditAdminAction(args, admin, "turned off two-factor authentication");
    return redirectWithToast(
      request,
      PATH,
      { type: "success", title: "Two-factor authentication is off", description: "Signing in now takes your password only." },
      { status: 303 },
    );
  }

  return data({ intent: null, reply: null, shown: null, error: "Unknown form submission." }, { status: 400 });
}
