import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { toastHeaders } from "~/platform/http/toast.server";
import { LoginSchema } from "./login-schema";
import { safeRedirect } from "./permissions.server";
import { landingFor } from "~/domain/roles";
import { BUSY_INIT, BUSY_MESSAGE, withHashingRoomOr } from "~/platform/password.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { getUser, redirectWithNewSession } from "./session.server";
import { verifySignIn } from "./sign-in.server";
import { readPendingSignIn, redirectToCodeStep } from "./two-factor-sign-in.server";
import { codeStepAction, restartSignIn } from "./code-step.server";
import { readFormData } from "~/platform/http/form-data.server";
import { NOT_SAVED_INIT, notSavedResult, orNotSaved, SIGN_IN_UNAVAILABLE } from "~/platform/http/not-saved.server";
import { pageUrl } from "~/platform/http/page-url.server";

/** A signed-in visitor has nothing to do here: send them on (to where they were headed, or home). */
export async function loginLoader(request: Request) {
  const redirectTo = pageUrl(request).searchParams.get("redirectTo");
  const user = await getUser(request);
  if (user) throw redirect(safeRedirect(redirectTo, landingFor(user.role)));
  // After a right password for a member with a second factor, the page asks for the code instead.
  const pending = await readPendingSignIn(request);
  return { redirectTo: redirectTo && safeRedirect(redirectTo, "") ? redirectTo : null, codeStep: pending ? { email: pending.email } : null };
}

const STATUS = { invalid_credentials: 400, too_many_requests: 429, unknown: 500 } as const;

export async function loginAction(args: RequestArgs) {
  const { request } = args;
  // A clone: the sign-in strategy reads the original body itself.
  const formData = await readFormData(request.clone());
  const intent = formData.get("intent");
  if (intent === "code") {
    return codeStepAction(args, formData, {
      path: "/login",
      context: "site sign-in",
      welcome: (left) => ({
        type: "success",
        title: "Success",
        description: left === null ? "Successfully signed in!" : `Successfully signed in. You used a recovery code: ${left} left.`,
      }),
    });
  }
  if (intent === "restart") return restartSignIn(request, "/login");
  const submission = parseWithZod(formData, { schema: LoginSchema });
  // The password is never sent back to the page, whatever went wrong.
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, remember, redirectTo } = submission.value;
  // Signing in writes (limits, audit, the session): storage trouble says so, with the e-mail kept.
  return orNotSaved(
    async () => {
      // Password checks run in a bounded pool: when it is full the answer is 503 on the form, the e-mail
      // kept, before anything is counted.
      const result = await withHashingRoomOr(
        () => verifySignIn(args, email, "site"),
        () => null,
      );
      if (result === null) return data(submission.reply({ formErrors: [BUSY_MESSAGE], hideFields: ["password"] }), BUSY_INIT);
      if (!result.ok) {
        return data(submission.reply({ formErrors: [result.message], hideFields: ["password"] }), {
          status: STATUS[result.code],
        });
      }
      const to = safeRedirect(redirectTo, landingFor(result.user.role));
      // An account with a second factor gets no session from the password alone: the code step finishes
      // the sign-in (docs/decisions/024), in the admin area's frame for an admin, here for a member.
      if (result.secondFactor) {
        const codeStep = result.user.roles.includes("admin") ? "/admin/login" : "/login";
        return redirectToCodeStep(request, result.user.id, to, remember === true, codeStep);
      }
      const headers = await toastHeaders(request, { type: "success", title: "Success", description: "Successfully signed in!" });
      return redirectWithNewSession(args, result.user.id, to, { remember: remember === true, headers });
    },
    () => data(notSavedResult(submission, { hideFields: ["password"], message: SIGN_IN_UNAVAILABLE }), NOT_SAVED_INIT),
  );
}
