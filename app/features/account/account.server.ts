import fs from "node:fs/promises";
import path from "node:path";
import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { config } from "~/platform/config.server";
import { audit } from "~/platform/audit.server";
import { LIMITS } from "~/platform/rate-limit.server";
import { readFormData } from "~/platform/http/form-data.server";
import { toastHeaders } from "~/platform/http/toast.server";
import { fileHeaders } from "~/platform/http/headers.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { requireUser } from "~/features/auth/permissions.server";
import { destroySession } from "~/features/auth/session.server";
import { landingFor } from "~/domain/roles";
import { checkCurrentPassword } from "~/features/auth/current-password.server";
import { DELETE_ACCOUNT_MESSAGES, DELETE_MESSAGES, DeleteAccountSchema } from "./account-data-schema";
import { deleteImageByUrl } from "~/platform/uploads/images.server";
import { deleteAccount, exportAccountData, type AccountData, type DeleteResult } from "./account.data.server";
import { sendDeletionNotices } from "./deletion-mail.server";
import { cancelCallsOf } from "~/features/booking/booking.server";
import { logFor } from "~/platform/log.server";

const log = logFor("account");

/** The export as a download: one JSON file, cached nowhere. */
export function accountDataResponse(exported: NonNullable<AccountData>): Response {
  const day = exported.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: fileHeaders({
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="wealthmatch-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    }),
  });
}

/** GET /account/data.json: the signed-in person's own data. */
export async function ownDataLoader({ request }: RequestArgs) {
  const user = await requireUser(request);
  const exported = await exportAccountData(user.id, new Date(), { ownExport: true });
  if (!exported) throw redirect("/login");
  return accountDataResponse(exported);
}

/** Removes upload files after the deletion committed; a missing file is not an error. */
export async function removeUploads(files: string[]): Promise<void> {
  if (files.length === 0) return;
  const dir = config().uploadsDir;
  for (const file of files) {
    try {
      await fs.rm(path.join(dir, file), { force: true });
    } catch (error) {
      log.error({ err: error }, "could not remove an upload");
    }
  }
}

/**
 * What follows a committed deletion, from either entry point (the person's own page, or an admin's): the files and stored images of the person's
 * directory entry go, the calls still ahead on the ended introductions are cancelled (both calendars get
 * the CANCEL), and the people whose introduction ended are told.
 */
export async function afterAccountDeletion(request: Request, result: Extract<DeleteResult, { ok: true }>): Promise<void> {
  await removeUploads(result.uploads);
  for (const image of result.images) {
    try {
      await deleteImageByUrl(image);
    } catch (error) {
      log.error({ err: error }, "could not remove a stored image");
    }
  }
  for (const notice of result.notices) {
    if (notice.cancelledCalls === 0) continue;
    const reason =
      notice.kind === "professional-left"
        ? `${notice.professionalName} has left WealthMatch, so the call will not take place.`
        : "The client deleted their WealthMatch account, so the call will not take place.";
    try {
      await cancelCallsOf(notice.introductionId, notice.kind === "professional-left" ? "professional" : "client", reason, request);
    } catch (error) {
      log.error({ err: error }, "could not cancel a call");
    }
  }
  await sendDeletionNotices(request, result.notices);
}

/** GET /account/delete: the confirmation step, for the signed-in person. */
export async function deleteAccountLoader({ request }: RequestArgs) {
  const user = await requireUser(request);
  return { email: user.email, home: landingFor(user.role) };
}

/**
 * POST /account/delete: the password again, then the deletion, sign-out and home with a toast.
 * Wrong passwords count against the person's account (5 in 15 minutes), like sign-in failures.
 */
export async function deleteAccountAction(args: RequestArgs) {
  const { request } = args;
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: DeleteAccountSchema });
  const hide = { hideFields: ["password"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide) }, { status: 400 });

  const password = await checkCurrentPassword(LIMITS.accountDeletePassword, user.id, submission.value.password);
  if (password === "too_many") {
    await audit({ kind: "SUSPICIOUS_ACTIVITY", from: args, userId: user.id, email: user.email, detail: "account deletion: too many wrong passwords" });
    return data({ result: submission.reply({ ...hide, formErrors: [DELETE_ACCOUNT_MESSAGES.tooMany] }) }, { status: 429 });
  }
  if (password === "wrong") {
    await audit({ kind: "LOGIN_FAILED", from: args, userId: user.id, email: user.email, detail: "account deletion: wrong password" });
    return data({ result: submission.reply({ ...hide, fieldErrors: { password: [DELETE_ACCOUNT_MESSAGES.incorrect] } }) }, { status: 400 });
  }

  const result = await deleteAccount(user.id, { kind: "owner" });
  if (!result.ok) return data({ result: submission.reply({ ...hide, formErrors: [result.message] }) }, { status: 409 });
  await afterAccountDeletion(request, result);
  const headers = await toastHeaders(request, { type: "success", title: "Account deleted", description: DELETE_MESSAGES.done });
  headers.append("Set-Cookie", await destroySession(request));
  return redirect("/", { headers });
}
