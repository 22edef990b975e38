import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { audit } from "~/platform/audit.server";
import { adminReturnPath } from "~/auth/permissions.server";
import { withHashingRoom } from "~/users/password.server";
import { getUser, redirectWithNewSession } from "~/auth/session.server";
import { verifySignIn, type SignInErrorCode } from "~/auth/sign-in.server";
import type { RequestArgs } from "~/http/client-address.server";
import { toastHeaders } from "~/http/toast.server";
import { AdminLoginSchema } from "./login-schema";
import { readFormData } from "~/http/form-data.server";

export const NOT_AN_ADMIN = "This account does not have access to the admin area.";

/** An admin has nothing to do here; anyone else sees the form (a non-admin is told who they are signed in as). */
export async function adminLoginLoader(request: Request) {
  const user = await getUser(request);
  const asked = new URL(request.url).searchParams.get("redirectTo");
  const back = adminReturnPath(asked);
  if (user?.roles.includes("admin")) throw redirect(back);
  return { signedInAs: user?.email ?? null, redirectTo: back === "/admin" ? null : back };
}

type Failure = { title: "Login Failed" | "Too Many Attempts"; message: string };

const STATUS: Record<SignInErrorCode, number> = { invalid_credentials: 400, too_many_requests: 429, unknown: 500 };

export async function adminLoginAction(args: RequestArgs) {
  const { request } = args;
  // A clone: the sign-in strategy reads the original body itself.
  const formData = await readFormData(request.clone());
  const submission = parseWithZod(formData, { schema: AdminLoginSchema });
  // The password is never sent back to the page, whatever went wrong.
  const refuse = (status: number, failure: Failure | null) =>
    data(
      {
        reply: submission.reply({ formErrors: failure ? [failure.message] : undefined, hideFields: ["password"] }),
        failure,
      },
      { status },
    );

  if (submission.status !== "success") return refuse(400, null);
  // Password checks run in a bounded pool: when it is full the answer is 503, before anything is counted.
  const result = await withHashingRoom(() => verifySignIn(args, submission.value.email, "admin"));
  if (!result.ok) {
    const title = result.code === "too_many_requests" ? "Too Many Attempts" : "Login Failed";
    return refuse(STATUS[result.code], { title, message: result.message });
  }
  // The right password is not enough here: without the admin role no session is started.
  if (!result.user.roles.includes("admin")) {
    audit({
      kind: "SUSPICIOUS_ACTIVITY",
      from: args,
      userId: result.user.id,
      email: result.user.email,
      detail: `admin sign-in refused: the account has no admin role (${result.user.role})`,
    });
    return refuse(403, { title: "Login Failed", message: NOT_AN_ADMIN });
  }
  const headers = await toastHeaders(request, {
    type: "success",
    title: "Login Successful",
    description: "Welcome to the admin dashboard",
  });
  return redirectWithNewSession(args, result.user.id, adminReturnPath(submission.value.redirectTo), { headers });
}
