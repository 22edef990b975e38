import { data } from "react-router";
import { requireAdmin } from "~/features/auth/permissions.server";
import type { RequestArgs } from "~/platform/http/client-address.server";

/**
 * The action of an admin page that accepts no form yet: non-admins get requireAdmin's 403 (and an
 * audit record), admins a 405 until the section's forms are built. React Router does not run the
 * layout's loader before a page's action, so every admin route checks for itself instead of trusting
 * the layout's check.
 */
export async function noFormsYetAction(args: RequestArgs) {
  await requireAdmin(args);
  return data({ error: "This page does not accept form submissions yet." }, { status: 405 });
}
