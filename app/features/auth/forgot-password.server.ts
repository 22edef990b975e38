import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { ForgotPasswordSchema } from "./password-reset-schema";
import { requestPasswordReset } from "./password-reset.server";

/** /forgot-password: the same answer whether or not the address has an account. */
export async function forgotPasswordAction(args: RequestArgs) {
  const { request } = args;
  const submission = parseWithZod(await readFormData(request), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  }
  // The mail leaves in the background, so this answer takes as long with an account as without.
  await requestPasswordReset(args, submission.value.email);
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
}
