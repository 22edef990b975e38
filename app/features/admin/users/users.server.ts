import { data } from "react-router";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { requireAdmin } from "~/features/auth/permissions.server";
import { rolesOf } from "~/features/auth/users.data.server";
import { primaryRole } from "~/domain/roles";
import { redirectWithToast } from "~/platform/http/toast.server";
import { auditAdminAction } from "~/platform/audit.server";
import { deleteAccount, exportAccountData, personToDelete } from "~/features/account/account.data.server";
import { accountDataResponse, afterAccountDeletion } from "~/features/account/account.server";
import { RoleChangeSchema, USER_MESSAGES } from "./users-schema";
import { changeUserRole, listUsers } from "./users.data.server";
import { pageUrl } from "~/platform/http/page-url.server";

export async function usersLoader(args: RequestArgs) {
  const { request } = args;
  await requireAdmin(args);
  return await listUsers(pageUrl(request).searchParams);
}

/** Back to the list as the admin was looking at it (search, filter, page), never elsewhere. */
function backTo(form: FormData) {
  const back = form.get("back");
  const params = new URLSearchParams(typeof back === "string" && back.startsWith("?") ? back.slice(1) : "");
  const kept = new URLSearchParams();
  for (const key of ["q", "role", "page"]) {
    const v = params.get(key);
    if (v) kept.set(key, v);
  }
  const s = kept.toString();
  return s ? `/admin/users?${s}` : "/admin/users";
}

export async function usersAction(args: RequestArgs) {
  const { request } = args;
  const admin = await requireAdmin(args);
  const form = await readFormData(request);
  const back = backTo(form);
  const parsed = RoleChangeSchema.safeParse({ userId: form.get("userId"), role: form.get("role") });
  const fail = (message: string) =>
    redirectWithToast(request, back, { type: "error", title: "Error", description: message || USER_MESSAGES.failed }, { status: 303 });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? USER_MESSAGES.failed);
  const result = await changeUserRole(admin, parsed.data.userId, parsed.data.role);
  if (!result.ok) {
    await auditAdminAction(args, admin, `role change refused for user ${parsed.data.userId} to ${parsed.data.role}: ${result.message}`);
    return fail(result.message);
  }
  if (result.changed) await auditAdminAction(args, admin, `changed the role of ${result.email} from ${result.from} to ${result.to}; their sessions were ended`);
  return redirectWithToast(request, back, { type: "success", title: "Success", description: `User role updated to ${result.to}` }, { status: 303 });
}

// /admin/users/:id/data.json and /admin/users/:id/delete: the admin's entry point to anyone's data.

/** POST to a download: nothing to do, but only an admin learns even that. */
export async function adminDataAction(args: RequestArgs) {
  await requireAdmin(args);
  throw data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}

/** GET /admin/users/:id/data.json: an admin downloads anyone's data; recorded as an admin action. */
export async function adminDataLoader(args: RequestArgs, userId: string | undefined) {
  const admin = await requireAdmin(args);
  const exported = userId ? await exportAccountData(userId) : null;
  if (!exported) throw data({ error: "Not found" }, { status: 404 });
  await auditAdminAction(args, admin, `downloaded the data of the account ${exported.account.id}`);
  return accountDataResponse(exported);
}

export async function adminDeleteLoader(args: RequestArgs, userId: string | undefined) {
  const admin = await requireAdmin(args);
  const person = userId ? await personToDelete(userId) : undefined;
  if (!person) throw data({ error: "Not found" }, { status: 404 });
  const roles = await rolesOf(person.id);
  return { person: { ...person, role: primaryRole(roles) }, self: person.id === admin.id };
}

export async function adminDeleteAction(args: RequestArgs, userId: string | undefined) {
  const { request } = args;
  const admin = await requireAdmin(args);
  await readFormData(request);
  if (!userId) throw data({ error: "Not found" }, { status: 404 });
  const result = await deleteAccount(userId, { kind: "admin", adminId: admin.id });
  if (!result.ok) {
    await auditAdminAction(args, admin, `account deletion refused for ${userId}: ${result.message}`);
    return redirectWithToast(request, "/admin/users", { type: "error", title: "Error", description: result.message }, { status: 303 });
  }
  await afterAccountDeletion(request, result);
  await auditAdminAction(args, admin, "deleted an account and everything it held; the person's details were removed from the audit log");
  return redirectWithToast(request, "/admin/users", { type: "success", title: "Success", description: "The account has been deleted." }, { status: 303 });
}
