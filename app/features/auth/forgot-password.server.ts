import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { NOT_SAVED_INIT, notSavedResult, orNotSaved } from "~/platform/http/not-saved.server";
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
  // A full disk or a lock held elsewhere: the form again with the address kept, never "sent".
  return orNotSaved(
    async () => {
      await requestPasswordReset(args, submission.value.email);
      return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
    },
    () => data({ result: notSavedResult(submission), sentTo: null }, NOT_SAVED_INIT),
  );
}
