import { useFetcher } from "react-router";
import { isPending } from "~/platform/ui/use-is-pending";
import { useHydrated } from "remix-utils/use-hydrated";
import type { SubmissionStatus } from "~/domain/vocabulary";
import { STATUS_LABELS, STATUS_OPTIONS } from "~/features/admin/submissions/submission-status";

const BADGE: Record<SubmissionStatus, string> = {
  new: "border-gold-500/40 bg-warning-50 text-warning-700",
  "in-progress": "border-ink-200 bg-ink-50 text-ink-700",
  resolved: "border-success-700/25 bg-success-50 text-success-700",
};

export function StatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium ${BADGE[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/**
 * A submission's status selector: a small form with a Save button that works without JavaScript.
 * Once JavaScript runs the button goes away and a change saves at once, in place.
 */
export function StatusForm({
  id,
  status,
  action,
  label,
}: {
  id: number;
  status: SubmissionStatus;
  /** Where the form posts (the page's own URL, with its filter and page). */
  action: string;
  /** Names the submission for screen readers ("Status of the message from Ada Lovelace"). */
  label: string;
}) {
  const fetcher = useFetcher<{ ok: boolean }>();
  const enhanced = useHydrated();
  const pending = fetcher.formData?.get("status");
  const shown = typeof pending === "string" ? pending : status;
  const selectId = `status-${id}`;
  return (
    <fetcher.Form method="post" action={action} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="id" value={id} />
      {enhanced ? <input type="hidden" name="enhanced" value="1" /> : null}
      <label htmlFor={selectId} className="sr-only">
        {label}
      </label>
      <select
        id={selectId}
        name="status"
        // Keyed by the saved status so a revalidated list shows the stored value.
        key={status}
        defaultValue={shown}
        disabled={isPending(fetcher, { formAction: null })}
        onChange={enhanced ? (e) => fetcher.submit(e.currentTarget.form) : undefined}
        className="rounded-md border border-ink-200 bg-white py-1.5 pl-2.5 pr-8 text-sm text-ink-900 focus:border-gold-500 focus:outline-none focus:ring-2 focus:ring-gold-400/40"
      >
        {STATUS_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {enhanced ? null : (
        <button
          type="submit"
          className="rounded-md border border-ink-200 bg-white px-3 py-1.5 text-sm font-semibold text-ink-900 hover:bg-ivory-200"
        >
          Save
        </button>
      )}
    </fetcher.Form>
  );
}
