import { data, redirect } from "react-router";
import { adminReturnPath, requireAdmin } from "~/auth/permissions.server";
import { sidebarCookie, sidebarOpenFrom } from "./sidebar-state";
import { readFormData } from "~/http/form-data.server";

export async function adminLayoutLoader(request: Request) {
  // The page's own loader runs beside this one and records a refusal; one record per request is enough.
  const user = await requireAdmin(request, { quiet: true });
  return { email: user.email, sidebarOpen: sidebarOpenFrom(request.headers.get("Cookie")) };
}

/**
 * POST /admin: the sidebar toggle of browsers without JavaScript (with it, the page sets the cookie
 * itself). It also answers every other POST to /admin, so a non-admin's gets requireAdmin's 403.
 */
export async function adminLayoutAction(request: Request) {
  await requireAdmin(request);
  const form = await readFormData(request);
  if (form.get("intent") !== "sidebar") {
    return data({ error: "Unknown form submission." }, { status: 405 });
  }
  const open = form.get("open") === "true";
  const secure = new URL(request.url).protocol === "https:";
  return redirect(adminReturnPath(form.get("back")), { status: 303, headers: { "Set-Cookie": sidebarCookie(open, secure) } });
}
