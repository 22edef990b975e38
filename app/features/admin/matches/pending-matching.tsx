import { Form } from "react-router";
import { useIsPending } from "~/platform/ui/use-is-pending";
import type { PendingView } from "~/features/admin/professionals/professionals.server";
import { shortDate } from "~/platform/ui/format";
import { Button } from "~/platform/ui/button";
import { matchingValueText } from "~/features/professionals/matching-values";

/**
 * A verified professional's own edit to their matching data, waiting for an admin (docs/decisions/021):
 * what changes, and Approve or Reject. Each is a plain form posted to the edit page's action.
 */
export function PendingMatchingPanel({ action, pending }: { action: string; pending: PendingView }) {
  const rejecting = useIsPending({ formAction: action, formData: { intent: "reject-matching" } });
  const approving = useIsPending({ formAction: action, formData: { intent: "approve-matching" } });
  const deciding = rejecting || approving;
  return (
    <section aria-labelledby="pending-matching" className="rounded-card border border-gold-400 bg-ivory-50">
      <div className="border-b border-gold-400/40 px-5 py-4">
        <h2 id="pending-matching" className="font-sans text-base font-semibold">
          Matching changes awaiting approval
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Submitted by the professional on {shortDate(pending.submittedAt)}. Matching uses the current values until you
          approve.
        </p>
      </div>
      <dl className="divide-y divide-ink-100 text-sm">
        {pending.changes.map((c) => (
          <div key={c.key} className="grid gap-1 px-5 py-3">
            <dt className="font-medium text-ink-900">{c.label}</dt>
            <dd className="grid gap-1 text-slate-700 sm:grid-cols-[5.5rem_1fr]">
              <span className="text-slate-500">Current</span>
              <span className="[overflow-wrap:anywhere]">{matchingValueText(c.key, c.before)}</span>
              <span className="text-slate-500">Proposed</span>
              <span className="font-medium text-ink-900 [overflow-wrap:anywhere]">{matchingValueText(c.key, c.after)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-3 border-t border-gold-400/40 px-5 py-4 sm:flex-row sm:justify-end">
        <Form method="post" action={action}>
          <input type="hidden" name="pendingAt" value={pending.token} />
          <Button name="intent" value="reject-matching" variant="secondary" className="w-full sm:min-w-28" disabled={deciding}>
            {rejecting ? "Rejecting..." : "Reject"}
          </Button>
        </Form>
        <Form method="post" action={action}>
          <input type="hidden" name="pendingAt" value={pending.token} />
          <Button name="intent" value="approve-matching" className="w-full sm:min-w-28" disabled={deciding}>
            {approving ? "Approving..." : "Approve"}
          </Button>
        </Form>
      </div>
    </section>
  );
}
