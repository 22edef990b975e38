import { count, desc, eq, sql } from "drizzle-orm";
import { db, transaction } from "~/platform/db.server";
import { formSubmissions } from "~/platform/schema";
import type { SubmissionStatus } from "~/domain/vocabulary";
import type { SubmissionRow } from "~/features/admin/submissions/submission-status";

const PAGE_SIZE = 50;
const PREVIEW_LENGTH = 100;

export type StatusFilter = "all" | SubmissionStatus;
export type ListQuery = { status: StatusFilter; page: number };

/** The inbox shows a message's first 100 characters, with '...' when there is more, so a row stays one line or two. */
function previewOf(message: string): string {
  return message.length > PREVIEW_LENGTH ? `${message.slice(0, PREVIEW_LENGTH)}...` : message;
}

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
export async function listSubmissions({ status, page }: ListQuery): Promise<SubmissionList> {
  return transaction(async (tx) => {
    const grouped = await tx.select({ status: formSubmissions.status, n: count() }).from(formSubmissions).groupBy(formSubmissions.status);
    const counts: Record<StatusFilter, number> = { all: 0, new: 0, "in-progress": 0, resolved: 0 };
    for (const g of grouped) {
      counts[g.status] = g.n;
      counts.all += g.n;
    }
    const total = counts[status];
    const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const current = Math.min(page, pageCount);
    const rows = await tx
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
      .offset((current - 1) * PAGE_SIZE);
    return {
      rows: rows.map(({ head, ...r }) => ({ ...r, preview: previewOf(head) })),
      total,
      counts,
      page: current,
      pageCount,
    };
  });
}

export async function getSubmission(id: number) {
  const [row] = await db()
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
    .limit(1);
  return row ?? null;
}

/** Sets one submission's status; false when there is no such submission. */
export async function setSubmissionStatus(id: number, status: SubmissionStatus): Promise<boolean> {
  const [row] = await db()
    .update(formSubmissions)
    .set({ status })
    .where(eq(formSubmissions.id, id))
    .returning({ id: formSubmissions.id });
  return row !== undefined;
}
