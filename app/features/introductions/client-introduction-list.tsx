import { Link } from "react-router";
import { shortDate } from "~/platform/ui/format";
import type { IntroductionStatus } from "~/platform/schema/vocabulary";

const STATE: Record<IntroductionStatus, string> = {
  requested: "Requested: waiting for their answer",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
  ended: "Ended",
};

export type ClientIntroductionRow = { id: number; status: IntroductionStatus; requestedAt: string; name: string; title: string | null; company: string | null };

/** /introductions for a client: each introduction they asked for, newest first, each leading to its page. */
export function ClientIntroductionList({ rows }: { rows: ClientIntroductionRow[] }) {
  return (
    <ul className="divide-y divide-ink-100 overflow-hidden rounded-card border border-ink-100 bg-white" data-testid="client-introductions">
      {rows.map((r) => (
        <li key={r.id} className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-7 sm:py-5">
          <div className="min-w-0">
            <p className="font-semibold [overflow-wrap:anywhere]">
              <Link to={`/introductions/${r.id}`} className="text-ink-900 underline decoration-gold-400 underline-offset-4 hover:text-gold-700">
                {r.name}
              </Link>
            </p>
            {r.title || r.company ? <p className="mt-0.5 text-sm text-slate-600">{[r.title, r.company].filter(Boolean).join(", ")}</p> : null}
          </div>
          <p className="shrink-0 text-sm text-slate-600">
            {STATE[r.status]} · asked {shortDate(r.requestedAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}
