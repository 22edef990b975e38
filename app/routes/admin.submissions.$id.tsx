import { Link } from "react-router";
import type { Route } from "./+types/admin.submissions.$id";
import type { SubmissionResult } from "@conform-to/react";
import { submissionAction, submissionLoader } from "~/features/admin/submissions/submissions.server";
import { inquiryTypeLabel } from "~/domain/inquiry-types";
import { dateTimeIn } from "~/platform/ui/format";
import { useAdminTimeZone } from "~/features/admin/shell/admin-time-zone";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { StatusBadge, StatusForm } from "~/features/admin/submissions/submission-status-form";
import { MailBadge, ReplyForm, ReplyHistory } from "~/features/admin/submissions/submission-history";
import { buttonClass } from "~/platform/ui/button";

export const loader = (args: Route.LoaderArgs) => submissionLoader(args, args.params.id);
export const action = (args: Route.ActionArgs) => submissionAction(args, args.params.id);
export const meta: Route.MetaFunction = () => adminMeta("Submission");

const backLink = "text-sm font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

/** The reply form's refused post (the status form answers through its own fetcher). */
function replyResult(actionData: unknown): SubmissionResult<string[]> | null {
  return actionData && typeof actionData === "object" && "initialValue" in actionData ? (actionData as SubmissionResult<string[]>) : null;
}

export default function AdminSubmission({ loaderData, actionData, params }: Route.ComponentProps) {
  const { submission, replies, acknowledgement } = loaderData;
  const { timeZone } = useAdminTimeZone();
  if (!submission) {
    return (
      <>
        <AdminPageHeader title="Submission not found" description="It may have been removed after the retention period." />
        <Link to="/admin/submissions" className={`mt-6 inline-block ${backLink}`}>
          Back to all submissions
        </Link>
      </>
    );
  }
  const reply = `mailto:${submission.email}?subject=${encodeURIComponent("Re: your message to WealthMatch")}`;
  const here = `/admin/submissions/${params.id}`;
  return (
    <>
      <Link to="/admin/submissions" className={backLink}>
        ← All submissions
      </Link>
      <div className="mt-4">
        <AdminPageHeader
          title={submission.name}
          description={`Received ${dateTimeIn(submission.createdAt.toISOString(), timeZone)}`}
          actions={
            <a href="#reply" className={buttonClass("primary", "px-4 py-2")}>
              Reply
            </a>
          }
        />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="message-heading" className="rounded-card border border-ink-100 bg-white p-5 sm:p-6">
            <h2 id="message-heading" className="font-sans text-sm font-semibold uppercase tracking-wider text-slate-600">
              Message
            </h2>
            <p data-testid="submission-message" className="mt-3 whitespace-pre-wrap break-words text-[0.9375rem] leading-relaxed text-ink-900">
              {submission.message}
            </p>
          </section>
          <ReplyHistory replies={replies} />
          {/* Keyed by the number of replies: after a reply is sent the form starts empty again. */}
          <ReplyForm key={replies.length} action={here} to={submission.email} lastResult={replyResult(actionData)} />
        </div>
        <section aria-labelledby="details-heading" className="rounded-card border border-ink-100 bg-white p-5 sm:p-6">
          <h2 id="details-heading" className="font-sans text-sm font-semibold uppercase tracking-wider text-slate-600">
            Details
          </h2>
          <dl className="mt-3 space-y-3 text-sm">
            <div>
              <dt className="text-slate-600">Email</dt>
              <dd className="break-all">
                <a href={reply} className="font-medium text-ink-900 underline decoration-gold-400 underline-offset-4">
                  {submission.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Company</dt>
              <dd className="break-words text-ink-900" data-testid="submission-company">
                {submission.company ?? <span className="text-slate-600">None given</span>}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Type</dt>
              <dd className="text-ink-900">{inquiryTypeLabel(submission.userType)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Status</dt>
              <dd className="mt-1 flex flex-wrap items-center gap-3">
                <StatusBadge status={submission.status} />
                <StatusForm
                  id={submission.id}
                  status={submission.status}
                  action={here}
                  label={`Status of the message from ${submission.name}`}
                />
              </dd>
            </div>
            {acknowledgement ? (
              <div>
                <dt className="text-slate-600">Acknowledgement</dt>
                <dd className="mt-1">
                  <MailBadge mail={acknowledgement} what="acknowledgement" />
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      </div>
    </>
  );
}
