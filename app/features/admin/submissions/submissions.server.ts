import { data } from "react-router";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { z } from "zod";
import { count, desc, eq, sql } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { formSubmissions } from "~/platform/schema";
import { requireAdmin } from "~/features/auth/permissions.server";
import { redirectWithToast, toastHeaders, type Toast } from "~/platform/http/toast.server";
import { SUBMISSION_STATUSES, type SubmissionStatus } from "~/domain/vocabulary";
import { isSubmissionStatus, STATUS_LABELS } from "./submission-status";

export const PAGE_SIZE = 50;
export const PREVIEW_LENGTH = 100;
export const LIST_PATH = "/admin/submissions";

export type StatusFilter = "all" | SubmissionStatus;
export type ListQuery = { status: StatusFilter; page: number };

/** ?status= (all when absent or unknown) and ?page= (1 when absent or not a positive number). */
export function parseListQuery(url: URL): ListQuery {
  const status = url.searchParams.get("status");
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    status: isSubmissionStatus(status) ? status : "all",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The inbox shows a message's first 100 characters, with '...' when there is more, so a row stays one line or two. */
export function previewOf(message: string): string {
  return message.length > PREVIEW_LENGTH ? `${message.slice(0, PREVIEW_LENGTH)}...` : message;
}

export type SubmissionRow = {
  id: number;
  name: string;
  email: string;
  preview: string;
  userType: string | null;
  status: SubmissionStatus;
  createdAt: Date;
};

export type SubmissionList = {
  rows: SubmissionRow[];
  /** How many submissions the current filter holds. */
  total: number;
  counts: Record<StatusFilter, number>;
  page: number;
  pageCount: number;
};

/**
 * One page of the inbox, newest first. Only the shown columns are read, the message only as far as
 * its preview; the order (created_at, then id) is covered by the created_at and (status, created_at)
 * indexes, whose entries end with the row id.
 */
export function listSubmissions({ status, page }: ListQuery): SubmissionList {
  return db().transaction((tx) => {
    const grouped = tx
      .select({ status: formSubmissions.status, n: count() })
      .from(formSubmissions)
      .groupBy(formSubmissions.status)
      .all();
    const counts: Record<StatusFilter, number> = { all: 0, new: 0, "in-progress": 0, resolved: 0 };
    for (const g of grouped) {
      counts[g.status] = g.n;
      counts.all += g.n;
    }
    const total = counts[status];
    const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const current = Math.min(page, pageCount);
    const rows = tx
      .select({
        id: formSubmissions.id,
        name: formSubmissions.name,
        email: formSubmissions.email,
        head: sql<string>`substr(${formSubmissions.message}, 1, ${PREVIEW_LENGTH + 1})`,
        userType: formSubmissions.userType,
        status: formSubmissions.status,
        createdAt: formSubmissions.createdAt,
      })
      .from(formSubmissions)
      .where(status === "all" ? undefined : eq(formSubmissions.status, status))
      .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
      .limit(PAGE_SIZE)
      .offset((current - 1) * PAGE_SIZE)
      .all();
    return {
      rows: rows.map(({ head, ...r }) => ({ ...r, preview: previewOf(head) })),
      total,
      counts,
      page: current,
      pageCount,
    };
  });
}

export function getSubmission(id: number) {
  return (
    db()
      .select({
        id: formSubmissions.id,
        name: formSubmissions.name,
        email: formSubmissions.email,
        message: formSubmissions.message,
        formType: formSubmissions.formType,
        userType: formSubmissions.userType,
        status: formSubmissions.status,
        createdAt: formSubmissions.createdAt,
      })
      .from(formSubmissions)
      .where(eq(formSubmissions.id, id))
      .get() ?? null
  );
}

/** Sets one submission's status; false when there is no such submission. */
export function setSubmissionStatus(id: number, status: SubmissionStatus): boolean {
  const row = db()
    .update(formSubmissions)
    .set({ status })
    .where(eq(formSubmissions.id, id))
    .returning({ id: formSubmissions.id })
    .get();
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Route logic: every loader and action starts with requireAdmin.

export async function submissionsLoader(args: RequestArgs) {
  const { request } = args;
  await requireAdmin(args);
  const query = parseListQuery(new URL(request.url));
  try {
    return { ...listSubmissions(query), status: query.status, error: null };
  } catch (error) {
    console.error("[submissions] could not list:", error instanceof Error ? error.message : error);
    const counts = { all: 0, new: 0, "in-progress": 0, resolved: 0 };
    return { rows: [], total: 0, counts, page: 1, pageCount: 1, status: query.status, error: "Failed to fetch form submissions" };
  }
}

const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export async function submissionLoader(args: RequestArgs, id: string | undefined) {
  await requireAdmin(args);
  const parsed = idParam.safeParse(id);
  const submission = parsed.success ? getSubmission(parsed.data) : null;
  if (!submission) return data({ submission: null }, { status: 404 });
  return data({ submission }, { status: 200 });
}

export const StatusUpdateSchema = z.object({
  id: idParam,
  status: z.enum(SUBMISSION_STATUSES),
});

/** The hidden field the status form carries once JavaScript runs: it then saves in place, without a redirect. */
export const ENHANCED_FIELD = "enhanced";

const FAILED: Toast = { type: "error", title: "Error", description: "Failed to update status" };

/**
 * The status form of a row (list) or of the detail page. Without JavaScript the admin is sent back to
 * `back` with a flash message; with it, the answer is data and the flash is read on revalidation.
 */
export async function statusAction(args: RequestArgs, back: string) {
  const { request } = args;
  await requireAdmin(args);
  const form = await readFormData(request);
  const parsed = StatusUpdateSchema.safeParse({ id: form.get("id"), status: form.get("status") });
  let toast: Toast = FAILED;
  let ok = false;
  if (parsed.success) {
    try {
      ok = setSubmissionStatus(parsed.data.id, parsed.data.status);
    } catch (error) {
      console.error("[submissions] could not update status:", error instanceof Error ? error.message : error);
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
  const { status, page } = parseListQuery(new URL(request.url));
  const params = new URLSearchParams();
  if (status !== "all") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${LIST_PATH}?${search}` : LIST_PATH;
}
