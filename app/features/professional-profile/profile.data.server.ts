import { and, eq, inArray } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { introductions, professionals, shortlistDeclines } from "~/platform/schema";

/** The columns the profile page shows, and only those (never the e-mail or phone: those follow acceptance). */
export async function profileRow(id: number) {
  const [row] = await db()
    .select({
      id: professionals.id,
      name: professionals.name,
      title: professionals.title,
      company: professionals.company,
      bio: professionals.bio,
      location: professionals.location,
      profileImage: professionals.profileImage,
      experienceYears: professionals.experienceYears,
      experienceRange: professionals.experienceRange,
      services: professionals.services,
      specialties: professionals.specialties,
      certifications: professionals.certifications,
      languages: professionals.languages,
      countriesServed: professionals.countriesServed,
      clientProfiles: professionals.clientProfiles,
      feeModel: professionals.feeModel,
      feeMinimum: professionals.feeMinimum,
      feeSchedule: professionals.feeSchedule,
      impactInvesting: professionals.impactInvesting,
      disciplinaryDisclosed: professionals.disciplinaryDisclosed,
      disciplinaryCleared: professionals.disciplinaryCleared,
      disciplinaryNote: professionals.disciplinaryNote,
      verified: professionals.verified,
      verifiedAt: professionals.verifiedAt,
      registerExemption: professionals.registerExemption,
      featured: professionals.featured,
      userId: professionals.userId,
      deletedAt: professionals.deletedAt,
    })
    .from(professionals)
    .where(eq(professionals.id, id))
    .limit(1);
  return row ?? null;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof profileRow>>>;

/** The client's introduction to this professional, if any. */
export async function introductionOf(clientUserId: string, professionalId: number) {
  const [row] = await db()
    .select({ id: introductions.id, status: introductions.status })
    .from(introductions)
    .where(and(eq(introductions.clientUserId, clientUserId), eq(introductions.professionalId, professionalId)))
    .limit(1);
  return row ?? null;
}

/** The client's "Not for me" on the professionals of their shortlist, by professional. */
export async function declinesOf(clientUserId: string, professionalIds?: readonly number[]): Promise<Map<number, string | null>> {
  if (professionalIds && professionalIds.length === 0) return new Map();
  const rows = await db()
    .select({ professionalId: shortlistDeclines.professionalId, reason: shortlistDeclines.reason })
    .from(shortlistDeclines)
    .where(
      professionalIds
        ? and(eq(shortlistDeclines.clientUserId, clientUserId), inArray(shortlistDeclines.professionalId, [...professionalIds]))
        : eq(shortlistDeclines.clientUserId, clientUserId),
    );
  return new Map(rows.map((r) => [r.professionalId, r.reason]));
}

/** Records the decline. A second one replaces the reason, unless it brings none (`undefined`: the reason stays). */
export async function recordDecline(clientUserId: string, professionalId: number, reason: string | null | undefined): Promise<void> {
  const insert = db().insert(shortlistDeclines).values({ clientUserId, professionalId, reason: reason ?? null });
  const target = [shortlistDeclines.clientUserId, shortlistDeclines.professionalId];
  await (reason === undefined ? insert.onConflictDoNothing({ target }) : insert.onConflictDoUpdate({ target, set: { reason } }));
}

export async function removeDecline(clientUserId: string, professionalId: number): Promise<void> {
  await db()
    .delete(shortlistDeclines)
    .where(and(eq(shortlistDeclines.clientUserId, clientUserId), eq(shortlistDeclines.professionalId, professionalId)));
}
