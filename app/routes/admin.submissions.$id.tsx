import { Link } from "react-router";
import type { Route } from "./+types/admin.submissions.$id";
import { statusAction, submissionLoader } from "~/features/admin/submissions/submissions.server";
import { inquiryTypeLabel } from "~/domain/inquiry-types";
import { formatSubmittedAt } from "~/features/admin/submissions/submission-status";
import { adminMeta } from "~/features/admin/shell/meta";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { StatusBadge, StatusForm } from "~/features/admin/submissions/submission-status-form";
import { buttonClass } from "~/platform/ui/button";

export const loader = (args: Route.LoaderArgs) => submissionLoader(args, args.params.id);
export const action = (args: Route.ActionArgs) =>
  statusAction(args, `/admin/submissions/${encodeURIComponent(args.params.id)}`);
export const meta: Route.MetaFunction = () => adminMeta("Submission");

const backLink = "text-sm font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

export default function AdminSubmission({ loaderData, params }: Route.ComponentProps) {
  const { submission } = loaderData;
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
  return (
    <>
      <Link to="/admin/submissions" className={backLink}>
        ← All submissions
      </Link>
      <div className="mt-4">
        <AdminPageHeader
          title={submission.name}
          description={`Received ${formatSubmittedAt(submission.createdAt)}`}
          actions={
            <a href={reply} className={buttonClass("primary", "px-4 py-2")}>
              Reply by email
            </a>
          }
        />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="message-heading" className="rounded-card border border-ink-100 bg-white p-5 sm:p-6 lg:col-span-2">
          <h2 id="message-heading" className="font-sans text-sm font-semibold uppercase tracking-wider text-slate-600">
            Message
          </h2>
          <p data-testid="submission-message" className="mt-3 whitespace-pre-wrap break-words text-[0.9375rem] leading-relaxed text-ink-900">
            {submission.message}
          </p>
        </section>
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
                  action={`/admin/submissions/${params.id}`}
                  label={`Status of the message from ${submission.name}`}
                />
              </dd>
            </div>
          </dl>
        </section>
      </div>
    </>
  );
}
