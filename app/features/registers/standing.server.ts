/**
 * What a client reads about a professional's registrations, on the profile and the shortlist card: each
 * register and number, whether and when it was checked (against the register's public records by the
 * import, or by our team by hand), its disclosures in plain words with a link to the record, whether
 * "Verified" may be shown (showsVerified) and, once an admin decided on a change in the record, what
 * changed. Read for several professionals at once (a shortlist) in a fixed number of queries.
 */
import { desc, inArray } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { professionals, verifications } from "~/platform/schema";
import { REGISTER_INFO, displayRegistrationNumber, registrationLink, type Register } from "~/domain/registrations";
import { DISCLOSURE_WORDS, SOURCE_INFO, changeSentence, feedDay, recordLink, showsVerified } from "~/domain/register-records";
import type { StoredVettingCheck } from "~/domain/vetting";
import { checkedRegistrationsOf, decidedAlertsOf } from "./records.data.server";

export type RegisterLine = {
  register: Register;
  registerName: string;
  number: string;
  href: string;
  /** The link opens the record itself, not only the register's search page. */
  direct: boolean;
  /** "Checked against the SEC's public records on March 1, 2027"; null when nobody checked it yet. */
  checked: string | null;
  /** The register's disclosures in plain words; empty: none (or not checked). */
  disclosures: string[];
  /** The register says the registration is not current. */
  lapsed: boolean;
};

export type RegisterStanding = {
  lines: RegisterLine[];
  /** "Verified" may be shown (app/domain/register-records showsVerified). */
  verified: boolean;
  /** The admin's reason why no registration applies, shown beside the badge. */
  exemption: string | null;
  /** What changed in the register's record and what our team decided; null when nothing was decided. */
  update: string | null;
};

export type StandingSubject = { id: number; name: string; company: string | null; verified: boolean; verifiedAt: Date | null; registerExemption: string | null };

const LONG = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** The register item of each professional's current verification: the day our team looked the records up. */
async function handChecks(subjects: StandingSubject[]): Promise<Map<number, string>> {
  const verified = subjects.filter((s) => s.verified && s.verifiedAt);
  const out = new Map<number, string>();
  if (!verified.length) return out;
  const rows = await db()
    .select({ professionalId: verifications.professionalId, verifiedAt: verifications.verifiedAt, checks: verifications.checks })
    .from(verifications)
    .where(inArray(verifications.professionalId, verified.map((s) => s.id)))
    .orderBy(desc(verifications.id));
  for (const s of verified) {
    const v = rows.find((r) => r.professionalId === s.id && r.verifiedAt.getTime() === s.verifiedAt?.getTime());
    const register = Array.isArray(v?.checks) ? v.checks.find((c: StoredVettingCheck) => c.item === "register") : undefined;
    if (register?.checkedOn && register.checkedBy !== null) out.set(s.id, register.checkedOn);
  }
  return out;
}

export async function registerStandings(subjects: StandingSubject[]): Promise<Map<number, RegisterStanding>> {
  const [checked, byHand, decided] = await Promise.all([
    checkedRegistrationsOf(new Map(subjects.map((s) => [s.id, { name: s.name, company: s.company }]))),
    handChecks(subjects),
    decidedAlertsOf(subjects.map((s) => s.id)),
  ]);
  const out = new Map<number, RegisterStanding>();
  for (const s of subjects) {
    const lines: RegisterLine[] = (checked.get(s.id) ?? []).map((r) => {
      const info = REGISTER_INFO[r.register];
      const record = r.check?.record ?? null;
      const handDay = byHand.get(s.id);
      // A registration counts as checked when its record was found and confirms who they are (name and
      // number), or our team recorded looking it up; differences such as a disclosure are shown, not hidden.
      const nameOk = r.check ? !r.check.differences.some((d) => d.kind === "name" || d.kind === "not-found") : false;
      const checkedLine = record && nameOk
        ? `Checked against ${SOURCE_INFO[record.source].records} on ${feedDay(record.feedDate)}`
        : handDay
          ? `Checked by our team on the register on ${feedDay(handDay)}`
          : null;
      return {
        register: r.register,
        registerName: info.registerName,
        number: displayRegistrationNumber(r.register, r.number),
        href: record ? recordLink(record.source, r.number) : registrationLink(r.register, r.number),
        direct: record ? record.source.startsWith("sec") : info.direct,
        checked: checkedLine,
        disclosures: record && nameOk ? record.disclosures.map((k) => DISCLOSURE_WORDS[k]) : [],
        lapsed: Boolean(record && nameOk && !record.current),
      };
    });
    const alert = decided.get(s.id);
    const update = alert
      ? `${changeSentence(alert.register, REGISTER_INFO[alert.register].registerName, alert.feedDate, alert.changes)} ` +
        (alert.decision === "cleared"
          ? `Our team reviewed it on ${LONG.format(alert.decidedAt ?? new Date())} and ${s.name} remains verified.`
          : `Our team ended ${s.name}'s verification on ${LONG.format(alert.decidedAt ?? new Date())}: they are no longer proposed to clients.`) +
        (alert.note?.trim() ? ` ${alert.note.trim()}` : "")
      : null;
    const exemption = s.registerExemption?.trim() || null;
    out.set(s.id, {
      lines,
      verified: showsVerified({ verified: s.verified, checkedRegistrations: lines.filter((l) => l.checked).length, exemption }),
      exemption,
      update,
    });
  }
  return out;
}

export async function registerStanding(subject: StandingSubject): Promise<RegisterStanding> {
  return (await registerStandings([subject])).get(subject.id) ?? { lines: [], verified: false, exemption: null, update: null };
}


/** The standings of these professionals, read with the columns they need (the client's shortlist). */
export async function registerStandingsOf(ids: number[]): Promise<Map<number, RegisterStanding>> {
  if (!ids.length) return new Map();
  const subjects = await db()
    .select({
      id: professionals.id,
      name: professionals.name,
      company: professionals.company,
      verified: professionals.verified,
      verifiedAt: professionals.verifiedAt,
      registerExemption: professionals.registerExemption,
    })
    .from(professionals)
    .where(inArray(professionals.id, ids));
  return registerStandings(subjects);
}
