import { and, eq, isNull } from "drizzle-orm";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db.server";
import { enqueueJob, registerJob, type JobPlan } from "~/platform/jobs.server";
import { letter, type OutgoingMail } from "~/platform/mail.server";
import { professionals, users } from "~/platform/schema";
import { isVerificationCurrent, renewalNoticeAt, verificationExpiresAt } from "~/domain/vetting";
import { adminAccounts } from "~/features/auth/users.data.server";
import { verifiedEntries } from "./vetting.data.server";

/** Due 30 days before a verification ends: plans one mail job per recipient. */
export const RENEWAL_JOB = "verification-renewal";
/** One mail to one person, so a failure sending one never sends another twice. */
export const RENEWAL_MAIL_JOB = "verification-renewal-mail";

/** The origin of links in mails sent without a request (the job loop). */
function mailOrigin(): string {
  const { publicUrl, port } = config();
  return publicUrl ?? `http://localhost:${port}`;
}

const LONG_DATE = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/**
 * The notice of one verification (the entry and the moment it was given): the key names both, so a
 * verification is announced once however often this is called, and a renewal (a new moment) gets its own.
 */
export async function enqueueRenewalNotice(professionalId: number, verifiedAt: Date): Promise<void> {
  const ms = verifiedAt.getTime();
  await enqueueJob(RENEWAL_JOB, `${RENEWAL_JOB}:${professionalId}:${ms}`, renewalNoticeAt(verifiedAt), { professionalId, verifiedAt: ms });
}

/** Every verification still running gets its notice queued (entries verified before notices existed, the demo's). */
export async function enqueueRenewalNotices(now: Date): Promise<void> {
  for (const entry of await verifiedEntries()) {
    if (entry.verifiedAt && isVerificationCurrent(entry.verifiedAt, now)) await enqueueRenewalNotice(entry.id, entry.verifiedAt);
  }
}

type Payload = { professionalId: number; verifiedAt: number; to?: string };

function payloadOf(raw: Record<string, unknown>): Payload | null {
  const { professionalId, verifiedAt, to } = raw;
  if (typeof professionalId !== "number" || typeof verifiedAt !== "number") return null;
  return { professionalId, verifiedAt, to: typeof to === "string" ? to : undefined };
}

/** The entry, while the verification the job was queued for is still its verification. */
async function standing(payload: Payload) {
  const [row] = await db()
    .select({ id: professionals.id, name: professionals.name, email: professionals.email, userId: professionals.userId, verified: professionals.verified, verifiedAt: professionals.verifiedAt })
    .from(professionals)
    .where(and(eq(professionals.id, payload.professionalId), isNull(professionals.deletedAt)))
    .limit(1);
  if (!row?.verified || row.verifiedAt?.getTime() !== payload.verifiedAt) return null;
  return row;
}

async function renewal(raw: Record<string, unknown>): Promise<JobPlan> {
  const payload = payloadOf(raw);
  if (!payload || !(await standing(payload))) return {};
  const admins = await adminAccounts();
  const { professionalId, verifiedAt } = payload;
  return {
    effects: async () => {
      for (const to of ["professional", ...admins.map((a) => a.id)]) {
        await enqueueJob(RENEWAL_MAIL_JOB, `${RENEWAL_MAIL_JOB}:${professionalId}:${verifiedAt}:${to}`, new Date(), { professionalId, verifiedAt, to });
      }
    },
  };
}

export function renewalMailToProfessional(to: string, expires: Date): OutgoingMail {
  const day = LONG_DATE.format(expires);
  return letter(
    to,
    `Your WealthMatch verification ends on ${day}`,
    [
      `Your verification ends on ${day}, twelve months after it was given. After that date you are no longer proposed to clients until our team has vetted your profile again.`,
      "Please check that your regulator registrations and your fee schedule are up to date; our team will contact you for the rest of the checklist.",
    ],
    { href: `${mailOrigin()}/professional-dashboard/registrations`, label: "Review your registrations" },
  );
}

export function renewalMailToAdmin(to: string, name: string, professionalId: number, expires: Date): OutgoingMail {
  const day = LONG_DATE.format(expires);
  return letter(
    to,
    `Re-vetting due: ${name}'s verification ends on ${day}`,
    [`${name}'s verification ends on ${day}. After that date they leave matching until the vetting checklist is completed again.`],
    { href: `${mailOrigin()}/admin/professionals/${professionalId}/vetting`, label: "Open the vetting checklist" },
  );
}

async function renewalMail(raw: Record<string, unknown>): Promise<JobPlan> {
  const payload = payloadOf(raw);
  const row = payload?.to ? await standing(payload) : null;
  if (!payload?.to || !row) return {};
  const expires = verificationExpiresAt(new Date(payload.verifiedAt));
  if (payload.to === "professional") {
    // As for introductions: the linked account's address, else the directory entry's.
    const [account] = row.userId ? await db().select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1) : [];
    return { mail: [renewalMailToProfessional(account?.email ?? row.email, expires)] };
  }
  const admin = (await adminAccounts()).find((a) => a.id === payload.to);
  return admin ? { mail: [renewalMailToAdmin(admin.email, row.name, row.id, expires)] } : {};
}

/** Start-up registers these with the job loop. */
export function registerVettingJobs(): void {
  registerJob(RENEWAL_JOB, (job) => renewal(job.payload));
  registerJob(RENEWAL_MAIL_JOB, (job) => renewalMail(job.payload));
}
