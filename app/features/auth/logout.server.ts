import { data, redirect } from "react-router";
import { audit } from "~/platform/audit.server";
import { isCrossSite } from "~/platform/http/same-origin.server";
import { toastHeaders } from "~/platform/http/toast.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { destroySession, getUser } from "./session.server";

/**
 * Signing out deletes the session row, so a copy of the cookie stops working at once, and clears
 * the cookie in this browser.
 */
export async function logoutAction(args: RequestArgs) {
  const { request } = args;
  const user = await getUser(request);
  // Another site must not be able to sign people out with a hidden form.
  if (isCrossSite(request)) {
    await audit({ kind: "SUSPICIOUS_ACTIVITY", from: args, userId: user?.id, email: user?.email, detail: "cross-site sign-out refused" });
    return data({ error: "Forbidden" }, { status: 403 });
  }
  const headers = await toastHeaders(request, {
    type: "info",
    title: "Signed out",
    description: "You have been signed out. See you soon.",
  });
  headers.append("Set-Cookie", await destroySession(request));
  if (user) await audit({ kind: "LOGOUT", from: args, userId: user.id, email: user.email });
  return redirect("/", { headers });
}
