import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { professionalRegistrations, professionals, registerAlerts, registerImports, registerRecords } from "~/platform/schema";
import { REGISTERS, REGISTER_INFO, type Register } from "~/domain/registrations";
import { SOURCE_OF, changeSentence, checkRegistration, type Baseline, type Claimant, type RecordSource, type RegistrationCheck, type StoredRecord } from "~/domain/register-records";

/** The stored records for these (source, number) pairs, keyed "source:number". */
export async function recordsFor(pairs: { source: RecordSource; number: string }[]): Promise<Map<string, StoredRecord>> {
  const found = new Map<string, StoredRecord>();
  if (!pairs.length) return found;
  const rows = await db()
    .select({ source: registerRecords.source, number: registerRecords.number, record: registerRecords.record, feedDate: registerRecords.feedDate })
    .from(registerRecords)
    .where(or(...pairs.map((p) => and(eq(registerRecords.source, p.source), eq(registerRecords.number, p.number)))));
  for (const { source, number, record, feedDate } of rows) found.set(`${source}:${number}`, { ...record, source, number, feedDate });
  return found;
}

/** The sources an operator has imported at least once: a registration of another source is checked by hand. */
export async function importedSources(): Promise<Set<RecordSource>> {
  const rows = await db().selectDistinct({ source: registerImports.source }).from(registerImports);
  return new Set(rows.map((r) => r.source));
}

export type CheckedRegistration = { register: Register; number: string; baseline: Baseline | null; check: RegistrationCheck | null };

/**
 * Each registration of these professionals with its comparison against the register's record, where
 * its register's records were imported; null where the register is checked by hand.
 */
export async function checkedRegistrationsOf(claimants: Map<number, Claimant>): Promise<Map<number, CheckedRegistration[]>> {
  const out = new Map<number, CheckedRegistration[]>();
  const ids = [...claimants.keys()];
  if (!ids.length) return out;
  const [rows, sources] = await Promise.all([
    db()
      .select({
        professionalId: professionalRegistrations.professionalId,
        register: professionalRegistrations.register,
        number: professionalRegistrations.number,
        baseline: professionalRegistrations.baseline,
      })
      .from(professionalRegistrations)
      .where(inArray(professionalRegistrations.professionalId, ids)),
    importedSources(),
  ]);
  const wanted = rows.flatMap((r) => {
    const source = SOURCE_OF[r.register];
    return source && sources.has(source) ? [{ source, number: r.number }] : [];
  });
  const records = await recordsFor(wanted);
  for (const r of rows.sort((a, b) => REGISTERS.indexOf(a.register) - REGISTERS.indexOf(b.register))) {
    const source = SOURCE_OF[r.register];
    const claimant = claimants.get(r.professionalId);
    const check = source && claimant && sources.has(source) ? checkRegistration(source, claimant, records.get(`${source}:${r.number}`) ?? null) : null;
    const list = out.get(r.professionalId) ?? [];
    list.push({ register: r.register, number: r.number, baseline: r.baseline ?? null, check });
    out.set(r.professionalId, list);
  }
  return out;
}

/** One professional's registrations, checked. */
export async function checkedRegistrations(pro: { id: number; name: string; company: string | null }): Promise<CheckedRegistration[]> {
  return (await checkedRegistrationsOf(new Map([[pro.id, { name: pro.name, company: pro.company }]]))).get(pro.id) ?? [];
}

/** Sets what an admin accepted of each registration's record (at verification, or clearing a change). */
export async function acceptBaselines(professionalId: number, accepted: { register: Register; baseline: Baseline }[]): Promise<void> {
  for (const { register, baseline } of accepted) {
    await db()
      .update(professionalRegistrations)
      .set({ baseline })
      .where(and(eq(professionalRegistrations.professionalId, professionalId), eq(professionalRegistrations.register, register)));
  }
}

export type AlertRow = typeof registerAlerts.$inferSelect;

/** The changes waiting for an admin, oldest first (the dashboard's list). */
export async function openAlerts(limit = 50) {
  return db()
    .select({ id: registerAlerts.id, professionalId: registerAlerts.professionalId, name: professionals.name, register: registerAlerts.register, changes: registerAlerts.changes, feedDate: registerAlerts.feedDate, createdAt: registerAlerts.createdAt })
    .from(registerAlerts)
    .innerJoin(professionals, eq(professionals.id, registerAlerts.professionalId))
    .where(isNull(registerAlerts.decision))
    .orderBy(registerAlerts.createdAt)
    .limit(limit);
}

/** A professional's alerts, newest first. */
export async function alertsOf(professionalId: number): Promise<AlertRow[]> {
  return db().select().from(registerAlerts).where(eq(registerAlerts.professionalId, professionalId)).orderBy(desc(registerAlerts.id));
}

/** The newest decided alert of each of these professionals: what their client's card says changed. */
export async function decidedAlertsOf(professionalIds: number[]): Promise<Map<number, AlertRow>> {
  const out = new Map<number, AlertRow>();
  if (!professionalIds.length) return out;
  const rows = await db()
    .select()
    .from(registerAlerts)
    .where(and(inArray(registerAlerts.professionalId, professionalIds), or(eq(registerAlerts.decision, "cleared"), eq(registerAlerts.decision, "ended"))))
    .orderBy(desc(registerAlerts.decidedAt));
  for (const row of rows) if (!out.has(row.professionalId)) out.set(row.professionalId, row);
  return out;
}

/** The open alerts in words, for the admin dashboard. */
export async function registerChangesToReview() {
  return (await openAlerts()).map((a) => ({
    id: a.id,
    professionalId: a.professionalId,
    name: a.name,
    what: changeSentence(a.register, REGISTER_INFO[a.register].registerName, a.feedDate, a.changes),
    raisedAt: a.createdAt.toISOString(),
  }));
}
