import { escapeHtml, type OutgoingMail } from "~/platform/mail.server";
import { registerJob, type JobPlan } from "~/platform/jobs.server";
import { getSettings } from "~/platform/settings.server";
import { formatSubmittedAt } from "./submission-status";
import { replyForMail, SUBMISSION_REPLY_JOB } from "./submissions.data.server";

/** Text as HTML paragraphs: every character escaped, blank lines between paragraphs, single line ends kept. */
function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replaceAll("\n", "<br>")}</p>`)
    .join("");
}

/**
 * An admin's reply as the sender receives it: the reply, then their own message quoted. Answers go to
 * the contact address of the settings, where the team reads them.
 */
export function replyMail(reply: { to: string; body: string; message: string; receivedAt: Date }, replyTo: string): OutgoingMail {
  const wrote = `You wrote on ${formatSubmittedAt(reply.receivedAt)}:`;
  const quoted = reply.message.split("\n").map((line) => `> ${line}`);
  return {
    to: reply.to,
    subject: "Re: your message to WealthMatch",
    headers: { "Reply-To": replyTo },
    text: ["Hello,", "", reply.body, "", "WealthMatch", "", wrote, ...quoted].join("\n"),
    html: `<p>Hello,</p>${paragraphs(reply.body)}<p>WealthMatch</p><p style="color:#555">${escapeHtml(wrote)}</p><blockquote style="margin:0;padding-left:12px;border-left:3px solid #ccc;color:#555">${paragraphs(reply.message)}</blockquote>`,
  };
}

async function replyJob(payload: Record<string, unknown>): Promise<JobPlan> {
  const id = payload.replyId;
  if (typeof id !== "number" || !Number.isInteger(id)) return {};
  const reply = await replyForMail(id);
  // The submission went (retention, or removed) before the mail left: nobody to write to.
  if (!reply) return {};
  return { mail: [replyMail(reply, (await getSettings()).contact.email)] };
}

/** Start-up registers this with the job loop. */
export function registerSubmissionJobs(): void {
  registerJob(SUBMISSION_REPLY_JOB, (job) => replyJob(job.payload));
}
