import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { audit } from "~/platform/audit.server";
import { adminReturnPath } from "~/features/auth/permissions.server";
import { BUSY_INIT, BUSY_MESSAGE, withHashingRoomOr } from "~/platform/password.server";
import { getUser, redirectWithNewSession } from "~/features/auth/session.server";
import { verifySignIn, type SignInErrorCode } from "~/features/auth/sign-in.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { toastHeaders } from "~/platform/http/toast.server";
import { AdminLoginSchema } from "./login-schema";
import { readFormData } from "~/platform/http/form-data.server";
import { readPendingSignIn, redirectToCodeStep } from "~/features/auth/two-factor-sign-in.server";
import { codeStepAction, restartSignIn, type CodeStepFailure } from "~/features/auth/code-step.server";
import { pageUrl } from "~/platform/http/page-url.server";

const NOT_AN_ADMIN = "This account does not have access to the admin area.";

/**
 * An admin has nothing to do here; anyone else sees the form (a non-admin is told who they are
 * signed in as). After a right password for an account with a second factor, the page asks for the
 * code instead (`codeStep`).
 */
export async function adminLoginLoader(request: Request) {
  const user = await getUser(request);
  const asked = pageUrl(request).searchParams.get("redirectTo");
  const back = adminReturnPath(asked);
  if (user?.roles.includes("admin")) throw redirect(back);
  const pending = await readPendingSignIn(request);
  return {
    signedInAs: user?.email ?? null,
    redirectTo: back === "/admin" ? null : back,
    codeStep: pending ? { email: pending.email } : null,
  };
}

type Failure = CodeStepFailure;

const STATUS: Record<SignInErrorCode, number> = { invalid_credentials: 400, too_many_requests: 429, unknown: 500 };

export async function adminLoginAction(args: RequestArgs) {
  const { request } = args;
  // A clone: the sign-in strategy reads the original body itself.
  const formData = await readFormData(request.clone());
  const intent = formData.get("intent");
  if (intent === "code") {
    return codeStepAction(args, formData, {
      path: "/admin/login",
      context: "admin sign-in",
      welcome: (left) => ({
        type: "success",
        title: "Login Successful",
        description: left === null ? "Welcome to the admin dashboard" : `Welcome to the admin dashboard. You used a recovery code: ${left} left.`,
      }),
    });
  }
  if (intent === "restart") return restartSignIn(request, "/admin/login");
  const submission = parseWithZod(formData, { schema: AdminLoginSchema });
  // The password is never sent back to the page, whatever went wrong.
  const refuse = (status: number, failure: Failure | null, headers?: Record<string, string>) =>
    data(
      {
        reply: submission.reply({ formErrors: failure ? [failure.message] : undefined, hideFields: ["password"] }),
        failure,
      },
      { status, headers },
    );

  if (submission.status !== "success") return refuse(400, null);
  // Password checks run in a bounded pool: when it is full the answer is 503 on the form, the e-mail kept,
  // before anything is counted.
  const result = await withHashingRoomOr(
    () => verifySignIn(args, submission.value.email, "admin"),
    () => null,
  );
  if (result === null) return refuse(BUSY_INIT.status, { title: "Please Try Again", message: BUSY_MESSAGE }, BUSY_INIT.headers);
  if (!result.ok) {
    const title = result.code === "too_many_requests" ? "Too Many Attempts" : "Login Failed";
    return refuse(STATUS[result.code], { title, message: result.message });
  }
  // The right password is not enough here: without the admin role no session is started.
  if (!result.user.roles.includes("admin")) {
    await audit({
      kind: "SUSPICIOUS_ACTIVITY",
      from: args,
      userId: result.user.id,
      email: result.user.email,
      detail: `admin sign-in refused: the account has no admin role (${result.user.role})`,
    });
    return refuse(403, { title: "Login Failed", message: NOT_AN_ADMIN });
  }
  const to = adminReturnPath(submission.value.redirectTo);
  // An enrolled admin's password is only the first step (docs/decisions/024).
  if (result.secondFactor) return redirectToCodeStep(request, result.user.id, to, false);
  const headers = await toastHeaders(request, {
    type: "success",
    title: "Login Successful",
    description: "Welcome to the admin dashboard",
  });
  return redirectWithNewSession(args, result.user.id, to, { headers });
}
