/**
 * After every import, each verified professional with a registration of that source is compared with
 * the newest record. A new disclosure, a lapsed registration, a vanished record or another firm pauses
 * them from new shortlists (their open introductions stay as they are: the admin decides), raises one
 * alert per registration and feed (the unique index makes a second worker's run a no-op), is audited,
 * and mails the professional and each admin once (one mail job per recipient).
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { config } from "~/platform/config.server";
import { audit } from "~/platform/audit.server";
import { db } from "~/platform/db.server";
import { enqueueJob, registerJob, type JobPlan } from "~/platform/jobs.server";
import { letter, type OutgoingMail } from "~/platform/mail.server";
import { professionalRegistrations, professionals, registerAlerts, users } from "~/platform/schema";
import { REGISTER_INFO, type Register } from "~/domain/registrations";
import { SOURCE_OF, baselineOf, changeSentence, changeWords, listWords, recordChanges, oneOfSources, type RecordChange } from "~/domain/register-records";
import { isVerificationCurrent } from "~/domain/vetting";
import { adminAccounts } from "~/features/auth/users.data.server";
import { RECHECK_JOB } from "./import.server";
import { acceptBaselines, checkedRegistrationsOf } from "./records.data.server";

export const ALERT_MAIL_JOB = "register-alert-mail";

function mailOrigin(): string {
  const { publicUrl, port } = config();
  return publicUrl ?? `http://localhost:${port}`;
}

type Planned = { professionalId: number; name: string; register: (typeof professionalRegistrations.$inferSelect)["register"]; number: string; changes: RecordChange[]; feedDate: string };

/** What the import changed for verified professionals: alerts to raise, and first baselines to set. */
export async function recheck(source: string, now = new Date()) {
  const wanted = oneOfSources(source);
  if (!wanted) return { alerts: [] as Planned[], baselines: [] as { professionalId: number; register: Planned["register"]; baseline: ReturnType<typeof baselineOf> }[] };
  const registers = (Object.keys(SOURCE_OF) as Planned["register"][]).filter((r) => SOURCE_OF[r] === wanted);
  const rows = await db()
    .selectDistinct({ id: professionals.id, name: professionals.name, company: professionals.company, verifiedAt: professionals.verifiedAt })
    .from(professionals)
    .innerJoin(professionalRegistrations, eq(professionalRegistrations.professionalId, professionals.id))
    .where(and(eq(professionals.verified, true), isNull(professionals.deletedAt), inArray(professionalRegistrations.register, registers)));
  const verified = rows.filter((r) => r.verifiedAt === null || isVerificationCurrent(r.verifiedAt, now));
  const checked = await checkedRegistrationsOf(new Map(verified.map((r) => [r.id, { name: r.name, company: r.company }])));
  const alerts: Planned[] = [];
  const baselines: { professionalId: number; register: Planned["register"]; baseline: ReturnType<typeof baselineOf> }[] = [];
  for (const pro of verified) {
    for (const reg of checked.get(pro.id) ?? []) {
      if (!reg.check || SOURCE_OF[reg.register] !== wanted) continue;
      const feedDate = reg.check.feedDate ?? now.toISOString().slice(0, 10);
      if (reg.baseline) {
        const changes = recordChanges(reg.baseline, reg.check);
        if (changes.length) alerts.push({ professionalId: pro.id, name: pro.name, register: reg.register, number: reg.number, changes, feedDate });
        continue;
      }
      // Verified before this register's records were imported: the first record seen is the baseline,
      // unless it already shows what would pause them (a number the feed lacks is not a change: the
      // SEC's feed lists investment adviser representatives only).
      if (!reg.check.record) continue;
      const clean = { found: true, current: true, firms: reg.check.record.firms.map((f) => f.name), disclosures: [] };
      const changes = recordChanges(clean, reg.check);
      if (changes.length) alerts.push({ professionalId: pro.id, name: pro.name, register: reg.register, number: reg.number, changes, feedDate });
      else baselines.push({ professionalId: pro.id, register: reg.register, baseline: baselineOf(reg.check) });
    }
  }
  return { alerts, baselines };
}

