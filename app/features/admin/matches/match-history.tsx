import { Link } from "react-router";
import { AdminTable, EmptyState, tdClass, thClass } from "~/features/admin/shell/admin-table";
import { dateIn } from "~/platform/ui/format";
import { LocalTime } from "~/platform/ui/local-time";
import { useAdminTimeZone } from "~/features/admin/shell/admin-time-zone";
import { MATCHES_PATH } from "./admin-matches";

/** The tabs of /admin/matches: plain links, so they work without JavaScript and each has its address. */
export const TAB_LABELS = {
  waiting: "Waiting",
  shortlists: "Released shortlists",
  introductions: "Introductions",
  bookings: "Calls booked",
  outcomes: "Outcomes",
} as const;

export function MatchTabs({ current }: { current: keyof typeof TAB_LABELS }) {
  return (
    <nav aria-label="Matching history" className="mt-6">
      <ul className="flex flex-wrap gap-x-1 border-b border-ink-100">
        {Object.entries(TAB_LABELS).map(([tab, label]) => (
          <li key={tab}>
            <Link
              to={tab === "waiting" ? MATCHES_PATH : `${MATCHES_PATH}?tab=${tab}`}
              aria-current={tab === current ? "page" : undefined}
              className="-mb-px inline-block border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 hover:text-ink-900 aria-[current=page]:border-gold-500 aria-[current=page]:text-ink-900"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const link = "font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

type Client = { id: string | null; name: string };

function ClientCell({ client }: { client: Client }) {
  return client.id ? (
    <Link to={`${MATCHES_PATH}/${encodeURIComponent(client.id)}`} className={link}>
      {client.name}
    </Link>
  ) : (
    <span className="text-slate-600">{client.name}</span>
  );
}

const STATUS_WORDS: Record<string, string> = {
  requested: "Asked, waiting for an answer",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn by the client",
  ended: "Ended (an account was deleted)",
  booked: "Booked",
  cancelled: "Cancelled",
};

const KIND_WORDS: Record<string, string> = { video: "Video", phone: "Phone", "in-person": "In person" };

function answerText(a: { held: boolean | null; continuing: boolean | null }): string {
  if (a.held === null) return "Not answered yet";
  const held = a.held ? "Took place" : "Did not take place";
  const continuing = a.continuing === null ? "not sure yet" : a.continuing ? "continuing" : "not continuing";
  return `${held}; ${continuing}`;
}

export type ShortlistRow = { id: number; client: Client; releasedAt: string | null; releasedBy: string | null };
export type IntroductionRow = { id: number; client: Client; professional: string; status: string; requestedAt: string; answeredAt: string | null };
export type BookingRow = { id: number; client: Client; professional: string; startsAt: string; kind: string; status: string; moved: boolean; cancelledBy: string | null };
export type OutcomeRow = {
  id: number;
  client: Client;
  professional: string;
  startsAt: string;
  clientAnswer: { held: boolean | null; continuing: boolean | null };
  professionalAnswer: { held: boolean | null; continuing: boolean | null };
};

export function ShortlistsTable({ rows }: { rows: ShortlistRow[] }) {
  const { timeZone } = useAdminTimeZone();
  if (rows.length === 0) return <EmptyState>No shortlist has been released yet.</EmptyState>;
  return (
    <AdminTable caption="Released shortlists, newest first" head={<tr><th className={thClass}>Client</th><th className={thClass}>Released</th><th className={thClass}>By</th></tr>}>
      {rows.map((r) => (
        <tr key={r.id}>
          <td data-label="Client" className={tdClass}><ClientCell client={r.client} /></td>
          <td data-label="Released" className={tdClass}>{r.releasedAt ? <LocalTime iso={r.releasedAt} zone={timeZone} /> : "—"}</td>
          <td data-label="By" className={tdClass}>{r.releasedBy ?? "—"}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function IntroductionsTable({ rows }: { rows: IntroductionRow[] }) {
  const { timeZone } = useAdminTimeZone();
  if (rows.length === 0) return <EmptyState>No client has asked for an introduction yet.</EmptyState>;
  return (
    <AdminTable
      caption="Introductions, newest first"
     
      head={<tr><th className={thClass}>Client</th><th className={thClass}>Professional</th><th className={thClass}>Status</th><th className={thClass}>Asked</th><th className={thClass}>Answered</th></tr>}
    >
      {rows.map((r) => (
        <tr key={r.id}>
          <td data-label="Client" className={tdClass}><ClientCell client={r.client} /></td>
          <td data-label="Professional" className={tdClass}>{r.professional}</td>
          <td data-label="Status" className={tdClass}>{STATUS_WORDS[r.status] ?? r.status}</td>
          <td data-label="Asked" className={tdClass}>{dateIn(r.requestedAt, timeZone)}</td>
          <td data-label="Answered" className={tdClass}>{r.answeredAt ? dateIn(r.answeredAt, timeZone) : "—"}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function BookingsTable({ rows }: { rows: BookingRow[] }) {
  const { timeZone } = useAdminTimeZone();
  if (rows.length === 0) return <EmptyState>No first call has been booked yet.</EmptyState>;
  return (
    <AdminTable
      caption="First calls booked, newest first"
     
      head={<tr><th className={thClass}>Client</th><th className={thClass}>Professional</th><th className={thClass}>Call</th><th className={thClass}>Kind</th><th className={thClass}>Status</th></tr>}
    >
      {rows.map((r) => (
        <tr key={r.id}>
          <td data-label="Client" className={tdClass}><ClientCell client={r.client} /></td>
          <td data-label="Professional" className={tdClass}>{r.professional}</td>
          <td data-label="Call" className={tdClass}><LocalTime iso={r.startsAt} zone={timeZone} /></td>
          <td data-label="Kind" className={tdClass}>{KIND_WORDS[r.kind] ?? r.kind}</td>
          <td data-label="Status" className={tdClass}>
            {STATUS_WORDS[r.status] ?? r.status}
            {r.status === "cancelled" && r.cancelledBy ? ` by the ${r.cancelledBy}` : ""}
            {r.moved ? " (moved)" : ""}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function OutcomesTable({ rows }: { rows: OutcomeRow[] }) {
  const { timeZone } = useAdminTimeZone();
  if (rows.length === 0) return <EmptyState>No booked call has taken place yet.</EmptyState>;
  return (
    <AdminTable
      caption="Outcomes of first calls, newest call first"
     
      head={<tr><th className={thClass}>Client</th><th className={thClass}>Professional</th><th className={thClass}>Call</th><th className={thClass}>The client says</th><th className={thClass}>The professional says</th></tr>}
    >
      {rows.map((r) => (
        <tr key={r.id} data-testid="outcome-row">
          <td data-label="Client" className={tdClass}><ClientCell client={r.client} /></td>
          <td data-label="Professional" className={tdClass}>{r.professional}</td>
          <td data-label="Call" className={tdClass}><LocalTime iso={r.startsAt} zone={timeZone} /></td>
          <td data-label="The client says" className={tdClass}>{answerText(r.clientAnswer)}</td>
          <td data-label="The professional says" className={tdClass}>{answerText(r.professionalAnswer)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
