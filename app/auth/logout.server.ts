import { redirect } from "react-router";
import { audit } from "~/audit.server";
import { toastHeaders } from "~/toast.server";
import { destroySession, getUser } from "./session.server";

/**
 * Signing out deletes the session row, so a copy of the cookie stops working at once, and clears
 * the cookie in this browser.
 */
export async function logoutAction(request: Request) {
  const user = await getUser(request);
  const headers = await toastHeaders(request, {
    type: "info",
    title: "Signed out",
    description: "You have been signed out. See you soon.",
  });
  headers.append("Set-Cookie", await destroySession(request));
  if (user) audit({ kind: "LOGOUT", request, userId: user.id, email: user.email });
  return redirect("/", { headers });
}
