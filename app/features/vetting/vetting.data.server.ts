import { and, asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { db, transaction } from "~/platform/db.server";
import { professionalRegistrations, professionals, registrationAnswers, users, verifications, vettingChecks } from "~/platform/schema";
import { REGISTERS, REGISTER_INFO, type Register } from "~/domain/registrations";
import { changeSentence } from "~/domain/register-records";
import { alertsOf } from "~/features/registers/records.data.server";
import { VETTING_ITEMS, missingVettingItems, meetsMinimumExperience, verificationExpiresAt, verificationState, type StoredVettingCheck, type VettingItem } from "~/domain/vetting";
import { oneOf } from "~/domain/vocabulary";

export type RegistrationRow = { register: Register; number: string; createdAt: Date };

const registerOrder = (r: Register) => REGISTERS.indexOf(r);

/** A professional's registrations in the registers' order (United States first, as the form lists them). */
export async function registrationsOf(professionalId: number): Promise<RegistrationRow[]> {
  const rows = await db()
    .select({ register: professionalRegistrations.register, number: professionalRegistrations.number, createdAt: professionalRegistrations.createdAt })
    .from(professionalRegistrations)
    .where(eq(professionalRegistrations.professionalId, professionalId));
  return rows.sort((a, b) => registerOrder(a.register) - registerOrder(b.register));
}

/** Records a registration; a second number for the same register replaces the first (one per register). */
export async function saveRegistration(professionalId: number, register: Register, number: string): Promise<void> {
  await db()
    .insert(professionalRegistrations)
    .values({ professionalId, register, number })
    .onConflictDoUpdate({
      target: [professionalRegistrations.professionalId, professionalRegistrations.register],
      set: { number, createdAt: new Date() },
    });
}

/** True when there was one to remove. */
export async function removeRegistration(professionalId: number, register: Register): Promise<boolean> {
  const gone = await db()
    .delete(professionalRegistrations)
    .where(and(eq(professionalRegistrations.professionalId, professionalId), eq(professionalRegistrations.register, register)))
    .returning({ id: professionalRegistrations.id });
  return gone.length > 0;
}

/* ------------------------------------------------------------------ the admins' checklist */

/** The entry the checklist is about (never a deleted account's placeholder). */
export async function vettingSubject(id: number) {
  const [row] = await db()
    .select()
    .from(professionals)
    .where(and(eq(professionals.id, id), isNull(professionals.deletedAt)))
    .limit(1);
  return row;
}

export type CheckRow = { item: VettingItem; checkedAt: Date; checkedBy: string | null; checkedByEmail: string | null; checkedOn: string | null; note: string | null };

export async function checksOf(professionalId: number): Promise<CheckRow[]> {
  const rows = await db()
    .select({
      item: vettingChecks.item,
      checkedAt: vettingChecks.checkedAt,
      checkedBy: vettingChecks.checkedBy,
      checkedByEmail: users.email,
      checkedOn: vettingChecks.checkedOn,
      note: vettingChecks.note,
    })
    .from(vettingChecks)
    .leftJoin(users, eq(users.id, vettingChecks.checkedBy))
    .where(eq(vettingChecks.professionalId, professionalId));
  return rows.sort((a, b) => VETTING_ITEMS.indexOf(a.item) - VETTING_ITEMS.indexOf(b.item));
}

/** Which items are ticked, and nothing else (no admin, date or note): what the professional's checklist shows. */
export async function checkedItemsOf(professionalId: number): Promise<VettingItem[]> {
  const rows = await db().select({ item: vettingChecks.item }).from(vettingChecks).where(eq(vettingChecks.professionalId, professionalId));
  return VETTING_ITEMS.filter((item) => rows.some((r) => r.item === item));
}

/** Ticks one item (a second tick replaces the first: who and when are the latest). */
export async function tickItem(professionalId: number, adminId: string, item: VettingItem, now: Date, extra: { checkedOn: string | null; note: string | null }) {
  await db()
    .insert(vettingChecks)
    .values({ professionalId, item, checkedAt: now, checkedBy: adminId, ...extra })
    .onConflictDoUpdate({ target: [vettingChecks.professionalId, vettingChecks.item], set: { checkedAt: now, checkedBy: adminId, ...extra } });
}

/** True when the item was ticked. */
export async function untickItem(professionalId: number, item: VettingItem): Promise<boolean> {
  const gone = await db()
    .delete(vettingChecks)
    .where(and(eq(vettingChecks.professionalId, professionalId), eq(vettingChecks.item, item)))
    .returning({ item: vettingChecks.item });
  return gone.length > 0;
}

export type VerifyOutcome = { ok: true; name: string; email: string } | { ok: false; missing: VettingItem[]; reason?: string };

/**
 * Verifies from the checklist in one transaction: every item ticked (read inside the transaction, so a
 * tick removed meanwhile is seen), the stated experience still at the published minimum, and the
 * matching data complete (`incomplete` names what is missing). The ticks become the verification's
 * record and the checklist starts empty for the next renewal.
 */
export async function verifyFromChecklist(
  professionalId: number,
  adminId: string,
  now: Date,
  incomplete: (row: typeof professionals.$inferSelect) => string | null,
  /** The register item as the import filled it (every registration confirmed by its register's record), if so. */
  automaticRegister: StoredVettingCheck | null = null,
): Promise<VerifyOutcome> {
  return transaction(async (tx): Promise<VerifyOutcome> => {
    const [row] = await tx.select().from(professionals).where(and(eq(professionals.id, professionalId), isNull(professionals.deletedAt))).limit(1);
    if (!row) return { ok: false, missing: [], reason: "This professional no longer exists." };
    if (row.pausedAt) return { ok: false, missing: [], reason: "A change in a regulator's record waits for your decision: keep them verified or end it first." };
    const ticked = await tx.select().from(vettingChecks).where(eq(vettingChecks.professionalId, professionalId));
    const automatic = automaticRegister && !ticked.some((c) => c.item === "register")
      ? [{ ...automaticRegister, professionalId, checkedAt: new Date(automaticRegister.checkedAt) }]
      : [];
    const checks = [...ticked, ...automatic];
    const missing = missingVettingItems(checks);
    if (missing.length) return { ok: false, missing };
    if (!meetsMinimumExperience(row.experienceYears, row.experienceRange)) {
      return { ok: false, missing: ["experience"], reason: "The stated experience is below the published minimum." };
    }
    const reason = incomplete(row);
    if (reason) return { ok: false, missing: [], reason };
    const stored: StoredVettingCheck[] = checks
      .sort((a, b) => VETTING_ITEMS.indexOf(a.item) - VETTING_ITEMS.indexOf(b.item))
      .map((c) => ({ item: c.item, checkedAt: c.checkedAt.toISOString(), checkedBy: c.checkedBy, checkedOn: c.checkedOn, note: c.note }));
    await tx.insert(verifications).values({ professionalId, verifiedAt: now, verifiedBy: adminId, checks: stored });
    await tx.update(professionals).set({ verified: true, verifiedAt: now, verifiedBy: adminId }).where(eq(professionals.id, professionalId));
    await tx.delete(vettingChecks).where(eq(vettingChecks.professionalId, professionalId));
    return { ok: true, name: row.name, email: row.email };
  });
}

export async function unverify(professionalId: number) {
  const [row] = await db()
    .update(professionals)
    .set({ verified: false, verifiedAt: null, verifiedBy: null })
    .where(and(eq(professionals.id, professionalId), isNull(professionals.deletedAt), eq(professionals.verified, true)))
    .returning({ name: professionals.name, email: professionals.email });
  return row;
}

export type VerificationRecord = { verifiedAt: Date; verifiedByEmail: string | null; checks: StoredVettingCheck[] };

/** The verification behind the entry's current verified state, or null (unverified, or verified before checklists). */
export async function currentVerification(row: { id: number; verified: boolean; verifiedAt: Date | null }): Promise<VerificationRecord | null> {
  if (!row.verified || !row.verifiedAt) return null;
  const [v] = await db()
    .select({ verifiedAt: verifications.verifiedAt, verifiedByEmail: users.email, checks: verifications.checks })
    .from(verifications)
    .leftJoin(users, eq(users.id, verifications.verifiedBy))
    .where(and(eq(verifications.professionalId, row.id), eq(verifications.verifiedAt, row.verifiedAt)))
    .orderBy(desc(verifications.id))
    .limit(1);
  if (!v) return null;
  return { ...v, checks: Array.isArray(v.checks) ? v.checks.filter((c: StoredVettingCheck) => oneOf(VETTING_ITEMS, c.item)) : [] };
}

/** The wizard's own disclosure, from the answers of the account linked to the entry (null: none on file). */
export async function wizardDisclosure(userId: string | null): Promise<{ disclosed: boolean; details: string | null } | null> {
  if (!userId) return null;
  const [row] = await db().select({ answers: registrationAnswers.answers }).from(registrationAnswers).where(eq(registrationAnswers.userId, userId)).limit(1);
  if (!row) return null;
  const { disciplinaryAction, disciplinaryDetails } = row.answers;
  return { disclosed: disciplinaryAction === true, details: typeof disciplinaryDetails === "string" && disciplinaryDetails.trim() ? disciplinaryDetails : null };
}

/** The verified entries and when they were verified: the re-vetting queue and the renewal notices read these. */
export async function verifiedEntries() {
  return db()
    .select({ id: professionals.id, verifiedAt: professionals.verifiedAt })
    .from(professionals)
    .where(and(eq(professionals.verified, true), isNotNull(professionals.verifiedAt), isNull(professionals.deletedAt)))
    .orderBy(asc(professionals.verifiedAt));
}


/** What the professional's home says about their vetting (app/features/vetting/verification-notice.tsx). */
export async function verificationNoticeOf(row: { id: number; verified: boolean; verifiedAt: Date | null }, now: Date = new Date()) {
  const [registrations, alerts] = await Promise.all([registrationsOf(row.id), alertsOf(row.id)]);
  return {
    state: verificationState(row.verified, row.verifiedAt, now),
    expiresAt: row.verified && row.verifiedAt ? verificationExpiresAt(row.verifiedAt).toISOString() : null,
    registrations: registrations.length,
    /** Changes in their registers' records that wait for our team: they are paused from new shortlists meanwhile. */
    underReview: alerts
      .filter((a) => a.decision === null)
      .map((a) => changeSentence(a.register, REGISTER_INFO[a.register].registerName, a.feedDate, a.changes)),
  };
}
