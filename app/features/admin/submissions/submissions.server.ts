import { data } from "react-router";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { z } from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireAdmin } from "~/features/auth/permissions.server";
import { redirectWithToast, toastHeaders, type Toast } from "~/platform/http/toast.server";
import { auditAdminAction } from "~/platform/audit.server";
import { NOT_SAVED_INIT, notSavedResult, orNotSaved } from "~/platform/http/not-saved.server";
import { SUBMISSION_STATUSES } from "~/domain/vocabulary";
import { isSubmissionStatus, STATUS_LABELS } from "./submission-status";
import { ReplySchema } from "./reply-schema";
import {
  acknowledgementOf,
  addReply,
  getSubmission,
  listReplies,
  listSubmissions,
  markOpened,
  setSubmissionStatus,
  type ListQuery,
} from "./submissions.data.server";
import { pageUrl } from "~/platform/http/page-url.server";
import { logFor } from "~/platform/log.server";

const log = logFor("submissions");

const LIST_PATH = "/admin/submissions";

/** ?status= (all when absent or unknown) and ?page= (1 when absent or not a positive number). */
function parseListQuery(url: URL): ListQuery {
  const status = url.searchParams.get("status");
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    status: isSubmissionStatus(status) ? status : "all",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

// Every loader and action starts with requireAdmin.

export async function submissionsLoader(args: RequestArgs) {
  const { request } = args;
  await requireAdmin(args);
  const query = parseListQuery(pageUrl(request));
  try {
    return { ...(await listSubmissions(query)), status: query.status, error: null };
  } catch (error) {
    log.error({ err: error }, "could not list");
    const counts = { all: 0, new: 0, "in-progress": 0, resolved: 0 };
    return { rows: [], total: 0, counts, page: 1, pageCount: 1, status: query.status, error: "Failed to fetch form submissions" };
  }
}

const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * One submission with its replies and where its acknowledgement stands. A new one becomes In Progress
 * as an admin opens it (audited once, however many admins open it at the same moment).
 */
export async function submissionLoader(args: RequestArgs, id: string | undefined) {
  const admin = await requireAdmin(args);
  const parsed = idParam.safeParse(id);
  const submission = parsed.success ? await getSubmission(parsed.data) : null;
  if (!submission) return data({ submission: null, replies: [], acknowledgement: null }, { status: 404 });
  if (submission.status === "new" && (await markOpened(submission.id))) {
    submission.status = "in-progress";
    await auditAdminAction(args, admin, `opened submission ${submission.id}: marked In Progress`);
  }
  const [replies, acknowledgement] = await Promise.all([listReplies(submission.id), acknowledgementOf(submission)]);
  return data({ submission, replies, acknowledgement }, { status: 200 });
}

const StatusUpdateSchema = z.object({
  id: idParam,
  status: z.enum(SUBMISSION_STATUSES),
});

/** The hidden field the status form carries once JavaScript runs: it then saves in place, without a redirect. */
const ENHANCED_FIELD = "enhanced";

const FAILED: Toast = { type: "error", title: "Error", description: "Failed to update status" };

/**
 * The status form of a row (list) or of the detail page. Without JavaScript the admin is sent back to
 * `back` with a flash message; with it, the answer is data and the flash is read on revalidation.
 */
export async function statusAction(args: RequestArgs, back: string, read?: FormData) {
  const { request } = args;
  await requireAdmin(args);
  const form = read ?? (await readFormData(request));
  const parsed = StatusUpdateSchema.safeParse({ id: form.get("id"), status: form.get("status") });
  let toast: Toast = FAILED;
  let ok = false;
  if (parsed.success) {
    try {
      ok = await setSubmissionStatus(parsed.data.id, parsed.data.status);
    } catch (error) {
      log.error({ err: error }, "could not update status");
    }
    if (ok) toast = { type: "success", title: "Success", description: `Status updated to ${STATUS_LABELS[parsed.data.status]}` };
  }
  if (form.get(ENHANCED_FIELD) === "1") {
    return data({ ok }, { headers: await toastHeaders(request, toast) });
  }
  return redirectWithToast(request, back, toast, { status: 303 });
}

/** Where the list's status form returns: the same filter and page. */
export function listBackPath(request: Request): string {
  const { status, page } = parseListQuery(pageUrl(request));
  const params = new URLSearchParams();
  if (status !== "all") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${LIST_PATH}?${search}` : LIST_PATH;
}

/**
 * The submission page's forms: the status form, and the reply form (`intent=reply`), which keeps the
 * reply on the submission and e-mails it to the sender. A refused reply changes nothing and keeps
 * what was typed.
 */
export async function submissionAction(args: RequestArgs, id: string | undefined) {
  const { request } = args;
  const admin = await requireAdmin(args);
  const back = `${LIST_PATH}/${encodeURIComponent(id ?? "")}`;
  const form = await readFormData(request);
  if (form.get("intent") !== "reply") return statusAction(args, back, form);
  const parsed = idParam.safeParse(id);
  if (!parsed.success) throw data(null, { status: 404 });
  const submission = parseWithZod(form, { schema: ReplySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const added = await orNotSaved(
    () => addReply(parsed.data, { id: admin.id, name: admin.fullName?.trim() || admin.email }, submission.value.body),
    () => data(notSavedResult(submission), NOT_SAVED_INIT),
  );
  if (added === null) throw data(null, { status: 404 });
  if (!("replyId" in added)) return added;
  await auditAdminAction(args, admin, `replied to submission ${parsed.data} by email${added.markedInProgress ? "; marked In Progress" : ""}`);
  return redirectWithToast(
    request,
    `${back}#history`,
    { type: "success", title: "Reply sent", description: `Your reply is on its way to ${added.to} and kept in the history.` },
    { status: 303 },
  );
}
