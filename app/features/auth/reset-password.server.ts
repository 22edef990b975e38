import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirectWithToast } from "~/platform/http/toast.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { ResetPasswordSchema } from "./password-reset-schema";
import { checkResetToken, resetPassword } from "./password-reset.server";
import { readFormData } from "~/platform/http/form-data.server";
import { pageUrl } from "~/platform/http/page-url.server";

/** /reset-password?token=…: the form, or the expired-link page (400) when the token is not valid. */
export async function resetPasswordLoader(request: Request) {
  const token = pageUrl(request).searchParams.get("token");
  const state = await checkResetToken(token);
  return data({ token: state.valid ? token : null }, { status: state.valid ? 200 : 400 });
}

export async function resetPasswordAction(args: RequestArgs) {
  const { request } = args;
  const submission = parseWithZod(await readFormData(request), { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), linkInvalid: false },
      { status: 400 },
    );
  }
  const { token, password } = submission.value;
  if (!(await resetPassword(args, token, password))) {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), linkInvalid: true }, { status: 400 });
  }
  return redirectWithToast(request, "/login", {
    type: "success",
    title: "Password updated",
    description: "Your password has been changed and every session signed out. Sign in with your new password.",
  });
}
