import { data, redirect } from "react-router";
import { adminReturnPath, requireAdmin } from "~/features/auth/permissions.server";
import { isSecureRequest } from "~/platform/http/cookies.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { sidebarCookie, sidebarOpenFrom } from "./sidebar-state";
import { readFormData } from "~/platform/http/form-data.server";

export async function adminLayoutLoader(args: RequestArgs) {
  const { request } = args;
  // The page's own loader runs beside this one and records a refusal; one record per request is enough.
  const user = await requireAdmin(args, { quiet: true });
  return {
    email: user.email,
    sidebarOpen: sidebarOpenFrom(request.headers.get("Cookie")),
    // Every admin page shows times in this zone (useAdminTimeZone); UTC until the admin chooses one on /account.
    timeZone: user.timeZone ?? "UTC",
    timeZoneChosen: user.timeZone !== null,
  };
}

/**
 * POST /admin: the sidebar toggle of browsers without JavaScript (with it, the page sets the cookie
 * itself). It also answers every other POST to /admin, so a non-admin's gets requireAdmin's 403.
 */
export async function adminLayoutAction(args: RequestArgs) {
  const { request } = args;
  await requireAdmin(args);
  const form = await readFormData(request);
  if (form.get("intent") !== "sidebar") {
    return data({ error: "Unknown form submission." }, { status: 405 });
  }
  const open = form.get("open") === "true";
  return redirect(adminReturnPath(form.get("back")), { status: 303, headers: { "Set-Cookie": sidebarCookie(open, isSecureRequest(request)) } });
}
