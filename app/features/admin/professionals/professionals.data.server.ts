import { and, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import { verificationExpiresAt, verificationState, type VerificationState } from "~/domain/vetting";
import { db, transaction } from "~/platform/db.server";
import { professionals, registrationAnswers, users } from "~/platform/schema";
import type { SessionUser } from "~/features/auth/session.server";
import { sameEmail } from "~/features/auth/users.data.server";
import { pageFrom, type Paged } from "~/features/admin/shell/paging";
import { readPage } from "~/features/admin/shell/paging.server";
import type { ImageChange } from "~/features/professionals/profile-photo.server";
import { localImage } from "~/platform/local-image";
import { PROFESSIONAL_MESSAGES, type AdminProfessionalInput } from "~/features/professionals/professional-schema";
import { matchingDataFrom } from "~/features/professionals/matching-data";

export type ProfessionalListRow = {
  id: number;
  name: string;
  title: string | null;
  email: string;
  company: string | null;
  verified: boolean;
  /** Where the verification stands today, and when it ends (null while unverified). */
  state: VerificationState;
  expiresAt: string | null;
  featured: boolean;
  profileImage: string | null;
  createdAt: string;
};

/**
 * The entries admins manage: an entry whose account was deleted keeps only an id and a placeholder for
 * the introductions it had, so it is neither listed nor edited (nobody could verify it back into matching).
 */
const present = isNull(professionals.deletedAt);
const presentWith = (id: number) => and(eq(professionals.id, id), present);

/** One page of the directory, newest first (the created_at index gives the order), only the shown columns. */
export async function listProfessionals(params: URLSearchParams, now: Date = new Date()): Promise<Paged<ProfessionalListRow> & { queue: boolean; revetting: number }> {
  const page = pageFrom(params);
  // The re-vetting queue: verifications in their last 30 days or already over (the calendar rule is the domain's).
  const dated = await db()
    .select({ id: professionals.id, verified: professionals.verified, verifiedAt: professionals.verifiedAt })
    .from(professionals)
    .where(and(present, eq(professionals.verified, true)));
  const due = dated.filter((r) => ["renewal-due", "expired"].includes(verificationState(r.verified, r.verifiedAt, now))).map((r) => r.id);
  const queue = params.get("queue") === "revetting";
  const where = queue ? and(present, inArray(professionals.id, due.length ? due : [-1])) : present;
  const { rows, ...paging } = await readPage(
    page,
    () => db().$count(professionals, where),
    (limit, offset) =>
      db()
        .select({
          id: professionals.id,
          name: professionals.name,
          title: professionals.title,
          email: professionals.email,
          company: professionals.company,
          verified: professionals.verified,
          verifiedAt: professionals.verifiedAt,
          featured: professionals.featured,
          profileImage: professionals.profileImage,
          createdAt: professionals.createdAt,
        })
        .from(professionals)
        .where(where)
        .orderBy(desc(professionals.createdAt), desc(professionals.id))
        .limit(limit)
        .offset(offset),
  );
  return {
    rows: rows.map(({ verifiedAt, ...r }) => ({
      ...r,
      state: verificationState(r.verified, verifiedAt, now),
      expiresAt: r.verified && verifiedAt ? verificationExpiresAt(verifiedAt).toISOString() : null,
      profileImage: localImage(r.profileImage),
      createdAt: r.createdAt.toISOString(),
    })),
    ...paging,
    queue,
    revetting: due.length,
  };
}

export type ProfessionalRow = typeof professionals.$inferSelect;

export async function professionalById(id: number): Promise<ProfessionalRow | undefined> {
  return (await db().select().from(professionals).where(presentWith(id)).limit(1))[0];
}

/** The entry a delete without JavaScript asks to confirm. */
export async function professionalToDelete(id: number) {
  const [row] = await db().select({ id: professionals.id, name: professionals.name, email: professionals.email }).from(professionals).where(presentWith(id)).limit(1);
  return row ?? null;
}

export async function setFeatured(id: number, featured: boolean) {
  const [row] = await db().update(professionals).set({ featured }).where(presentWith(id)).returning({ name: professionals.name, email: professionals.email });
  return row;
}

export async function deleteProfessional(id: number) {
  const [row] = await db().delete(professionals).where(presentWith(id)).returning({ name: professionals.name, email: professionals.email, profileImage: professionals.profileImage });
  return row;
}

export async function accountById(userId: string) {
  return (await db().select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1))[0];
}

export const accountByEmail = async (email: string) =>
  (await db().select({ id: users.id, email: users.email }).from(users).where(sameEmail(users.email, email)).limit(1))[0];

