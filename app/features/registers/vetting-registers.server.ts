/**
 * The register side of an admin's vetting checklist: each registration compared with the register's
 * record, the register item filled from that comparison when every registration's register was imported
 * and confirms it (otherwise the item stays manual, as before), the admin's reason why no registration
 * applies, and the decisions on a change that paused a verified professional.
 */
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { db, transaction } from "~/platform/db.server";
import { introductions, professionals, registerAlerts } from "~/platform/schema";
import { REGISTER_INFO, displayRegistrationNumber, registrationLink, type Register } from "~/domain/registrations";
import { baselineOf, changeWords, checkedLine, confirms, differenceWords, feedDay, listWords, recordLink } from "~/domain/register-records";
import type { StoredVettingCheck } from "~/domain/vetting";
import { acceptBaselines, alertsOf, checkedRegistrations, type CheckedRegistration } from "./records.data.server";

export type RegisterCheckView = {
  register: Register;
  registerName: string;
  number: string;
  href: string;
  /** Its register's records were imported: the app compared them. */
  automatic: boolean;
  /** "Checked against the SEC's public records of March 1, 2027: registered with ..." */
  line: string | null;
  differences: string[];
};

export type AlertView = { id: number; registerName: string; number: string; feedDate: string; what: string; raisedAt: string };

type Subject = { id: number; name: string; company: string | null };

/** The register item as the import filled it: every registration checked and confirmed; null otherwise. */
export function automaticRegisterCheck(checked: CheckedRegistration[], now: Date): StoredVettingCheck | null {
  if (!checked.length || !checked.every((c) => c.check && confirms(c.check))) return null;
  const days = checked.map((c) => c.check?.feedDate ?? "").sort();
  return {
    item: "register",
    checkedAt: now.toISOString(),
    checkedBy: null,
    checkedOn: days[0] ?? null,
    note: checked.map((c) => (c.check ? checkedLine(c.check) : null)).filter(Boolean).join("; ").slice(0, 1000),
  };
}

export async function registerVettingView(subject: Subject, now = new Date()) {
  const checked = await checkedRegistrations(subject);
  const alerts = (await alertsOf(subject.id)).filter((a) => a.decision === null);
  const [open] = await db()
    .select({ n: count() })
    .from(introductions)
    .where(and(eq(introductions.professionalId, subject.id), inArray(introductions.status, ["requested", "accepted"])));
  const checks: RegisterCheckView[] = checked.map((c) => ({
    register: c.register,
    registerName: REGISTER_INFO[c.register].registerName,
    number: displayRegistrationNumber(c.register, c.number),
    href: c.check?.record ? recordLink(c.check.record.source, c.number) : registrationLink(c.register, c.number),
    automatic: c.check !== null,
    line: c.check ? checkedLine(c.check) : null,
    differences: c.check ? c.check.differences.map(differenceWords) : [],
  }));
  return {
    checks,
    /** Every registration's register was imported: the item is the import's to fill, not a manual one. */
    automatic: checked.length > 0 && checked.every((c) => c.check !== null),
    automaticDone: automaticRegisterCheck(checked, now),
    alerts: alerts.map(
      (a): AlertView => ({
        id: a.id,
        registerName: REGISTER_INFO[a.register].registerName,
        number: displayRegistrationNumber(a.register, a.number),
        feedDate: a.feedDate,
        what: `The record of ${feedDay(a.feedDate)} shows ${listWords(a.changes.map(changeWords))}.`,
        raisedAt: a.createdAt.toISOString(),
      }),
    ),
    openIntroductions: open?.n ?? 0,
  };
}

/** At verification: what the records say now becomes what later imports are compared with. */
export async function acceptCurrentRecords(subject: Subject): Promise<void> {
  const checked = await checkedRegistrations(subject);
  await acceptBaselines(
    subject.id,
    checked.flatMap((c) => (c.check?.record ? [{ register: c.register, baseline: baselineOf(c.check) }] : [])),
  );
}

export async function setExemption(professionalId: number, reason: string | null): Promise<void> {
  await db().update(professionals).set({ registerExemption: reason }).where(eq(professionals.id, professionalId));
}

export type Decision = "cleared" | "ended";
export type DecideOutcome = { ok: true; alert: typeof registerAlerts.$inferSelect } | { ok: false; reason: string };

/**
 * An admin's decision on one open alert, in one transaction. Cleared: the record as it is now becomes
 * the registration's baseline, and the pause lifts once no other alert is open. Ended: the verification
 * ends (they leave matching), every open alert of theirs is closed with it. Open introductions are left
 * as they are either way: the client sees what changed on their shortlist card.
 */
export async function decideAlert(subject: Subject, alertId: number, decision: Decision, adminId: string, note: string | null, now = new Date()): Promise<DecideOutcome> {
  const checked = decision === "cleared" ? await checkedRegistrations(subject) : [];
  return transaction(async (tx): Promise<DecideOutcome> => {
    const [alert] = await tx
      .update(registerAlerts)
      .set({ decision, decidedAt: now, decidedBy: adminId, note })
      .where(and(eq(registerAlerts.id, alertId), eq(registerAlerts.professionalId, subject.id), isNull(registerAlerts.decision)))
      .returning();
    if (!alert) return { ok: false, reason: "This change was already decided." };
    if (decision === "ended") {
      await tx
        .update(registerAlerts)
        .set({ decision, decidedAt: now, decidedBy: adminId, note })
        .where(and(eq(registerAlerts.professionalId, subject.id), isNull(registerAlerts.decision)));
      await tx.update(professionals).set({ verified: false, verifiedAt: null, verifiedBy: null, pausedAt: null }).where(eq(professionals.id, subject.id));
      return { ok: true, alert };
    }
    const now_ = checked.find((c) => c.register === alert.register);
    if (now_?.check?.record) await acceptBaselines(subject.id, [{ register: alert.register, baseline: baselineOf(now_.check) }]);
    const [still] = await tx.select({ n: count() }).from(registerAlerts).where(and(eq(registerAlerts.professionalId, subject.id), isNull(registerAlerts.decision)));
    if (!still?.n) await tx.update(professionals).set({ pausedAt: null }).where(eq(professionals.id, subject.id));
    return { ok: true, alert };
  });
}
