import { and, eq, isNull } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { professionals } from "~/platform/schema";
import { sameEmail } from "~/features/auth/users.data.server";
import type { MatchingKey } from "~/domain/matching-engine";

/**
 * Links an entry nobody holds to this account when its address is the account's (any letter case).
 * Conditional: of two accounts racing for the entry (or an admin linking it meanwhile) only one wins;
 * false for the others.
 */
export async function linkEntry(entryId: number, user: { id: string; email: string }): Promise<boolean> {
  const linked = await db()
    .update(professionals)
    .set({ userId: user.id })
    .where(and(eq(professionals.id, entryId), isNull(professionals.userId), sameEmail(professionals.email, user.email)))
    .returning({ id: professionals.id });
  return linked.length === 1;
}

type OwnProfileUpdate = Partial<
  Pick<typeof professionals.$inferInsert, | "title"
    | "company"
    | "location"
    | "phone"
    | "bio"
    | "specialties"
    | "feeMinimum"
    | "feeSchedule"
    | "profileImage"
    | "pendingMatching"
    | "pendingMatchingAt"
    | "experienceRange"
    | MatchingKey>
>;

/** Writes the professional's own edit to their entry: only the columns a professional may change. */
export async function saveOwnProfile(entryId: number, update: OwnProfileUpdate): Promise<void> {
  await db().update(professionals).set(update).where(eq(professionals.id, entryId));
}
