import type { OwnProfile } from "~/features/professionals/own-professional.server";
import { shortDate } from "~/platform/ui/format";

/** Tells a verified professional that their change to their matching details awaits approval. */
export function PendingMatchingNotice({ pending }: { pending: NonNullable<OwnProfile["pending"]> }) {
  return (
    <div role="status" className="rounded-md border border-gold-400 bg-ivory-50 px-4 py-3 text-sm leading-relaxed text-ink-900">
      <p className="font-semibold">Your changes await approval</p>
      <p className="mt-1 text-slate-700">
        You changed {pending.changed.length ? pending.changed.join(", ").toLowerCase() : "your matching details"} on{" "}
        {shortDate(pending.submittedAt)}. Our team reviews changes to verified profiles before they are used for
        matching; until then clients are matched on your approved details.
      </p>
    </div>
  );
}
