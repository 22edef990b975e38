import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { db, transaction } from "~/platform/db.server";
import { formSubmissions, jobs, submissionReplies } from "~/platform/schema";
import { enqueueJob } from "~/platform/jobs.server";
import { acknowledgementKey } from "~/features/contact/acknowledgement.server";
import type { SubmissionStatus } from "~/domain/vocabulary";
import type { SubmissionRow } from "~/features/admin/submissions/submission-status";
import { readPage } from "~/features/admin/shell/paging.server";

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
    const { rows, ...paging } = await readPage(
      page,
      async () => counts[status],
      (limit, offset) =>
        tx
          .select({
            id: formSubmissions.id,
            name: formSubmissions.name,
            email: formSubmissions.email,
            company: formSubmissions.company,
            head: sql<string>`substr(${formSubmissions.message}, 1, ${PREVIEW_LENGTH + 1})`,
            userType: formSubmissions.userType,
            status: formSubmissions.status,
            createdAt: formSubmissions.createdAt,
          })
          .from(formSubmissions)
          .where(status === "all" ? undefined : eq(formSubmissions.status, status))
          .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
          .limit(limit)
          .offset(offset),
    );
    return { rows: rows.map(({ head, ...r }) => ({ ...r, preview: previewOf(head) })), counts, ...paging };
  });
}

export async function getSubmission(id: number) {
  const [row] = await db()
    .select({
      id: formSubmissions.id,
      name: formSubmissions.name,
      email: formSubmissions.email,
      company: formSubmissions.company,
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

/**
 * An admin opened a new submission: it is In Progress from now on. Conditional on still being new, so
 * two admins opening it at once mark (and audit) it once; true when this call marked it.
 */
export async function markOpened(id: number): Promise<boolean> {
  const rows = await db()
    .update(formSubmissions)
    .set({ status: "in-progress" })
    .where(and(eq(formSubmissions.id, id), eq(formSubmissions.status, "new")))
    .returning({ id: formSubmissions.id });
  return rows.length > 0;
}

/** The job that e-mails one reply (reply-mail.server.ts registers what runs it). */
export const SUBMISSION_REPLY_JOB = "submission-reply-mail";
const replyJobKey = (replyId: number) => `submission-reply:${replyId}`;

/**
 * Keeps an admin's reply on the submission and queues its e-mail to the sender, in one transaction: the
 * reply is never e-mailed without being kept, nor kept without its mail on the way. A new submission
 * becomes In Progress. Null when there is no such submission.
 */
export async function addReply(
  submissionId: number,
  author: { id: string; name: string },
  body: string,
  now = new Date(),
): Promise<{ replyId: number; to: string; markedInProgress: boolean } | null> {
  return transaction(async (tx) => {
    const [submission] = await tx
      .select({ email: formSubmissions.email, status: formSubmissions.status })
      .from(formSubmissions)
      .where(eq(formSubmissions.id, submissionId))
      .limit(1);
    if (!submission) return null;
    const [reply] = await tx
      .insert(submissionReplies)
      .values({ submissionId, authorUserId: author.id, authorName: author.name, body, createdAt: now })
      .returning({ id: submissionReplies.id });
    if (!reply) throw new Error("The new reply's id was not returned");
    await enqueueJob(SUBMISSION_REPLY_JOB, replyJobKey(reply.id), now, { replyId: reply.id });
    const markedInProgress = submission.status === "new";
    if (markedInProgress) await tx.update(formSubmissions).set({ status: "in-progress" }).where(eq(formSubmissions.id, submissionId));
    return { replyId: reply.id, to: submission.email, markedInProgress };
  });
}

/** Where an e-mail the site sends stands: on its way, sent, being tried again after a failure, or given up. */
export type MailState = { state: "queued" | "sent" | "retrying" | "failed"; at: Date | null };

function mailState(job: { doneAt: Date | null; lastError: string | null; runAt: Date } | undefined): MailState {
  if (!job) return { state: "queued", at: null };
  if (job.doneAt) return job.lastError ? { state: "failed", at: job.doneAt } : { state: "sent", at: job.doneAt };
  return job.lastError ? { state: "retrying", at: job.runAt } : { state: "queued", at: null };
}

export type ReplyRow = { id: number; authorName: string; body: string; createdAt: Date; mail: MailState };

/** A submission's replies, oldest first, each with where its e-mail stands. */
export async function listReplies(submissionId: number): Promise<ReplyRow[]> {
  const rows = await db()
    .select({ id: submissionReplies.id, authorName: submissionReplies.authorName, body: submissionReplies.body, createdAt: submissionReplies.createdAt })
    .from(submissionReplies)
    .where(eq(submissionReplies.submissionId, submissionId))
    .orderBy(asc(submissionReplies.createdAt), asc(submissionReplies.id));
  if (!rows.length) return [];
  const keys = rows.map((r) => replyJobKey(r.id));
  const states = await db().select({ key: jobs.key, doneAt: jobs.doneAt, lastError: jobs.lastError, runAt: jobs.runAt }).from(jobs).where(inArray(jobs.key, keys));
  const byKey = new Map(states.map((j) => [j.key, j]));
  return rows.map((r) => ({ ...r, mail: mailState(byKey.get(replyJobKey(r.id))) }));
}

/**
 * The acknowledgement of this submission: its mail's state, or `earlier` when the sender's address had
 * one already that day (for another message), or `none` (a message from before acknowledgements).
 */
export async function acknowledgementOf(submission: { id: number; email: string; createdAt: Date }): Promise<MailState | { state: "earlier" | "none"; at: null }> {
  const [job] = await db()
    .select({ payload: jobs.payload, doneAt: jobs.doneAt, lastError: jobs.lastError, runAt: jobs.runAt })
    .from(jobs)
    .where(eq(jobs.key, acknowledgementKey(submission.email, submission.createdAt)))
    .limit(1);
  if (!job) return { state: "none", at: null };
  if (job.payload.submissionId !== submission.id) return { state: "earlier", at: null };
  return mailState(job);
}

/** A reply and what its mail needs: the sender's address and their message. Null when either is gone. */
export async function replyForMail(replyId: number) {
  const [row] = await db()
    .select({
      body: submissionReplies.body,
      to: formSubmissions.email,
      message: formSubmissions.message,
      receivedAt: formSubmissions.createdAt,
    })
    .from(submissionReplies)
    .innerJoin(formSubmissions, eq(formSubmissions.id, submissionReplies.submissionId))
    .where(eq(submissionReplies.id, replyId))
    .limit(1);
  return row ?? null;
}