async function recheckJob(payload: Record<string, unknown>): Promise<JobPlan> {
  const source = typeof payload.source === "string" ? payload.source : "";
  const now = new Date();
  const { alerts, baselines } = await recheck(source, now);
  if (!alerts.length && !baselines.length) return {};
  const admins = await adminAccounts();
  return {
    effects: async () => {
      for (const b of baselines) await acceptBaselines(b.professionalId, [b]);
      for (const a of alerts) {
        const [raised] = await db()
          .insert(registerAlerts)
          .values({ professionalId: a.professionalId, register: a.register, number: a.number, changes: a.changes, feedDate: a.feedDate })
          .onConflictDoNothing()
          .returning({ id: registerAlerts.id });
        if (!raised) continue;
        await db().update(professionals).set({ pausedAt: now }).where(and(eq(professionals.id, a.professionalId), isNull(professionals.pausedAt)));
        const what = listWords(a.changes.map(changeWords));
        await audit({ kind: "REGISTER_CHECK", detail: `professional #${a.professionalId} ${a.name}: ${REGISTER_INFO[a.register].registerName} ${a.number} of ${a.feedDate} shows ${what}; paused from new shortlists until an admin decides` });
        for (const to of ["professional", ...admins.map((x) => x.id)]) {
          await enqueueJob(ALERT_MAIL_JOB, `${ALERT_MAIL_JOB}:${raised.id}:${to}`, now, { alertId: raised.id, to });
        }
      }
    },
  };
}

export function alertMailToProfessional(to: string, register: Register, changes: RecordChange[], registerName: string, feedDate: string): OutgoingMail {
  return letter(
    to,
    "Your regulator's record changed: our team is reviewing it",
    [
      changeSentence(register, registerName, feedDate, changes),
      "Until our team has reviewed it you are not proposed on new shortlists. Clients you are already introduced to are not told anything before the review, and your introductions stay open.",
      "If the record is wrong or you want to explain it, reply to this e-mail.",
    ],
    { href: `${mailOrigin()}/professional-dashboard/registrations`, label: "Review your registrations" },
  );
}

export function alertMailToAdmin(to: string, name: string, professionalId: number, register: Register, changes: RecordChange[], registerName: string, feedDate: string): OutgoingMail {
  return letter(
    to,
    `Register change to review: ${name}`,
    [
      changeSentence(register, registerName, feedDate, changes, name),
      `${name} is paused from new shortlists until you keep them verified or end their verification. Their open introductions are unchanged.`,
    ],
    { href: `${mailOrigin()}/admin/professionals/${professionalId}/vetting`, label: "Review the change" },
  );
}

async function alertMail(payload: Record<string, unknown>): Promise<JobPlan> {
  const { alertId, to } = payload;
  if (typeof alertId !== "number" || typeof to !== "string") return {};
  const [row] = await db()
    .select({ alert: registerAlerts, name: professionals.name, email: professionals.email, userId: professionals.userId })
    .from(registerAlerts)
    .innerJoin(professionals, eq(professionals.id, registerAlerts.professionalId))
    .where(and(eq(registerAlerts.id, alertId), isNull(professionals.deletedAt)))
    .limit(1);
  if (!row) return {};
  const { alert } = row;
  const registerName = REGISTER_INFO[alert.register].registerName;
  if (to === "professional") {
    const [account] = row.userId ? await db().select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1) : [];
    return { mail: [alertMailToProfessional(account?.email ?? row.email, alert.register, alert.changes, registerName, alert.feedDate)] };
  }
  const admin = (await adminAccounts()).find((a) => a.id === to);
  return admin ? { mail: [alertMailToAdmin(admin.email, row.name, alert.professionalId, alert.register, alert.changes, registerName, alert.feedDate)] } : {};
}

/** Start-up registers these with the job loop. */
export function registerRecheckJobs(): void {
  registerJob(RECHECK_JOB, (job) => recheckJob(job.payload));
  registerJob(ALERT_MAIL_JOB, (job) => alertMail(job.payload));
}

