import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { formSubmissions } from "~/platform/schema";
import { enqueueJob, registerJob, type JobPlan } from "~/platform/jobs.server";
import { escapeHtml, type OutgoingMail } from "~/platform/mail.server";

/** The job that tells a sender we have their message (docs/decisions/044). */
export const CONTACT_ACK_JOB = "contact-acknowledgement";

/** The promise the acknowledgement makes, as the contact page's confirmation makes it. */
export const REPLY_PROMISE = "within 24 hours";

/**
 * One acknowledgement per address and UTC day: the key names both, and a second message that day
 * enqueues nothing. The form is open to anyone, so a stranger's address typed into it gets at most one
 * mail a day from us, and that mail carries none of the text typed into the form.
 */
export function acknowledgementKey(email: string, at: Date): string {
  return `contact-ack:${email.trim().toLowerCase()}:${at.toISOString().slice(0, 10)}`;
}

/** Enqueued with the message's row, in its transaction: stored together or not at all. */
export async function enqueueAcknowledgement(submissionId: number, email: string, at: Date): Promise<void> {
  await enqueueJob(CONTACT_ACK_JOB, acknowledgementKey(email, at), at, { submissionId });
}

export function acknowledgementMail(to: string): OutgoingMail {
  const lines = [
    `Thank you for writing to WealthMatch. Your message has reached our team, and we reply ${REPLY_PROMISE}.`,
    "There is nothing more you need to do. If you did not write to us, you can ignore this email.",
  ];
  return {
    to,
    subject: "We have your message",
    text: ["Hello,", "", ...lines, "", "WealthMatch"].join("\n"),
    html: `<p>Hello,</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p>WealthMatch</p>`,
  };
}

async function acknowledgement(payload: Record<string, unknown>): Promise<JobPlan> {
  const id = payload.submissionId;
  if (typeof id !== "number" || !Number.isInteger(id)) return {};
  const [row] = await db().select({ email: formSubmissions.email }).from(formSubmissions).where(eq(formSubmissions.id, id)).limit(1);
  // Removed meanwhile (retention, or an admin): nobody to acknowledge.
  return row ? { mail: [acknowledgementMail(row.email)] } : {};
}

/** Start-up registers this with the job loop. */
export function registerContactJobs(): void {
  registerJob(CONTACT_ACK_JOB, (job) => acknowledgement(job.payload));
}
