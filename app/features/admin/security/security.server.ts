import { data } from "react-router";
import { requireAdmin } from "~/features/auth/permissions.server";
import { isTwoFactorIntent, twoFactorAction, twoFactorView } from "~/features/auth/two-factor-settings.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { adminTwoFactorRequired } from "~/platform/settings.server";
import { auditAdminAction } from "~/platform/audit.server";

const PATH = "/admin/security";

/** GET /admin/security: the admin's own second factor, and the enrolment in progress with its QR code. */
export async function securityLoader(args: RequestArgs) {
  const admin = await requireAdmin(args);
  return { required: await adminTwoFactorRequired(), state: await twoFactorView(admin) };
}

/** POST /admin/security, by `intent` (app/features/auth/two-factor-settings.server.ts); each change is audited as an admin action. */
export async function securityAction(args: RequestArgs) {
  const admin = await requireAdmin(args);
  const formData = await readFormData(args.request);
  const intent = formData.get("intent");
  if (!isTwoFactorIntent(intent)) return data({ intent: null, reply: null, shown: null, error: "Unknown form submission." }, { status: 400 });
  return twoFactorAction(args, admin, intent, formData, { path: PATH, record: (detail) => auditAdminAction(args, admin, detail) });
}
