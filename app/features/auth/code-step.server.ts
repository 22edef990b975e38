import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { toastHeaders, type Toast } from "~/platform/http/toast.server";
import { redirectWithNewSession } from "./session.server";
import { checkSecondFactor, clearPendingSignIn, readPendingSignIn, TWO_FACTOR_MESSAGES, type CodeStepPath } from "./two-factor-sign-in.server";
import { CodeStepSchema } from "./two-factor-schema";

export type CodeStepFailure = { title: "Login Failed" | "Too Many Attempts" | "Invalid Code" | "Please Try Again"; message: string };

type SignInPage = {
  path: CodeStepPath;
  /** Names the sign-in in the audit ("admin sign-in", "site sign-in"). */
  context: string;
  /** The toast after an accepted code; `recoveryLeft` is set when a recovery code was used. */
  welcome: (recoveryLeft: number | null) => Toast;
};

/**
 * The second step at either sign-in page (/login or /admin/login): the code (or a recovery code) for the account whose password was
 * right. Only an accepted code starts a session; a wrong one changes nothing but the rate-limit count.
 */
export async function codeStepAction(args: RequestArgs, formData: FormData, page: SignInPage) {
  const { request } = args;
  const submission = parseWithZod(formData, { schema: CodeStepSchema });
  const refuse = (status: number, failure: CodeStepFailure | null) =>
    data({ reply: submission.reply({ formErrors: failure ? [failure.message] : undefined, hideFields: ["code"] }), failure }, { status });

  const pending = await readPendingSignIn(request);
  if (!pending) {
    const headers = await toastHeaders(request, { type: "error", title: "Sign-in expired", description: TWO_FACTOR_MESSAGES.expired });
    headers.append("Set-Cookie", await clearPendingSignIn(request));
    return redirect(page.path, { status: 303, headers });
  }
  if (submission.status !== "success") return refuse(400, null);
  const check = await checkSecondFactor(args, { id: pending.userId, email: pending.email }, submission.value.code, page.context);
  if (!check.ok) {
    return check.code === "too_many_requests"
      ? refuse(429, { title: "Too Many Attempts", message: check.message })
      : refuse(400, { title: "Invalid Code", message: check.message });
  }
  const headers = await toastHeaders(request, page.welcome(check.used === "recovery" ? check.recoveryCodesLeft : null));
  headers.append("Set-Cookie", await clearPendingSignIn(request));
  return redirectWithNewSession(args, pending.userId, pending.to, { remember: pending.remember, headers });
}

/** 'Use a different account': back to the password step. */
export async function restartSignIn(request: Request, path: CodeStepPath) {
  return redirect(path, { status: 303, headers: { "Set-Cookie": await clearPendingSignIn(request) } });
}
