import { config } from "~/platform/config.server";
import { enqueueJob, registerJob, type JobPlan } from "~/platform/jobs.server";
import { escapeHtml, type OutgoingMail } from "~/platform/mail.server";
import { bookingParties, type Side } from "./outcomes.data.server";
import { personById } from "~/features/auth/people.data.server";

/** Enqueued by booking, per booked call and sequence, for a day after the call's end. */
export const CALL_OUTCOME_JOB = "call-outcome";
/** One e-mail to one side: a mail per job, so a failure sending one never sends the other twice. */
export const CALL_OUTCOME_MAIL_JOB = "call-outcome-mail";

export const outcomePath = (bookingId: number) => `/calls/${bookingId}/outcome`;

/** The origin of links in mails sent without a request (the job loop): PUBLIC_URL, else this machine's port. */
function mailOrigin(): string {
  const { publicUrl, port } = config();
  return publicUrl ?? `http://localhost:${port}`;
}

type Payload = { bookingId: number; sequence: number; side?: Side };

function payloadOf(raw: Record<string, unknown>): Payload | null {
  const { bookingId, sequence, side } = raw;
  if (typeof bookingId !== "number" || typeof sequence !== "number") return null;
  return { bookingId, sequence, side: side === "client" || side === "professional" ? side : undefined };
}

/** The booking if the job still concerns it: booked, at the sequence the job was enqueued for (a reschedule enqueues anew). */
async function standingBooking(payload: Payload) {
  const row = await bookingParties(payload.bookingId);
  if (!row || row.status !== "booked" || row.sequence !== payload.sequence || row.professionalDeleted) return null;
  return row;
}

/** A day after the call: one mail job per side, enqueued with this job's done mark. */
async function callOutcome(raw: Record<string, unknown>): Promise<JobPlan> {
  const payload = payloadOf(raw);
  if (!payload || !(await standingBooking(payload))) return {};
  const { bookingId, sequence } = payload;
  return {
    effects: async () => {
      for (const side of ["client", "professional"] as const) {
        await enqueueJob(CALL_OUTCOME_MAIL_JOB, `${CALL_OUTCOME_MAIL_JOB}:${bookingId}:${sequence}:${side}`, new Date(), { bookingId, sequence, side });
      }
    },
  };
}


function callDay(at: Date, timeZone: string | null): string {
  const format = (zone: string) => new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: zone }).format(at);
  try {
    return format(timeZone ?? "UTC");
  } catch {
    return format("UTC");
  }
}

/** The question mail for one side. The professional's never names the client (decision 022: no client data by e-mail). */
export function outcomeMail(to: string, side: Side, bookingId: number, day: string, professionalName: string): OutgoingMail {
  const href = `${mailOrigin()}/login?redirectTo=${encodeURIComponent(outcomePath(bookingId))}`;
  const subject = side === "client" ? `Did your call with ${professionalName} take place?` : "Did your first call with a WealthMatch client take place?";
  const lines = [
    side === "client" ? `Your first call with ${professionalName} was booked for ${day}.` : `Your first call with a client introduced by WealthMatch was booked for ${day}.`,
    "Did the call take place? And are you continuing together? Two answers, one click each: they tell us whether our matching works.",
  ];
  return {
    to,
    subject,
    text: ["Hello,", "", ...lines, "", `Answer here: ${href}`, "", "WealthMatch"].join("\n"),
    html: `<p>Hello,</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(href)}">Answer the two questions</a></p><p>WealthMatch</p>`,
  };
}

/** A person's address and time zone. */
const contactOf = personById;

/** One side's question, unless the call was cancelled or moved since, or that side already answered on its home page. */
async function callOutcomeMail(raw: Record<string, unknown>): Promise<JobPlan> {
  const payload = payloadOf(raw);
  const row = payload?.side ? await standingBooking(payload) : null;
  if (!payload?.side || !row) return {};
  if (payload.side === "client") {
    const client = await contactOf(row.clientUserId);
    if (!client || row.clientHeld !== null) return {};
    return { mail: [outcomeMail(client.email, "client", row.bookingId, callDay(row.startsAt, client.timeZone), row.professionalName)] };
  }
  if (row.professionalHeld !== null) return {};
  // As for introductions: the linked account's address, else the directory entry's.
  const account = row.professionalUserId ? await contactOf(row.professionalUserId) : null;
  return { mail: [outcomeMail(account?.email ?? row.professionalEmail, "professional", row.bookingId, callDay(row.startsAt, account?.timeZone ?? null), row.professionalName)] };
}

/** Start-up registers these with the job loop. */
export function registerOutcomeJobs(): void {
  registerJob(CALL_OUTCOME_JOB, (job) => callOutcome(job.payload));
  registerJob(CALL_OUTCOME_MAIL_JOB, (job) => callOutcomeMail(job.payload));
}