export async function answersOf(userId: string) {
  const [row] = await db()
    .select({ answers: registrationAnswers.answers, createdAt: registrationAnswers.createdAt, userType: registrationAnswers.userType })
    .from(registrationAnswers)
    .where(eq(registrationAnswers.userId, userId))
    .limit(1);
  return row;
}

/**
 * Decides a professional's pending matching edit (approving copies it into the columns matching
 * reads), only while it is still the submission the admin looked at; false when a newer one came since.
 */
export async function settlePendingMatching(row: ProfessionalRow, approve: boolean): Promise<boolean> {
  const decided = await db()
    .update(professionals)
    .set({ ...(approve && row.pendingMatching ? row.pendingMatching : {}), pendingMatching: null, pendingMatchingAt: null })
    .where(and(eq(professionals.id, row.id), eq(professionals.pendingMatchingAt, row.pendingMatchingAt ?? new Date(0))))
    .returning({ id: professionals.id });
  return decided.length === 1;
}

type SaveError = { field: "email" | "linkAccount" | "verified"; message: string };

/**
 * Writes an entry from the validated form, in one transaction: the e-mail is unique (any letter case),
 * the link goes to the account with the entry's e-mail only when the admin ticked it, and verifying
 * records who and when. Returns what changed for the audit record.
 */
export async function saveProfessional(
  admin: SessionUser,
  id: number | null,
  value: AdminProfessionalInput,
  image: ImageChange,
): Promise<{ ok: true; id: number; changes: string[]; oldImage: string | null } | { ok: false; error: SaveError }> {
  return transaction(
    async (tx) => {
      const before = id ? (await tx.select().from(professionals).where(presentWith(id)).limit(1))[0] : undefined;
      if (id && !before) return { ok: false as const, error: { field: "email" as const, message: "This professional no longer exists" } };
      const [clash] = await tx
        .select({ id: professionals.id })
        .from(professionals)
        .where(and(sameEmail(professionals.email, value.email), ne(professionals.id, id ?? -1)))
        .limit(1);
      if (clash) return { ok: false as const, error: { field: "email" as const, message: PROFESSIONAL_MESSAGES.emailTaken } };

      let userId: string | null = null;
      if (value.linkAccount) {
        const [account] = await tx.select({ id: users.id }).from(users).where(sameEmail(users.email, value.email)).limit(1);
        if (!account) return { ok: false as const, error: { field: "linkAccount" as const, message: PROFESSIONAL_MESSAGES.noAccount } };
        const [other] = await tx
          .select({ id: professionals.id })
          .from(professionals)
          .where(and(eq(professionals.userId, account.id), ne(professionals.id, id ?? -1)))
          .limit(1);
        if (other) return { ok: false as const, error: { field: "linkAccount" as const, message: PROFESSIONAL_MESSAGES.accountTaken } };
        userId = account.id;
      }

      // Verification is given only through the vetting checklist: the form keeps it as it is.
      const verified = before?.verified ?? false;
      const matching = matchingDataFrom(value);
      const disclosed = value.disciplinaryDisclosed ?? false;
      const fields = {
        name: value.name,
        title: value.title || null,
        company: value.company || null,
        email: value.email,
        phone: value.phone || null,
        location: value.location || null,
        bio: value.bio || null,
        ...matching,
        disciplinaryDisclosed: disclosed,
        // Clearing means nothing without a disclosure.
        disciplinaryCleared: disclosed && (value.disciplinaryCleared ?? false),
        disciplinaryNote: value.disciplinaryNote || null,
        feeMinimum: value.feeMinimum ?? null,
        feeSchedule: value.feeSchedule || null,
        specialties: value.specialties ?? [],
        featured: value.featured ?? false,
        verified,
        userId,
        ...(image.kind === "set" ? { profileImage: image.url } : image.kind === "remove" ? { profileImage: null } : {}),
      };
      const verification = verified ? {} : { verifiedAt: null, verifiedBy: null };

      if (!before) {
        const [created] = await tx.insert(professionals).values({ ...fields, ...verification }).returning({ id: professionals.id });
        if (!created) throw new Error("The new professional's id was not returned");
        return { ok: true as const, id: created.id, changes: ["created"], oldImage: null };
      }
      await tx.update(professionals).set({ ...fields, ...verification }).where(eq(professionals.id, before.id));
      const changes = (Object.keys(fields) as (keyof typeof fields)[])
        .filter((k) => JSON.stringify(fields[k] ?? null) !== JSON.stringify(before[k] ?? null))
        .map((k) => (k === "userId" ? (userId ? "linked to its account" : "unlinked from its account") : k));
      const replaced = image.kind !== "keep" && before.profileImage !== (image.kind === "set" ? image.url : null) ? before.profileImage : null;
      return { ok: true as const, id: before.id, changes, oldImage: replaced };
    },
  );
}

