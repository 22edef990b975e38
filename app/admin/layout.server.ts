import { data, redirect } from "react-router";
import { requireAdmin } from "~/auth/permissions.server";
import { sidebarCookie, sidebarOpenFrom } from "./sidebar-state";

export async function adminLayoutLoader(request: Request) {
  const user = await requireAdmin(request);
  return { email: user.email, sidebarOpen: sidebarOpenFrom(request.headers.get("Cookie")) };
}

/** Only admin pages are places to come back to; anything else falls back to the dashboard. */
function backTo(value: FormDataEntryValue | null): string {
  if (typeof value !== "string" || !/^\/admin(?:[/?#]|$)/.test(value)) return "/admin";
  const url = new URL(value, "http://local.invalid");
  return url.origin === "http://local.invalid" ? url.pathname + url.search : "/admin";
}

/**
 * POST /admin: the sidebar toggle of browsers without JavaScript (with it, the page sets the cookie
 * itself). It also answers every other POST to /admin, so a non-admin's gets requireAdmin's 403.
 */
export async function adminLayoutAction(request: Request) {
  await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") !== "sidebar") {
    return data({ error: "Unknown form submission." }, { status: 405 });
  }
  const open = form.get("open") === "true";
  const secure = new URL(request.url).protocol === "https:";
  return redirect(backTo(form.get("back")), { status: 303, headers: { "Set-Cookie": sidebarCookie(open, secure) } });
}
